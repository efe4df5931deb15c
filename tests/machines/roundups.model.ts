import { type EventObject } from 'xstate';
import { roundupsMachine } from '../../machines/roundups/roundups.machine.ts';
import type { ApplyResult, ClearResult, LoadDataResult, SaveSettingsResult, UpdateAccountResult } from '../../machines/roundups/roundups.types.ts';
import { ROUNDUP_SNOOZE_MS } from '../../src/domain/constants.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import type { Account, Graph, RoundupSettings } from '../../src/domain/schemas/roundups.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { capUsedUp } from '../../src/domain/roundups.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const T0 = Date.UTC(2026, 0, 15, 10, 0, 0);
/** Closed 23½ hours before the start: the prompt wakes half an hour in (before the hourly refresh). */
export const CLOSED = T0 - ROUNDUP_SNOOZE_MS + 30 * 60_000;
export const WITH_PLAN = { email: 'ann@example.ie', date_of_birth: '1985-04-02', marital_status: 'single', annual_income: 60_000, paid_pension: 0, pension: 0, pension_plan_id: 'IL-12345678', taxback: 0, form11: [] } as unknown as User;
export const WITHOUT_PLAN = { ...WITH_PLAN, pension_plan_id: null } as User;
export const ACCOUNT: Account = {
  id: '7b1c1f3e-0000-4000-8000-000000000001',
  display_name: 'Sandbox Bank',
  name: 'Current account',
  currency: 'EUR',
  account_number: { iban: 'IE64 •••• 1234' },
  roundups: true,
  funding: true,
  balance: 25.5,
  roundups_from: '2026-01-08',
  consent: { id: '7b1c1f3e-0000-4000-8000-0000000000c1', status: 'active', expires_at: '2026-07-14T10:00:00.000Z' },
  last_synced_at: '2026-01-15T09:00:00.000Z',
  next_sync_at: '2026-01-15T15:00:00.000Z',
  transactions: [
    { id: 't1', timestamp: '2026-01-14T12:00:00.000Z', booking_date: '2026-01-15', amount: -4.5, currency: 'EUR', status: 'booked', description: 'TESCO', roundup: 2550, roundupApplied: null, roundup_reason: null },
  ],
};
export const GRAPH: Graph = { labels: ['2026-01'], datasets: [{ label: 'Round-ups', data: [12.5] }] };
export const SETTINGS: RoundupSettings = { weekly_cap: null, balance_floor: null, paused_until: null, collected_this_week: 0 };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };
export const SERVER_ERROR: ApiFailure = { status: 503, message: null, source: 'server' };
export const DECLINED: ApiFailure = { status: 402, message: m.ROUNDUPS_DECLINED, source: 'server' };
export const PLAN_MISSING: ApiFailure = { status: 409, message: m.PENSION_PLAN_REQUIRED_TEXT, source: 'server' };
export const PAID_USER = { ...WITH_PLAN, pension: 25.5 } as User;

export const LOADED: LoadDataResult = { accounts: { ok: true, data: [ACCOUNT] }, graph: { ok: true, data: GRAPH }, settings: { ok: true, data: SETTINGS }, now: T0 + 5_000 };
/** This week's €20 cap spent: the €25.50 round-up waits, and a Confirm would pay nothing. */
export const CAP_USED_UP: RoundupSettings = { ...SETTINGS, weekly_cap: 20, collected_this_week: 20 };
export const LOADED_CAP_USED_UP: LoadDataResult = { ...LOADED, settings: { ok: true, data: CAP_USED_UP } };
export const PART_FAILED: LoadDataResult = { accounts: { ok: false, error: SERVER_ERROR }, graph: { ok: true, data: GRAPH }, settings: { ok: false, error: OUTAGE }, now: T0 + 5_000 };
export const APPLIED: Extract<ApplyResult, { ok: true }> = {
  ok: true,
  answer: { applied: { count: 1, amount: 25.5 }, contribution: { id: 'c1', amount: 25.5, tax_year: 2026, kind: 'round_up', source: 'Round-ups', status: 'succeeded', created_at: '2026-01-15T10:00:00.000Z' }, user: PAID_USER, relief: 10.2 },
  now: T0 + 10_000,
};

export const done = <T>(id: string, output: T) => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('offline') });

