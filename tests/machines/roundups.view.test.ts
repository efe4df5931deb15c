/**
 * The round-up screens' view (machines/roundups/roundups.view.ts) on hand-made snapshots: the
 * prompt's rule (threshold, snooze, enabled buttons), the relief and the age limit, amounts with
 * their sign inverted, reasons, stale data, renewal, the graph, history by date; and the bank-link
 * view's messages.
 */
import { describe, expect, it } from 'vitest';
import { bankLinkMachine } from '../../machines/bankLink/bankLink.machine.ts';
import type { BankLinkContext } from '../../machines/bankLink/bankLink.types.ts';
import { BLOCKED_TEXT, NOT_LINKED_TEXT, bankLinkView } from '../../machines/bankLink/bankLink.view.ts';
import { roundupsMachine } from '../../machines/roundups/roundups.machine.ts';
import type { RoundupsContext } from '../../machines/roundups/roundups.types.ts';
import { GRAPH_COLOR, GRAPH_STROKE_WIDTH, PROMPT_TITLE, roundupsView } from '../../machines/roundups/roundups.view.ts';
import { ROUNDUP_SNOOZE_MS } from '../../src/domain/constants.ts';
import { formatDisplayDateTime } from '../../src/domain/dates.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import type { Account, Transaction } from '../../src/domain/schemas/roundups.ts';
import type { User } from '../../src/domain/schemas/user.ts';

const NOW = Date.parse('2026-01-15T10:00:00.000Z');
// 40 years old, €60,000 a year, single: a limit of €15,000 at 25%, relief at 40% above €44,000.
const USER = { email: 'ann@example.ie', date_of_birth: '1985-04-02', marital_status: 'single', annual_income: 60_000, paid_pension: 0, pension: 0, pension_plan_id: 'IL-12345678', taxback: 0, form11: [] } as unknown as User;

const tx = (overrides: Partial<Transaction>): Transaction => ({
  id: 't',
  timestamp: '2026-01-14T12:00:00.000Z',
  booking_date: '2026-01-15',
  amount: -12.34,
  currency: 'EUR',
  status: 'booked',
  description: 'TESCO STORES',
  roundup: 66,
  roundupApplied: null,
  roundup_reason: null,
  ...overrides,
});

const account = (overrides: Partial<Account> = {}): Account => ({
  id: 'acc-1',
  display_name: 'Sandbox Bank',
  name: 'Current account',
  currency: 'EUR',
  account_number: { iban: 'IE64 •••• 1234' },
  roundups: true,
  funding: true,
  balance: 0,
  roundups_from: '2026-01-08',
  consent: { id: 'consent-1', status: 'active', expires_at: '2026-07-14T10:00:00.000Z' },
  last_synced_at: '2026-01-15T09:00:00.000Z',
  next_sync_at: '2026-01-15T15:00:00.000Z',
  transactions: [],
  ...overrides,
});

const context = (overrides: Partial<RoundupsContext> = {}): RoundupsContext => ({
  user: USER,
  accounts: [],
  graph: null,
  settings: null,
  loaded: true,
  closedAt: null,
  now: NOW,
  key: null,
  accountChange: null,
  settingsChange: null,
  applied: null,
  declined: null,
  error: null,
  failed: null,
  ...overrides,
});

const view = (value: string, ctx: Partial<RoundupsContext> = {}) => roundupsView(roundupsMachine.resolveState({ value, context: context(ctx) }));

/** Pending round-ups adding up to `cents` (99 at a time). */
const pendingWorth = (cents: number): Transaction[] => {
  const out: Transaction[] = [];
  for (let left = cents, i = 0; left > 0; left -= Math.min(99, left), i++) out.push(tx({ id: `p${i}`, roundup: Math.min(99, left), amount: -(100 - Math.min(99, left)) / 100 }));
  return out;
};

