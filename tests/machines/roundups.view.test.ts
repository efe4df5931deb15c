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
    expect(view('failed', { accounts, failed: 'apply', error: { status: 402, message: m.ROUNDUPS_DECLINED, source: 'server' } }).error).toEqual({ message: m.ROUNDUPS_DECLINED, canRetry: true });
    expect(view('failed', { accounts, failed: 'apply', error: { status: null, message: 'Failed to fetch', source: 'network' } }).error).toEqual({ message: m.SOMETHING_WENT_WRONG, canRetry: true });
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
