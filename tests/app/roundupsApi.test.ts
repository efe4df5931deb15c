// @vitest-environment happy-dom
/**
 * The bank-account and round-up calls of src/api/bankAccounts.ts and src/api/roundups.ts against
 * a stubbed fetch: paths, methods, bodies, the bearer token, the Idempotency-Key of a Confirm
 * (the same on a retry), and answers validated (a wrong shape is a failure, not data).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeBankLink, getAccounts, revokeBankLink, startBankLink, updateAccount } from '../../src/api/bankAccounts.ts';
import { type ApiClient, createSessionClient, toApiFailure } from '../../src/api/client.ts';
import { applyRoundups, clearRoundups, getGraph, getRoundupSettings, updateRoundupSettings } from '../../src/api/roundups.ts';
import { json, seen, serve } from '../support/stubFetch.ts';

const CONSENT = { id: '5f0c7e2a-1111-4222-8333-444455556666', status: 'active', expires_at: '2026-07-14T10:00:00.000Z' };
const ACCOUNT = {
  id: '7b1c1f3e-0000-4000-8000-000000000001',
  display_name: 'Sandbox Bank',
  name: 'Current account',
  currency: 'EUR',
  account_number: { iban: 'IE64 •••• 1234' },
  roundups: true,
  funding: true,
  balance: 0.66,
  roundups_from: '2026-01-08',
  consent: CONSENT,
  last_synced_at: '2026-01-15T09:00:00.000Z',
  next_sync_at: '2026-01-15T15:00:00.000Z',
  transactions: [
    { id: 't1', timestamp: '2026-01-14T12:00:00.000Z', booking_date: '2026-01-15', amount: -12.34, currency: 'EUR', status: 'booked', description: 'TESCO', roundup: 66, roundupApplied: null, roundup_reason: null },
  ],
};
const USER = { email: 'ann@example.ie', date_of_birth: '1985-02-01', marital_status: 'single', annual_income: 62_000, paid_pension: 0, pension: 0.66, pension_plan_id: 'IL-12345678', taxback: 26, form11: [] };
const SETTINGS = { weekly_cap: 10, balance_floor: null, paused_until: null, collected_this_week: 0.66 };

let http: ApiClient;

describe('bank-account and round-up calls', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/linked-bank-accounts');
    http = createSessionClient({ getAccessToken: () => 'token', currentPath: () => location.pathname, onUnauthorized: async () => null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('GET /accounts, PATCH /accounts/{id}: the accounts as answered', async () => {
    serve((request) => json(200, request.method === 'GET' ? [ACCOUNT] : { ...ACCOUNT, roundups: false }));
    expect(await getAccounts(http)).toEqual([ACCOUNT]);
    expect(await updateAccount(http, ACCOUNT.id, { roundups: false })).toMatchObject({ roundups: false });
    expect(seen.map((s) => [s.method, s.path, s.authorization, s.body])).toEqual([
      ['GET', '/api/maxout/accounts', 'Bearer token', undefined],
      ['PATCH', `/api/maxout/accounts/${ACCOUNT.id}`, 'Bearer token', { roundups: false }],
    ]);
  });

  it('linking: start (and renew), complete with the bank’s query, revoke', async () => {
    serve((request) => {
      if (request.path.endsWith('/accounts/link')) return json(201, { consent_id: CONSENT.id, url: '/api/maxout/sandbox-bank/consents/abc' });
      if (request.path.endsWith('/complete')) return json(200, { consent: CONSENT, accounts: [ACCOUNT] });
      return json(200, { consent: { ...CONSENT, status: 'revoked' } });
    });
    expect(await startBankLink(http)).toEqual({ consent_id: CONSENT.id, url: '/api/maxout/sandbox-bank/consents/abc' });
    await startBankLink(http, CONSENT.id);
    expect(await completeBankLink(http, CONSENT.id, '?consent=x&ref=abc&code=c')).toEqual({ consent: CONSENT, accounts: [ACCOUNT] });
    expect(await revokeBankLink(http, CONSENT.id)).toMatchObject({ status: 'revoked' });
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/api/maxout/accounts/link', {}],
      ['POST', '/api/maxout/accounts/link', { renew: CONSENT.id }],
      ['POST', '/api/maxout/accounts/link/complete', { consent_id: CONSENT.id, callback: '?consent=x&ref=abc&code=c' }],
      ['POST', `/api/maxout/accounts/consents/${CONSENT.id}/revoke`, {}],
    ]);
  });

  it('POST /roundups/apply carries the Idempotency-Key, the same on a retry; a refusal is a failure with its status and message', async () => {
    const answer = { applied: { count: 1, amount: 0.66 }, contribution: { id: 'c1', amount: 0.66, tax_year: 2026, kind: 'round_up', source: 'Round-ups', status: 'succeeded', created_at: '2026-01-15T10:00:00.000Z' }, user: USER, relief: 0.26 };
    serve(() => json(201, answer));
    expect(await applyRoundups(http, 'confirm-key-1')).toMatchObject({ applied: { count: 1, amount: 0.66 }, relief: 0.26 });
    await applyRoundups(http, 'confirm-key-1');
    expect(seen.map((s) => [s.method, s.path, s.key, s.body])).toEqual([
      ['POST', '/api/maxout/roundups/apply', 'confirm-key-1', {}],
      ['POST', '/api/maxout/roundups/apply', 'confirm-key-1', {}],
    ]);
    serve(() => json(409, { message: 'To make contributions to your pension, you need to set up your Irish Life Pension Plan ID first.', code: 'pension_plan_required' }));
    const failure = await applyRoundups(http, 'confirm-key-2').then(
      () => null,
      (error: unknown) => toApiFailure(error),
    );
    expect(failure).toMatchObject({ status: 409, source: 'server', message: expect.stringContaining('Pension Plan ID') });
  });

  it('clear, the graph and the settings', async () => {
    serve((request) => {
      if (request.path.endsWith('/clear')) return json(200, { declined: { count: 2, amount: 1.1 } });
      if (request.path.endsWith('/graph')) return json(200, { labels: ['2026-01'], datasets: [{ label: 'Round-ups', data: [0.66] }] });
      return json(200, SETTINGS);
    });
    expect(await clearRoundups(http)).toEqual({ declined: { count: 2, amount: 1.1 } });
    expect(await getGraph(http)).toEqual({ labels: ['2026-01'], datasets: [{ label: 'Round-ups', data: [0.66] }] });
    expect(await getRoundupSettings(http)).toEqual(SETTINGS);
    expect(await updateRoundupSettings(http, { weekly_cap: 10 })).toEqual(SETTINGS);
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/api/maxout/roundups/clear', {}],
      ['GET', '/api/maxout/graph', undefined],
      ['GET', '/api/maxout/roundups/settings', undefined],
      ['PATCH', '/api/maxout/roundups/settings', { weekly_cap: 10 }],
    ]);
  });

  it('an answer of the wrong shape is a failure, not data', async () => {
    serve(() => json(200, [{ ...ACCOUNT, roundups: 'yes' }]));
    const failure = await getAccounts(http).then(
      () => null,
      (error: unknown) => toApiFailure(error),
    );
    expect(failure).toEqual({ status: null, message: 'Unexpected response from the server', source: 'network' });
  });
});