describe('the daily prompt', () => {
  it('shows above 2000 cents pending, not at 2000; buttons enabled when idle', () => {
    expect(view('idle', { accounts: [account({ transactions: pendingWorth(2000) })] }).banner.visible).toBe(false);
    const shown = view('idle', { accounts: [account({ transactions: pendingWorth(2001) })] }).banner;
    expect(shown).toMatchObject({ visible: true, title: PROMPT_TITLE, amount: '€20.01', count: 21, confirmEnabled: true, declineEnabled: true });
  });

  it('counts only accounts with round-ups on and round-ups not applied or declined', () => {
    const accounts = [
      account({ transactions: [...pendingWorth(1500), tx({ id: 'a', roundup: 99, roundupApplied: true }), tx({ id: 'd', roundup: 99, roundupApplied: false })] }),
      account({ id: 'off', roundups: false, transactions: pendingWorth(5000) }),
    ];
    expect(view('idle', { accounts }).banner).toMatchObject({ visible: false, amount: '€15.00' });
    expect(view('idle', { accounts }).pending.map((p) => p.id)).toEqual(pendingWorth(1500).map((p) => p.id));
  });

  it('stays closed for a day after Confirm or Decline', () => {
    const accounts = [account({ transactions: pendingWorth(3000) })];
    expect(view('idle', { accounts, closedAt: NOW - ROUNDUP_SNOOZE_MS + 1 }).banner.visible).toBe(false);
    expect(view('idle', { accounts, closedAt: NOW - ROUNDUP_SNOOZE_MS }).banner.visible).toBe(true);
    // /roundups offers Confirm and Decline at any amount, snoozed or not.
    expect(view('idle', { accounts: [account({ transactions: pendingWorth(50) })], closedAt: NOW }).page).toMatchObject({ amount: '€0.50', confirmEnabled: true, declineEnabled: true });
  });

  it('disables the buttons during a request and shows failures with Retry', () => {
    const accounts = [account({ transactions: pendingWorth(3000) })];
    expect(view('applying', { accounts }).banner).toMatchObject({ visible: true, confirmEnabled: false, declineEnabled: false });
    expect(view('applying', { accounts }).busy).toBe(true);
    expect(view('failed', { accounts, failed: 'apply', error: { status: 402, message: m.ROUNDUPS_DECLINED, source: 'server' } }).error).toEqual({ message: m.ROUNDUPS_DECLINED, canRetry: true, about: 'apply' });
    expect(view('failed', { accounts, failed: 'apply', error: { status: null, message: 'Failed to fetch', source: 'network' } }).error).toEqual({ message: m.SOMETHING_WENT_WRONG, canRetry: true, about: 'apply' });
  });

  it('an amount in another currency shows in that currency, sign inverted', () => {
    const gbp = view('idle', { accounts: [account({ currency: 'GBP', roundups: false, transactions: [tx({ amount: -32.37, currency: 'GBP', roundup: 0, roundup_reason: 'not_eur' })] })] });
    expect(gbp.accounts[0]!.transactions[0]).toMatchObject({ amount: '£32.37', roundup: '', reason: 'Not in euro' });
  });

  it('the gauge: this year’s pension over the limit for the user’s age (40: 25% of €60,000), rising with the session’s user', () => {
    expect(view('idle').pension).toEqual({ current: 0, limit: 15_000 });
    expect(view('idle', { user: { ...USER, pension: 21.37 } }).pension).toEqual({ current: 21.37, limit: 15_000 });
  });

  it('the pension-plan alert: the spec’s words', () => {
    expect(view('planRequired').planAlert).toEqual({ visible: true, title: 'Pension Plan ID Required', text: m.PENSION_PLAN_REQUIRED_TEXT, button: 'Set up now' });
    expect(view('idle').planAlert.visible).toBe(false);
  });

  it('shows the relief the pending round-ups earn, and when the age limit is reached', () => {
    const accounts = [account({ transactions: pendingWorth(2500) })];
    // Income above the band: 40% of €25.00.
    expect(view('idle', { accounts }).banner).toMatchObject({ relief: '€10.00 tax relief', limitNote: null });
    const nearLimit = { ...USER, pension: 14_990 } as User;
    expect(view('idle', { accounts, user: nearLimit }).banner).toMatchObject({ relief: '€4.00 tax relief', limitNote: 'Only €10.00 of this earns tax relief: it reaches this year’s limit for your age.' });
    const atLimit = { ...USER, pension: 15_000 } as User;
    expect(view('idle', { accounts, user: atLimit }).banner.relief).toBeNull();
    expect(view('idle', { accounts, user: atLimit }).banner.limitNote).toMatch(/reached this year’s tax relief limit/);
  });

  it('says what the last Confirm or Decline did', () => {
    expect(view('idle', { applied: { count: 3, amount: 1.5, relief: 0.6 } }).notice).toBe('€1.50 of round-ups is on its way to your pension, earning €0.60 tax relief.');
    expect(view('idle', { applied: { count: 0, amount: 0, relief: null } }).notice).toBe('There were no round-ups to send.');
    expect(view('idle', { declined: { count: 1, amount: 0.4 } }).notice).toBe('1 round-up was declined.');
  });
});