export const fixtures = {
  'roundups.confirm': (s) => [{ type: 'roundups.confirm', key: 'confirm-key-1', at: s.context.now + 1_000 }],
  'roundups.decline': (s) => [{ type: 'roundups.decline', at: s.context.now + 1_000 }],
  'roundups.retry': () => [{ type: 'roundups.retry' }],
  'roundups.dismiss': () => [{ type: 'roundups.dismiss' }],
  'roundups.setUpPlan': () => [{ type: 'roundups.setUpPlan' }],
  'roundups.refresh': () => [{ type: 'roundups.refresh' }],
  'account.update': () => [{ type: 'account.update', id: ACCOUNT.id, changes: { roundups: false } }],
  'settings.save': () => [{ type: 'settings.save', changes: { weekly_cap: 10 } }],
  'session.user.changed': () => [
    { type: 'session.user.changed', user: WITHOUT_PLAN },
    { type: 'session.user.changed', user: WITH_PLAN },
  ],
  'clock.tick': (s) => [{ type: 'clock.tick', now: s.context.now + 60_000 }],
  'xstate.done.actor.loadData': () => [done('loadData', LOADED), done('loadData', PART_FAILED), done('loadData', LOADED_CAP_USED_UP)],
  'xstate.error.actor.loadData': () => [failed('loadData')],
  'xstate.done.actor.applyRoundups': () => [
    done('applyRoundups', APPLIED),
    done('applyRoundups', { ok: false, error: PLAN_MISSING } satisfies ApplyResult),
    done('applyRoundups', { ok: false, error: DECLINED } satisfies ApplyResult),
  ],
  'xstate.error.actor.applyRoundups': () => [failed('applyRoundups')],
  'xstate.done.actor.clearRoundups': () => [
    done('clearRoundups', { ok: true, answer: { declined: { count: 1, amount: 25.5 } }, now: T0 + 10_000 } satisfies ClearResult),
    done('clearRoundups', { ok: false, error: SERVER_ERROR } satisfies ClearResult),
  ],
  'xstate.error.actor.clearRoundups': () => [failed('clearRoundups')],
  'xstate.done.actor.updateAccount': () => [
    done('updateAccount', { ok: true, account: { ...ACCOUNT, roundups: false } } satisfies UpdateAccountResult),
    done('updateAccount', { ok: false, error: SERVER_ERROR } satisfies UpdateAccountResult),
  ],
  'xstate.error.actor.updateAccount': () => [failed('updateAccount')],
  'xstate.done.actor.saveSettings': () => [
    done('saveSettings', { ok: true, settings: { ...SETTINGS, weekly_cap: 10 } } satisfies SaveSettingsResult),
    done('saveSettings', { ok: false, error: SERVER_ERROR } satisfies SaveSettingsResult),
  ],
  'xstate.error.actor.saveSettings': () => [failed('saveSettings')],
} satisfies EventFixtures<typeof roundupsMachine>;

type Output<T> = EventObject & { output: T };

/** Short names in path descriptions: what happened, not the payload. */
export function describeEvent(event: EventObject): string | undefined {
  const output = (event as Output<{ ok?: boolean; error?: ApiFailure; accounts?: { ok: boolean } }>).output;
  if (event.type === 'session.user.changed') return (event as EventObject & { user: User }).user.pension_plan_id ? 'session.user.changed (plan ID)' : 'session.user.changed (no plan ID)';
  if (event.type === 'xstate.done.actor.loadData') {
    if (!output.accounts?.ok) return 'loadData done (partly failed)';
    return (output as unknown as LoadDataResult).settings === LOADED_CAP_USED_UP.settings ? 'loadData done (cap used up)' : 'loadData done';
  }
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice(18)} ${output.ok ? 'ok' : `refused ${output.error?.status}`}`;
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice(19)} outage`;
  const time = (event as EventObject & { at?: number; now?: number }).at ?? (event as EventObject & { now?: number }).now;
  return time === undefined ? undefined : `${event.type}@T0+${Math.round((time - T0) / 1000)}s`;
}

export const INPUT = { user: WITH_PLAN, closedAt: CLOSED, now: T0 };
export const model = createModelTest(roundupsMachine, {
  events: fixtures,
  input: INPUT,
  describeEvent,
  // The plan ID and this week's cap decide Confirm's branch; the failed request decides Retry's.
  serializeContext: (context) => ({ plan: Boolean(context.user.pension_plan_id), capUsedUp: capUsedUp(context.accounts, context.settings), failed: context.failed }),
});

export const doc = pathDoc(roundupsMachine, fixtures, {
  testFile: 'tests/machines/roundups.model.test.ts',
  models: [model],
  start: 'Sign in (the session starts its round-ups)',
  words: {
    'roundups.confirm': 'Press Confirm (on the banner or /roundups)',
    'roundups.decline': 'Press Decline',
    'roundups.retry': 'Press Retry',
    'roundups.dismiss': 'Close the message or the alert',
    'roundups.setUpPlan': 'Press "Set up now" on the pension-plan alert',
    'roundups.refresh': 'A bank link completes (the accounts are fetched again)',
    'account.update': 'Turn round-ups off for the current account',
    'settings.save': 'Save a weekly cap of €10',
    'session.user.changed': (event) => (event.user?.pension_plan_id ? 'The session hears the user with a plan ID' : 'The session hears the user without a plan ID'),
    'clock.tick': 'The page becomes visible again a minute later',
    'xstate.done.actor.loadData': (event) =>
      !event.output.accounts.ok
        ? 'GET /accounts and /roundups/settings fail; /graph answers'
        : event.output.settings === LOADED_CAP_USED_UP.settings
          ? 'GET /accounts, /graph and /roundups/settings answer: this week’s €20 cap is spent'
          : 'GET /accounts, /graph and /roundups/settings answer',
    'xstate.error.actor.loadData': 'The fetch gets no answer (offline)',
    'xstate.done.actor.applyRoundups': (event) => (event.output.ok ? 'POST /roundups/apply pays them' : `POST /roundups/apply refuses (${event.output.error.status})`),
    'xstate.error.actor.applyRoundups': 'POST /roundups/apply gets no answer (offline)',
    'xstate.done.actor.clearRoundups': (event) => (event.output.ok ? 'POST /roundups/clear declines them' : `POST /roundups/clear refuses (${event.output.error.status})`),
    'xstate.error.actor.clearRoundups': 'POST /roundups/clear gets no answer (offline)',
    'xstate.done.actor.updateAccount': (event) => (event.output.ok ? 'PATCH /accounts/{id} answers the account' : `PATCH /accounts/{id} refuses (${event.output.error.status})`),
    'xstate.error.actor.updateAccount': 'PATCH /accounts/{id} gets no answer (offline)',
    'xstate.done.actor.saveSettings': (event) => (event.output.ok ? 'PATCH /roundups/settings answers the settings' : `PATCH /roundups/settings refuses (${event.output.error.status})`),
    'xstate.error.actor.saveSettings': 'PATCH /roundups/settings gets no answer (offline)',
  },
});
