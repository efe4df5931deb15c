/**
 * GET /metrics: Prometheus text from prom-client, never public by default — on the main port
 * only for the bearer of METRICS_TOKEN (or on a port of its own, see main.ts). Requests by route
 * and status, latency, the database pool, payments by state, housekeeping runs and the mail queue.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { mailOutbox } from '../../src/server/db/schema.ts';
import { send, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe(`metrics (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('are not served without a token configured', async () => {
    expect((await t.app.request('/metrics')).status).toBe(404);
  });

  it('need the bearer token, and count requests by route pattern and status', async () => {
    const app = createApp({ services: t.services, metricsToken: TOKEN });
    expect((await app.request('/metrics')).status).toBe(401);
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } })).status).toBe(401);

    expect((await send(app, 'GET', '/health')).status).toBe(200);
    expect((await send(app, 'POST', '/security/devices/3f1c2b9e-0000-4000-8000-000000000000/sign-out')).status).toBe(401);
    await t.database.db.insert(mailOutbox).values({ recipient: 'a@example.ie', subject: 's', body: 'b' });
    await t.services.housekeeping();

    const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('maxout_http_requests_total{method="GET",route="/api/maxout/health",status="200"} 1');
    // The pattern, not the path: one series whatever id is asked for.
    expect(text).toContain('maxout_http_requests_total{method="POST",route="/api/maxout/security/devices/:id/sign-out",status="401"} 1');
    expect(text).toMatch(/maxout_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/maxout\/health"\} \d/);
    expect(text).toMatch(/maxout_db_pool_connections\{state="total"\} \d/);
    expect(text).toContain('maxout_payments{status="succeeded"} 0');
    expect(text).toContain('maxout_mail_outbox{state="pending"} 1');
    expect(text).toContain('maxout_housekeeping_runs_total{job="payment-recovery",outcome="ok"} 1');
    // This scrape itself.
    expect(text).toContain('maxout_http_requests_in_flight 1');
  });
});