describe('the accounts', () => {
  it('amounts with the sign inverted, round-ups in euro, reasons in words', () => {
    const accounts = [
      account({
        transactions: [
          tx({ id: 'buy' }),
          tx({ id: 'refund', amount: 5, roundup: 0, roundup_reason: 'refund' }),
          tx({ id: 'pending', status: 'pending', roundup: 0, roundup_reason: 'pending' }),
          tx({ id: 'paid', roundupApplied: true }),
        ],
      }),
    ];
    const [shown] = view('idle', { accounts }).accounts;
    expect(shown!.transactions).toEqual([
      { id: 'buy', date: '15.01.2026', description: 'TESCO STORES', amount: '€12.34', pendingAtBank: false, roundup: '€0.66', roundupState: 'waiting', reason: null },
      { id: 'refund', date: '15.01.2026', description: 'TESCO STORES', amount: '-€5.00', pendingAtBank: false, roundup: '', roundupState: 'none', reason: 'Money in (a refund): nothing to round up' },
      { id: 'pending', date: '15.01.2026', description: 'TESCO STORES', amount: '€12.34', pendingAtBank: true, roundup: '', roundupState: 'none', reason: 'Still pending at the bank: it is rounded up once booked' },
      { id: 'paid', date: '15.01.2026', description: 'TESCO STORES', amount: '€12.34', pendingAtBank: false, roundup: '€0.66', roundupState: 'applied', reason: null },
    ]);
  });

  it('the link: until when, Renew from 7 days before the end, the last and next read, stale after 4 days', () => {
    const [active] = view('idle', { accounts: [account({ balance: 0.66 })] }).accounts;
    expect(active).toMatchObject({
      bank: 'Sandbox Bank',
      iban: 'IE64 •••• 1234',
      pendingBalance: '€0.66',
      canCollectFrom: false,
      consent: { status: 'active', text: 'Linked until 14.07.2026', renewVisible: false },
      lastRead: formatDisplayDateTime('2026-01-15T09:00:00.000Z'),
      nextRead: formatDisplayDateTime('2026-01-15T15:00:00.000Z'),
      stale: false,
    });
    const expiring = account({ consent: { id: 'c', status: 'expiring', expires_at: '2026-01-21T10:00:00.000Z' }, last_synced_at: '2026-01-10T09:00:00.000Z' });
    expect(view('idle', { accounts: [expiring] }).accounts[0]).toMatchObject({
      consent: { status: 'expiring', text: 'The link ends on 21.01.2026: renew it to keep your round-ups coming', renewVisible: true },
      stale: true,
    });
    const revoked = account({ consent: { id: 'c', status: 'revoked', expires_at: '2026-01-21T10:00:00.000Z' }, next_sync_at: null, last_synced_at: null, funding: false });
    expect(view('idle', { accounts: [revoked] }).accounts[0]).toMatchObject({ consent: { renewVisible: false, text: 'Unlinked: no new purchases are read' }, nextRead: null, lastRead: 'never', stale: true, canCollectFrom: true });
    expect(view('idle', { accounts: [account({ currency: 'GBP', funding: false })] }).accounts[0]!.canCollectFrom).toBe(false);
  });

  it('the graph with its colour and a stroke of 3; history of paid and declined round-ups by date, newest first', () => {
    const shown = view('idle', {
      graph: { labels: ['2025-12', '2026-01'], datasets: [{ label: 'Round-ups', data: [0, 12.5] }] },
      accounts: [
        account({
          transactions: [
            tx({ id: 'new', booking_date: '2026-01-15', roundupApplied: true }),
            tx({ id: 'declined', booking_date: '2026-01-14', roundupApplied: false }),
            tx({ id: 'old', booking_date: '2026-01-14', roundupApplied: true }),
            tx({ id: 'waiting', booking_date: '2026-01-13' }),
          ],
        }),
      ],
    });
    expect(shown.graph).toEqual({ labels: ['2025-12', '2026-01'], data: [0, 12.5], color: GRAPH_COLOR, strokeWidth: GRAPH_STROKE_WIDTH });
    expect(shown.history.map((day) => [day.date, day.items.map((item) => item.id)])).toEqual([
      ['15.01.2026', ['new']],
      ['14.01.2026', ['declined', 'old']],
    ]);
    expect(view('loading', { loaded: false }).loading).toBe(true);
  });
});

