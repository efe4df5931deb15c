/**
 * MaxOut as deployed: a real PostgreSQL, two server instances (CLUSTER=true) and nginx in front
 * with deploy/compose.yaml's configuration (scripts/cluster.ts), all on loopback, started once
 * for every check below. Users are driven through nginx only, except where a check must reach
 * one instance (the payment crash, the metrics).
 *
 * Housekeeping runs every second here (HOUSEKEEPING_INTERVAL_SECONDS=1) with a 2-second payment
 * lease, so its jobs run often enough on both instances to show they never overlap.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type Instance, startCluster } from '../../scripts/cluster.ts';
import { freePort } from '../../scripts/benchSupport.ts';
import { HOUSEKEEPING_JOBS } from '../../src/server/services/index.ts';

const API = '/api/maxout';
const PASSWORD = 'cluster passphrase 2026';

let cluster: Cluster;
/** Every instance process started, restarted ones included: their logs are evidence too. */
const everyInstance: Instance[] = [];
const remember = () => {
  for (const instance of cluster.instances) if (!everyInstance.includes(instance)) everyInstance.push(instance);
};

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields freely
  body: any;
  headers: Headers;
}

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${base}${API}${path}`, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text, headers: response.headers };
}
const viaProxy = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(cluster.url, method, path, body, headers);

/** How many `request` log lines for `path` each instance printed (which instance answered what). */
function answeredBy(path: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const instance of everyInstance) {
    const n = instance.logLines().filter((line) => line.msg === 'request' && line.path === `${API}${path}`).length;
    counts[instance.name] = (counts[instance.name] ?? 0) + n;
  }
  return counts;
}

/** Registers through nginx, sets the password with the mailed link (whichever instance printed it), signs in. */
async function signUp(email: string): Promise<string> {
  expect((await viaProxy('POST', '/auth/register', { email, details: { dob: '1988-03-04', maritalStatus: 'single' } })).status).toBe(201);
  let token: string | undefined;
  for (let tries = 0; tries < 100 && !token; tries++) {
    for (const instance of cluster.instances) {
      const mail = instance.logLines().find((line) => line.msg === 'mail' && line.to === email);
      token ??= /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(String(mail?.body ?? ''))?.[1];
    }
    if (!token) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(token).toBeDefined();
  expect((await viaProxy('POST', '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
  const login = await viaProxy('POST', '/auth/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.body.access_token as string;
}

describe('two instances behind nginx on one PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startCluster({ housekeepingSeconds: 1, paymentLeaseSeconds: 2, logLevel: 'debug' });
    remember();
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("spreads a user's requests over both instances, and the session holds on each", async () => {
    const token = await signUp('spread@example.ie');
    const before = answeredBy('/profile');
    const answers = await Promise.all(Array.from({ length: 12 }, () => viaProxy('GET', '/profile', undefined, { authorization: `Bearer ${token}` })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((answer) => answer.body.email))).toEqual(new Set(['spread@example.ie']));
    const after = answeredBy('/profile');
    for (const name of ['app1', 'app2']) expect((after[name] ?? 0) - (before[name] ?? 0), name).toBeGreaterThan(0);
  });

  it('counts failed logins on both instances toward one limit', async () => {
    await signUp('limited@example.ie');
    // At once: after five failures each further one is answered only after a delay, which they then share.
    const failures = await Promise.all(Array.from({ length: 10 }, (_, i) => viaProxy('POST', '/auth/login', { email: 'limited@example.ie', password: `wrong guess ${i}` })));
    expect(failures.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    const failedOn = everyInstance.map((instance) => instance.logLines().filter((line) => line.msg === 'auth.login.failed').length);
    expect(failedOn.every((n) => n > 0)).toBe(true);
    // Each instance saw about half of them, yet the right password is now refused on both.
    const refused = await Promise.all([0, 1].map(() => viaProxy('POST', '/auth/login', { email: 'limited@example.ie', password: PASSWORD })));
    expect(refused.map((answer) => answer.status)).toEqual([429, 429]);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps /metrics off the proxy; each instance serves it to the token', async () => {
    expect((await fetch(`${cluster.url}/metrics`)).status).toBe(404);
    const instance = cluster.instances[0]!;
    expect((await fetch(`${instance.url}/metrics`)).status).toBe(401);
    const text = await (await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${cluster.metricsToken}` } })).text();
    expect(text).toMatch(/maxout_housekeeping_runs_total\{job="sessions",outcome="(ok|skipped)"\} \d+/);
    expect(text).toMatch(/maxout_process_cpu_seconds_total \d/);
  });

  it('recovers a payment whose instance was killed mid-payment, on the other instance', async () => {
    const token = await signUp('crash@example.ie');
    const auth = { authorization: `Bearer ${token}` };
    const order = { amount: 42, tax_year: new Date().getUTCFullYear(), source: 'sandbox-debit-card' };
    // app1 again, now dying (SIGKILL) after the provider collected and before the answer is recorded.
    await cluster.restart(0, { env: { FAULT_INJECTION: 'kill-after-collect' } });
    remember();
    const doomed = cluster.instances[0]!;
    await expect(call(doomed.url, 'POST', '/contribute', order, { ...auth, 'idempotency-key': 'cluster-crash-0001' })).rejects.toThrow();
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // app2's housekeeping finds the attempt past its lease and asks the provider; nginx sends everything to app2 meanwhile.
    let listed: { status: string; amount: number }[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
      const answer = await viaProxy('GET', '/contributions', undefined, auth);
      expect(answer.status).toBe(200);
      listed = answer.body.contributions;
      if (listed.some((contribution) => contribution.status !== 'pending')) break;
    }
    expect(listed).toEqual([expect.objectContaining({ status: 'succeeded', amount: 42 })]);
    expect(cluster.instances[1]!.logLines().some((line) => line.msg === 'housekeeping.payments_recovered')).toBe(true);

    await cluster.restart(0);
    remember();
    const retry = await viaProxy('POST', '/contribute', order, { ...auth, 'idempotency-key': 'cluster-crash-0001' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('loses no request while both instances restart one after the other under load', async () => {
    const token = await signUp('rolling@example.ie');
    const auth = { authorization: `Bearer ${token}` };
    const statuses = new Map<string, number>();
    let done = false;
    const client = async (n: number) => {
      while (!done) {
        const answer =
          n % 2 === 0
            ? await viaProxy('GET', '/profile', undefined, auth).catch((error: unknown) => ({ status: `error ${String(error)}` }))
            : await viaProxy('POST', '/edit-profile', { first_name: 'Rolling' }, auth).catch((error: unknown) => ({ status: `error ${String(error)}` }));
        statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exits = [];
    for (const index of [0, 1]) {
      const old = cluster.instances[index]!;
      exits.push(await cluster.restart(index));
      remember();
      expect(old.logLines().some((line) => line.msg === 'stopped')).toBe(true);
      // nginx takes a failed instance out for 5 s (fail_timeout): the next restart waits for it to be back in.
      if (index === 0) await new Promise((resolve) => setTimeout(resolve, 6_000));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    done = true;
    await load;
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    expect(Object.fromEntries(statuses), cluster.nginxErrors()).toEqual({ 200: expect.any(Number) });
    expect(statuses.get('200')).toBeGreaterThan(50);
  });

  it('never ran a housekeeping job on two instances at once', () => {
    const runs = everyInstance.flatMap((instance) =>
      instance
        .logLines()
        .filter((line) => line.msg === 'housekeeping.job' && line.outcome === 'ok')
        .map((line) => ({ instance: instance.name, job: String(line.job), from: Date.parse(String(line.heldFrom)), to: Date.parse(String(line.heldUntil)) })),
    );
    for (const job of HOUSEKEEPING_JOBS) {
      const ofJob = runs.filter((run) => run.job === job).sort((a, b) => a.from - b.from);
      expect(ofJob.length, job).toBeGreaterThan(2);
      for (let i = 1; i < ofJob.length; i++) expect(ofJob[i]!.from, `${job} ran on ${ofJob[i - 1]!.instance} and ${ofJob[i]!.instance} at once`).toBeGreaterThanOrEqual(ofJob[i - 1]!.to);
    }
    // Both instances did the work (no fixed leader), and each sometimes found a job taken.
    expect(new Set(runs.map((run) => run.instance))).toEqual(new Set(['app1', 'app2']));
  });

  it('refuses to start a third instance with another JWT_SECRET, in one line naming it', async () => {
    const stranger = await cluster.spawnInstance('app3', await freePort(), { env: { JWT_SECRET: randomBytes(32).toString('hex') } });
    expect(await stranger.exited).toEqual({ code: 1, signal: null });
    expect(stranger.errors().trim().split('\n')).toEqual([expect.stringMatching(/^JWT_SECRET differs from the one instance app[12] uses on this database/)]);
  });
});
