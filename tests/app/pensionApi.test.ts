// @vitest-environment happy-dom
/**
 * The pension calls of src/api/pension.ts against a stubbed fetch: paths, bodies, the bearer
 * token, the Idempotency-Key header of a contribution (the same key on a retry), and answers
 * validated (a wrong shape is a failure, not data).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createSessionClient, toApiFailure } from '../../src/api/client.ts';
import { cancelDirectDebit, contribute, getContributions, getDirectDebit, pauseDirectDebit, resumeDirectDebit, saveDirectDebit, savePensionInfo } from '../../src/api/pension.ts';
import { json, seen, serve } from '../support/stubFetch.ts';

const USER = { email: 'ann@example.ie', date_of_birth: '1985-02-01', marital_status: 'single', annual_income: 62_000, paid_pension: 1500, pension: 3500, taxback: 140_000, form11: [] };
const CONTRIBUTION = { id: 'c1', amount: 2000, tax_year: 2026, kind: 'one_off', source: 'Sandbox debit card', status: 'succeeded', created_at: '2026-11-25T10:00:00.000Z' };
const MANDATE = { id: 'm1', reference: 'MXO-1', iban_masked: 'IE29 •••• 5678', amount: 200, day_of_month: 15, start_date: '2026-12-02', next_collection: '2026-12-15', accepted_at: '2026-11-25T10:00:00.000Z', paused_until: null, last_collection: null };
const PAUSED = { ...MANDATE, next_collection: '2027-01-15', paused_until: '2026-12-31' };

let http: ApiClient;

describe('pension calls', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/contribute');
    http = createSessionClient({ getAccessToken: () => 'token', currentPath: () => location.pathname, onUnauthorized: async () => null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('POST /pension-info with the body, answering the user', async () => {
    serve(() => json(200, USER));
    const body = { annual_income: 62_000, paid_pension: 1500, marital_status: 'single', pension_plan_id: 'IL-12345678' } as const;
    const user = await savePensionInfo(http, body);
    expect(user.pension).toBe(3500);
    expect(seen).toEqual([{ method: 'POST', path: '/api/maxout/pension-info', authorization: 'Bearer token', key: null, body }]);
  });

  it('POST /contribute carries the Idempotency-Key; a retry sends the same key', async () => {
    serve(() => json(201, { contribution: CONTRIBUTION, user: USER, relief: 800 }));
    const body = { amount: 2000, tax_year: 2026, source: 'sandbox-debit-card' };
    const first = await contribute(http, body, 'key-123456');
    await contribute(http, body, 'key-123456');
    expect(first).toMatchObject({ contribution: CONTRIBUTION, relief: 800 });
    expect(seen.map((s) => [s.method, s.path, s.key, s.body])).toEqual([
      ['POST', '/api/maxout/contribute', 'key-123456', body],
      ['POST', '/api/maxout/contribute', 'key-123456', body],
    ]);
  });

  it('a declined payment is a failure with its status and message', async () => {
    serve(() => json(402, { message: 'Your payment was declined.' }));
    const failure = await contribute(http, { amount: 50.13, tax_year: 2026, source: 'sandbox-debit-card' }, 'key-declined').then(
      () => null,
      (error: unknown) => toApiFailure(error),
    );
    expect(failure).toMatchObject({ status: 402, message: 'Your payment was declined.', source: 'server' });
  });

  it('GET /contributions and the direct debit calls', async () => {
    serve((request) => {
      if (request.path.endsWith('/contributions')) return json(200, { tax_year: 2026, assignable_years: [2026], contributed: { 2026: 0 }, sources: [], contributions: [CONTRIBUTION] });
      if (request.path.endsWith('/direct-debit/cancel')) return json(200, { mandate: null });
      if (request.path.endsWith('/direct-debit/pause')) return json(200, { mandate: PAUSED });
      return json(200, { mandate: MANDATE });
    });
    expect((await getContributions(http)).contributions).toEqual([CONTRIBUTION]);
    expect((await getDirectDebit(http)).mandate).toEqual(MANDATE);
    const request = { iban: 'IE29AIBK93115212345678', amount: 200, day_of_month: 15, start_date: '2026-12-02', mandate_accepted: true as const };
    expect((await saveDirectDebit(http, request)).mandate).toEqual(MANDATE);
    expect((await pauseDirectDebit(http)).mandate).toEqual(PAUSED);
    expect((await pauseDirectDebit(http, { until: '2026-12-20' })).mandate).toEqual(PAUSED);
    expect((await resumeDirectDebit(http)).mandate).toEqual(MANDATE);
    expect((await cancelDirectDebit(http)).mandate).toBeNull();
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /api/maxout/contributions',
      'GET /api/maxout/direct-debit',
      'POST /api/maxout/direct-debit',
      'POST /api/maxout/direct-debit/pause',
      'POST /api/maxout/direct-debit/pause',
      'POST /api/maxout/direct-debit/resume',
      'POST /api/maxout/direct-debit/cancel',
    ]);
    expect(seen[2]!.body).toEqual(request);
    // Without a date the server pauses to 31 December.
    expect(seen[3]!.body).toEqual({});
    expect(seen[4]!.body).toEqual({ until: '2026-12-20' });
  });

  it('an answer of the wrong shape is refused', async () => {
    serve(() => json(200, { mandate: { id: 1 } }));
    await expect(getDirectDebit(http)).rejects.toThrow();
  });
});