describe('No surprise debits (the round-up settings on /roundups)', () => {
  const OFF = { weekly_cap: null, balance_floor: null, paused_until: null, collected_this_week: 0 };
  // Four pending round-ups, listed newest first as the bank gives them: 80, 50, 99 and 66 cents.
  const fourPending = [
    tx({ id: 'd', booking_date: '2026-01-15', timestamp: '2026-01-15T09:00:00.000Z', amount: -3.2, roundup: 80 }),
    tx({ id: 'c', booking_date: '2026-01-14', timestamp: '2026-01-14T09:00:00.000Z', amount: -7.5, roundup: 50 }),
    tx({ id: 'b', booking_date: '2026-01-13', timestamp: '2026-01-13T09:00:00.000Z', amount: -0.01, roundup: 99 }),
    tx({ id: 'a', booking_date: '2026-01-12', timestamp: '2026-01-12T09:00:00.000Z', amount: -12.34, roundup: 66 }),
  ];

  it('all off by default: no cap, no minimum balance, not paused, an empty form', () => {
    const settings = view('idle', { settings: OFF, accounts: [account({ transactions: fourPending })] }).settings!;
    expect(settings).toMatchObject({ capText: 'No weekly cap', floorText: 'No minimum balance', pauseText: 'Not paused', paused: false, cap: null, canSave: true, saving: false });
    expect(settings.form.initialValues).toEqual({ weekly_cap: '', balance_floor: '', paused_until: '' });
    expect(view('idle', { settings: null }).settings).toBeNull();
  });

  it('the cap takes the oldest first, within what is left of this week; the rest waits', () => {
    // €10 a week, €7.50 collected: 250 cents left. Oldest first: 66 + 99 + 50 = 215 fit; + 80 = 295 does not.
    const settings = view('idle', { settings: { ...OFF, weekly_cap: 10, collected_this_week: 7.5 }, accounts: [account({ transactions: fourPending })] }).settings!;
    expect(settings.capText).toBe('At most €10.00 a week (€7.50 collected this week)');
    expect(settings.cap).toEqual({
      takes: '€2.15',
      takesCount: 3,
      waits: '€0.80',
      waitsCount: 1,
      text: 'The next Confirm collects 3 round-ups (€2.15): 1 round-up (€0.80) waits for next week.',
    });
    // Nothing collected yet: all 295 cents fit within €10.
    expect(view('idle', { settings: { ...OFF, weekly_cap: 10 }, accounts: [account({ transactions: fourPending })] }).settings!.cap!.text).toBe('All 4 round-ups (€2.95) fit within this week’s cap.');
    // €1.50 left: 66 fits, 66 + 99 = 165 does not.
    expect(view('idle', { settings: { ...OFF, weekly_cap: 10, collected_this_week: 8.5 }, accounts: [account({ transactions: fourPending })] }).settings!.cap).toMatchObject({ takes: '€0.66', takesCount: 1, waits: '€2.29', waitsCount: 3 });
    // Used up (or more collected than the cap after it was lowered): everything waits.
    expect(view('idle', { settings: { ...OFF, weekly_cap: 5, collected_this_week: 7.5 }, accounts: [account({ transactions: fourPending })] }).settings!.cap!.text).toBe(
      'This week’s cap is used up: 4 round-ups (€2.95) wait for next week.',
    );
    // An account with round-ups off, and paid or declined round-ups, are not pending.
    const others = [account({ transactions: [...fourPending, tx({ id: 'paid', roundup: 99, roundupApplied: true })] }), account({ id: 'off', roundups: false, transactions: pendingWorth(5000) })];
    expect(view('idle', { settings: { ...OFF, weekly_cap: 10 }, accounts: others }).settings!.cap).toMatchObject({ takesCount: 4, waitsCount: 0 });
    expect(view('idle', { settings: { ...OFF, weekly_cap: 10 }, accounts: [] }).settings!.cap).toBeNull();
  });

  it('with this week’s cap used up, Confirm is not offered (it would pay nothing) and the banner and /roundups say why; Decline still is', () => {
    // €5 a week with €4.50 collected: 50 cents left, less than the oldest round-up (66 cents), so a Confirm would take none.
    const full = view('idle', { settings: { ...OFF, weekly_cap: 5, collected_this_week: 4.5 }, accounts: [account({ transactions: fourPending })] });
    const note = 'This week’s cap is used up: 4 round-ups (€2.95) wait for next week.';
    expect(full.banner).toMatchObject({ confirmEnabled: false, declineEnabled: true, capNote: note });
    expect(full.page).toMatchObject({ confirmEnabled: false, declineEnabled: true, capNote: note });
    // Spent entirely, or more collected than a cap lowered since: the same.
    expect(view('idle', { settings: { ...OFF, weekly_cap: 5, collected_this_week: 7.5 }, accounts: [account({ transactions: fourPending })] }).banner.confirmEnabled).toBe(false);
    // Room for the oldest (66 cents of €1.50 left): Confirm collects that one, and no note.
    const room = view('idle', { settings: { ...OFF, weekly_cap: 10, collected_this_week: 8.5 }, accounts: [account({ transactions: fourPending })] });
    expect(room.banner).toMatchObject({ confirmEnabled: true, capNote: null });
    expect(room.page).toMatchObject({ confirmEnabled: true, capNote: null });
    // No cap, or no settings loaded yet: Confirm as before.
    expect(view('idle', { settings: OFF, accounts: [account({ transactions: fourPending })] }).banner).toMatchObject({ confirmEnabled: true, capNote: null });
    expect(view('idle', { settings: null, accounts: [account({ transactions: fourPending })] }).page.confirmEnabled).toBe(true);
  });

  it('the minimum balance names the account collected from; the pause its last day', () => {
    const settings = view('idle', { settings: { ...OFF, balance_floor: 500, paused_until: '2026-02-14' }, accounts: [account({ id: 'other', funding: false }), account()] }).settings!;
    expect(settings).toMatchObject({
      balanceFloor: '€500.00',
      floorText: 'Nothing is collected if it would leave less than €500.00 in Sandbox Bank IE64 •••• 1234',
      pausedUntil: '14.02.2026',
      pauseText: 'Paused until 14.02.2026',
      paused: true,
    });
    expect(settings.form.initialValues).toEqual({ weekly_cap: '', balance_floor: 500, paused_until: '14.02.2026' });
  });

  it('the form checks what is typed with the server’s messages, and makes the request (empty = off)', () => {
    const { form } = view('idle', { settings: OFF }).settings!;
    // 15 January 2026 + 90 days: 16 days of January, 28 of February, 31 of March, 15 of April.
    expect(form.latestPause).toBe('15.04.2026');
    const values = { weekly_cap: '' as const, balance_floor: '' as const, paused_until: '' };
    expect(form.validate(values)).toEqual({});
    expect(form.validate({ ...values, weekly_cap: 0.5 })).toEqual({ weekly_cap: m.ROUNDUP_CAP_RANGE });
    expect(form.validate({ ...values, weekly_cap: 1000.01 })).toEqual({ weekly_cap: m.ROUNDUP_CAP_RANGE });
    expect(form.validate({ ...values, weekly_cap: 12.345 })).toEqual({ weekly_cap: m.CENTS_ONLY });
    expect(form.validate({ ...values, balance_floor: -1 })).toEqual({ balance_floor: m.BALANCE_FLOOR_RANGE });
    expect(form.validate({ ...values, paused_until: '16.04.2026' })).toEqual({ paused_until: m.PAUSE_RANGE });
    expect(form.validate({ ...values, paused_until: '14.01.2026' })).toEqual({ paused_until: m.PAUSE_RANGE });
    expect(form.validate({ ...values, paused_until: '31.02.2026' })).toEqual({ paused_until: m.DATE_INVALID });
    expect(form.validate({ ...values, paused_until: '15.04.2026' })).toEqual({});
    expect(form.toRequest({ ...values, weekly_cap: 1000.01 })).toBeNull();
    expect(form.toRequest({ weekly_cap: 25, balance_floor: '', paused_until: '15.04.2026' })).toEqual({ weekly_cap: 25, balance_floor: null, paused_until: '2026-04-15' });
    expect(form.toRequest(values)).toEqual({ weekly_cap: null, balance_floor: null, paused_until: null });
  });

  it('a refused save: the server’s field messages (the same object for the same refusal), and Save sends the correction', () => {
    const error = { status: 422, message: 'Invalid input', source: 'server' as const, fieldErrors: { weekly_cap: [m.ROUNDUP_CAP_RANGE] } };
    const refused = view('failed', { settings: OFF, failed: 'saveSettings', error });
    expect(refused.settings!.fieldErrors).toEqual({ weekly_cap: m.ROUNDUP_CAP_RANGE });
    expect(view('failed', { settings: OFF, failed: 'saveSettings', error }).settings!.fieldErrors).toBe(refused.settings!.fieldErrors);
    expect(refused.settings!.canSave).toBe(true);
    expect(refused.error).toMatchObject({ about: 'saveSettings' });
    // Another request failed: its message is not the form's, and Save waits for Retry or Close.
    const other = view('failed', { settings: OFF, failed: 'apply', error: { ...error, fieldErrors: { amount: ['x'] } } }).settings!;
    expect(other).toMatchObject({ fieldErrors: {}, canSave: false });
    expect(view('savingSettings', { settings: OFF }).settings).toMatchObject({ saving: true, canSave: false });
  });

  it('the form starts again from the saved settings when they change, and not when they are the same', () => {
    const saved = { ...OFF, weekly_cap: 10 };
    const first = view('idle', { settings: saved }).settings!.form;
    const again = view('idle', { settings: saved }).settings!.form;
    expect(again.key).toBe(first.key);
    expect(again.initialValues).toBe(first.initialValues);
    expect(view('idle', { settings: { ...saved, weekly_cap: 20 } }).settings!.form.key).not.toBe(first.key);
  });
});

describe('the bank-link view', () => {
  const base: BankLinkContext = { appOrigin: 'https://app', providerOrigins: [], renew: null, url: null, returned: null, result: null, notLinked: null, error: null, failed: null };
  const linkView = (value: string, ctx: Partial<BankLinkContext> = {}) => bankLinkView(bankLinkMachine.resolveState({ value, context: { ...base, ...ctx } }));

  it('says why nothing was linked, or how many accounts were', () => {
    for (const reason of ['cancelled', 'refused', 'expired', 'unanswered', 'invalid'] as const) {
      expect(linkView('notLinked', { notLinked: reason }).message).toEqual({ tone: 'info', text: NOT_LINKED_TEXT[reason] });
    }
    expect(linkView('linked', { result: { consent: { id: 'c', status: 'active', expires_at: null }, accounts: [{} as Account] } })).toMatchObject({
      linkedCount: 1,
      canStart: true,
      message: { tone: 'success', text: '1 account is linked. Round-ups start from a week before today.' },
    });
    expect(linkView('blocked').message).toEqual({ tone: 'error', text: BLOCKED_TEXT });
    expect(linkView('failed', { failed: 'start', error: { status: 502, message: null, source: 'server' } })).toMatchObject({ canRetry: true, message: { tone: 'error', text: m.SOMETHING_WENT_WRONG } });
    expect(linkView('requesting')).toMatchObject({ busy: true, canStart: false });
  });
});
