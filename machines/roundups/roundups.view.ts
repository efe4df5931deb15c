/**
 * What the round-up screens show, from one snapshot of the round-ups machine: the daily prompt
 * (banner), the pension-plan alert, /roundups (pending with reasons, Confirm and Decline at any
 * amount, history by date, limits) and /linked-bank-accounts (accounts, links, reads, graph).
 * Pure: times come from the snapshot's `now`; amounts are formatted here, nothing is computed in
 * the screens.
 */
import * as v from 'valibot';
import type { SnapshotFrom } from 'xstate';
import { apiDateToDisplayDate, calendarDay, displayDateToApiDate, formatApiDate, formatDisplayDate, formatDisplayDateTime, parseApiDate } from '../../src/domain/dates.ts';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../../src/domain/failureMessage.ts';
import { formatEuro } from '../../src/domain/money.ts';
import { contributionRelief, pensionProgress } from '../../src/domain/pension.ts';
import { MAX_PAUSE_DAYS, ROUNDUP_REASON_TEXT, capLeftCents, capUsedUp, isStale, pendingOldestFirst, pendingRoundups, promptVisible, renewalOpen, takeWithinCap } from '../../src/domain/roundups.ts';
import { fieldErrors as issueFieldErrors } from '../../src/domain/schemas/issues.ts';
import { DATE_INVALID, PENSION_PLAN_REQUIRED_BUTTON, PENSION_PLAN_REQUIRED_TEXT, PENSION_PLAN_REQUIRED_TITLE } from '../../src/domain/schemas/messages.ts';
import { type Account, type ConsentStatus, type RoundupSettings, type RoundupSettingsRequest, type Transaction, roundupSettingsRequestSchema } from '../../src/domain/schemas/roundups.ts';
import { memoLast } from '../shared/memo.ts';
import type { RoundupsMachine } from './roundups.machine.ts';
import type { RoundupsRequest } from './roundups.types.ts';

type Snapshot = Pick<SnapshotFrom<RoundupsMachine>, 'context' | 'value' | 'hasTag' | 'can'>;

/** The banner's title (spec §2). */
export const PROMPT_TITLE = 'Daily Retirement Savings';
/** The graph's line (the client adds the colour and a stroke width of 3: spec §3). */
export const GRAPH_COLOR = 'indigo.6';
export const GRAPH_STROKE_WIDTH = 3;

export interface TransactionView {
  id: string;
  /** DD.MM.YYYY (booking date). */
  date: string;
  description: string;
  /** The amount with its sign inverted (a purchase shows positive), formatted. */
  amount: string;
  pendingAtBank: boolean;
  /** The round-up, formatted, or '' when there is none. */
  roundup: string;
  /** What became of the round-up: waiting, paid into the pension, declined, or none to make. */
  roundupState: 'waiting' | 'applied' | 'declined' | 'none';
  /** Why there is no round-up, in words; null when there is one. */
  reason: string | null;
}

export interface AccountView {
  id: string;
  bank: string;
  name: string;
  /** Masked. */
  iban: string;
  currency: string;
  roundups: boolean;
  /** Round-ups are collected from this account. */
  funding: boolean;
  /** "Collect from this account" is offered (a euro account not already collecting). */
  canCollectFrom: boolean;
  /** Pending round-ups of this account, formatted. */
  pendingBalance: string;
  consent: { status: ConsentStatus; text: string; renewVisible: boolean; consentId: string };
  /** DD.MM.YYYY HH:mm:ss, or 'never'. */
  lastRead: string;
  /** When the next read is planned, or null when none is (the link ended). */
  nextRead: string | null;
  /** The data is more than 4 days old (or was never read): the screen says so. */
  stale: boolean;
  transactions: TransactionView[];
  /** The most recent ones, as the account's card lists them (the rest are counted). */
  recent: TransactionView[];
  /** How many are not listed on the card. */
  olderCount: number;
}

/** How many transactions an account's card lists (newest first). */
export const RECENT_TRANSACTIONS = 20;

/** The "No surprise debits" form as Mantine holds it: amounts in euro ('' = off), the pause's last day typed DD.MM.YYYY ('' = not paused). */
export interface RoundupSettingsFormValues {
  weekly_cap: number | '';
  balance_floor: number | '';
  paused_until: string;
}

export interface RoundupSettingsForm {
  /** Changes when the saved settings change, so the form starts again from them (after a save, or Resume). */
  key: string;
  initialValues: RoundupSettingsFormValues;
  /** The last day a pause may run to (today + 90 days), DD.MM.YYYY. */
  latestPause: string;
  /** Field messages of the values as typed (the request schema of today). */
  validate(values: RoundupSettingsFormValues): Record<string, string>;
  /** The request the values make (every field, an empty one as null: off), or null while they are not valid. */
  toRequest(values: RoundupSettingsFormValues): RoundupSettingsRequest | null;
}

/** /roundups, "No surprise debits": the weekly cap, the minimum balance, the pause, and what they do to the pending round-ups now. */
export interface RoundupSettingsView {
  /** "€25.00 a week" or null (no cap). */
  weeklyCap: string | null;
  /** "€500.00" or null (no minimum balance). */
  balanceFloor: string | null;
  /** DD.MM.YYYY, the pause's last day, or null when not paused. */
  pausedUntil: string | null;
  collectedThisWeek: string;
  /** One line each, as the summary reads. */
  capText: string;
  floorText: string;
  pauseText: string;
  paused: boolean;
  /**
   * With a cap and round-ups pending: what the next Confirm collects (oldest first, within what is
   * left of this week's cap) and what waits for next week. Null without a cap or with nothing pending.
   */
  cap: { takes: string; takesCount: number; waits: string; waitsCount: number; text: string } | null;
  form: RoundupSettingsForm;
  /** Save (and Resume) are offered: nothing else runs, or the last save failed and may be sent again corrected. */
  canSave: boolean;
  saving: boolean;
  /** The server's field messages of a refused save. */
  fieldErrors: FieldErrors;
}

export interface RoundupsView {
  /** The first fetch has not answered yet. */
  loading: boolean;
  /** A request runs: Confirm, Decline and the switches are disabled. */
  busy: boolean;
  /** The daily prompt (spec §4): shown only past the threshold and not within a day of closing it. */
  banner: { visible: boolean; title: string; amount: string; count: number; relief: string | null; limitNote: string | null; capNote: string | null; confirmEnabled: boolean; declineEnabled: boolean };
  /** /roundups: Confirm and Decline at any amount once something is pending (Confirm not while this week's cap leaves room for none). */
  page: { amount: string; count: number; relief: string | null; limitNote: string | null; capNote: string | null; confirmEnabled: boolean; declineEnabled: boolean };
  planAlert: { visible: boolean; title: string; text: string; button: string };
  /** `about`: which request failed, so each screen shows it beside what was pressed. */
  error: { message: string; canRetry: boolean; about: RoundupsRequest | null } | null;
  /** The outcome of the last Confirm or Decline, in words. */
  notice: string | null;
  accounts: AccountView[];
  /** /roundups: every pending round-up, newest first, with its account. */
  pending: (TransactionView & { account: string })[];
  /** /roundups: round-ups paid or declined, by booking date, newest first. */
  history: { date: string; items: (TransactionView & { account: string })[] }[];
  graph: { labels: string[]; data: number[]; color: string; strokeWidth: number } | null;
  /** Null until the settings loaded. */
  settings: RoundupSettingsView | null;
  /** /roundups: the gauge of this year's pension (euro) over the most that earns relief; it rises when a Confirm is paid. */
  pension: { current: number; limit: number };
}

/** An amount in another currency than euro, as booked ("£32.37"); the code itself when the browser does not know it. */
function formatInCurrency(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

function transactionView(tx: Transaction): TransactionView {
  const roundupState = tx.roundup <= 0 && tx.roundupApplied === null ? 'none' : tx.roundupApplied === true ? 'applied' : tx.roundupApplied === false ? 'declined' : 'waiting';
  return {
    id: tx.id,
    date: formatDisplayDate(tx.booking_date ?? tx.timestamp.slice(0, 10)),
    description: tx.description,
    amount: tx.currency === 'EUR' ? formatEuro(-tx.amount, { keepZeroDecimals: true }) : formatInCurrency(-tx.amount, tx.currency),
    pendingAtBank: tx.status === 'pending',
    roundup: tx.roundup > 0 ? formatEuro(tx.roundup, { cents: true, keepZeroDecimals: true }) : '',
    roundupState,
    reason: tx.roundup_reason ? ROUNDUP_REASON_TEXT[tx.roundup_reason] : null,
  };
}

function consentText(status: ConsentStatus, expiresAt: string | null): string {
  const on = expiresAt ? formatDisplayDate(expiresAt.slice(0, 10)) : '';
  switch (status) {
    case 'active':
      return `Linked until ${on}`;
    case 'expiring':
      return `The link ends on ${on}: renew it to keep your round-ups coming`;
    case 'expired':
      return `The link ended on ${on}: renew it to read new purchases`;
    case 'revoked':
      return 'Unlinked: no new purchases are read';
    default:
      return 'Not linked';
  }
}

function accountView(account: Account, now: number): AccountView {
  const status = account.consent.status;
  const transactions = account.transactions.map(transactionView);
  return {
    id: account.id,
    bank: account.display_name,
    name: account.name ?? account.display_name,
    iban: account.account_number.iban,
    currency: account.currency ?? 'EUR',
    roundups: account.roundups,
    funding: account.funding,
    canCollectFrom: (account.currency ?? 'EUR') === 'EUR' && !account.funding,
    pendingBalance: formatEuro(account.balance, { keepZeroDecimals: true }),
    consent: {
      status,
      text: consentText(status, account.consent.expires_at),
      renewVisible: (status === 'active' || status === 'expiring' || status === 'expired') && renewalOpen(account.consent.expires_at, now),
      consentId: account.consent.id,
    },
    lastRead: account.last_synced_at ? formatDisplayDateTime(account.last_synced_at) : 'never',
    nextRead: account.next_sync_at ? formatDisplayDateTime(account.next_sync_at) : null,
    stale: isStale(account.last_synced_at, now),
    transactions,
    recent: transactions.slice(0, RECENT_TRANSACTIONS),
    olderCount: Math.max(0, transactions.length - RECENT_TRANSACTIONS),
  };
}

/** The relief a payment of the pending round-ups would earn now, and what the age limit does to it. */
function reliefOf(snapshot: Snapshot, cents: number): { relief: string | null; limitNote: string | null } {
  const { user, now } = snapshot.context;
  if (cents <= 0) return { relief: null, limitNote: null };
  const today = calendarDay(new Date(now));
  const euro = cents / 100;
  const relief = contributionRelief(user, euro, today);
  const { headroom, limit } = pensionProgress(user, today);
  let limitNote: string | null = null;
  if (limit > 0 && headroom <= 0) limitNote = 'You have reached this year’s tax relief limit for your age: round-ups still go to your pension, without further relief.';
  else if (limit > 0 && euro > headroom) limitNote = `Only ${formatEuro(headroom, { keepZeroDecimals: true })} of this earns tax relief: it reaches this year’s limit for your age.`;
  return { relief: relief > 0 ? `${formatEuro(relief, { keepZeroDecimals: true })} tax relief` : null, limitNote };
}

/** The form values as the request: every field sent, an empty one as null (off); the date as YYYY-MM-DD. */
function settingsRequestOf(values: RoundupSettingsFormValues) {
  const date = values.paused_until.trim();
  return {
    weekly_cap: values.weekly_cap === '' ? null : values.weekly_cap,
    balance_floor: values.balance_floor === '' ? null : values.balance_floor,
    paused_until: date === '' ? null : (displayDateToApiDate(date) ?? date),
  };
}

const settingsFormFor = memoLast((today: string): Pick<RoundupSettingsForm, 'latestPause' | 'validate' | 'toRequest'> => {
  const day = parseApiDate(today) ?? calendarDay(new Date(0));
  const schema = roundupSettingsRequestSchema(day);
  return {
    latestPause: formatDisplayDate(day.add(MAX_PAUSE_DAYS, 'day')),
    validate(values) {
      const result = v.safeParse(schema, settingsRequestOf(values));
      const errors: Record<string, string> = {};
      for (const [field, messages] of Object.entries(issueFieldErrors(result.issues))) if (messages[0]) errors[field] = messages[0];
      // A typed date that is not DD.MM.YYYY says so, not the range message of its converted form.
      if (values.paused_until.trim() !== '' && displayDateToApiDate(values.paused_until.trim()) === null) errors.paused_until = DATE_INVALID;
      return errors;
    },
    toRequest(values) {
      const parsed = v.safeParse(schema, settingsRequestOf(values));
      return parsed.success ? parsed.output : null;
    },
  };
});

/** The form's starting values: the saved settings (the same object while they are the same). */
const initialSettingsValues = memoLast(
  (settings: RoundupSettings): RoundupSettingsFormValues => ({
    weekly_cap: settings.weekly_cap ?? '',
    balance_floor: settings.balance_floor ?? '',
    paused_until: apiDateToDisplayDate(settings.paused_until) ?? '',
  }),
);

/** The pending round-ups in the order the server collects them: oldest booking first. */
const roundupsCount = (count: number) => (count === 1 ? '1 round-up' : `${count} round-ups`);

/** What this week's cap takes of the pending round-ups at the next Confirm, and what waits; null without a cap or anything pending. */
function capOf(accounts: Parameters<typeof pendingOldestFirst>[0], settings: RoundupSettings): RoundupSettingsView['cap'] {
  const pending = pendingOldestFirst(accounts);
  const left = capLeftCents(settings);
  if (left !== null && pending.length > 0) {
    const taken = takeWithinCap(pending, left);
    const takesCents = pending.slice(0, taken).reduce((sum, cents) => sum + cents, 0);
    const waitsCents = pending.slice(taken).reduce((sum, cents) => sum + cents, 0);
    const takes = formatEuro(takesCents, { cents: true, keepZeroDecimals: true });
    const waits = formatEuro(waitsCents, { cents: true, keepZeroDecimals: true });
    const waitsCount = pending.length - taken;
    return {
      takes,
      takesCount: taken,
      waits,
      waitsCount,
      text:
        waitsCount === 0
          ? `All ${roundupsCount(taken)} (${takes}) fit within this week’s cap.`
          : `${taken === 0 ? 'This week’s cap is used up' : `The next Confirm collects ${roundupsCount(taken)} (${takes})`}: ${roundupsCount(waitsCount)} (${waits}) ${waitsCount === 1 ? 'waits' : 'wait'} for next week.`,
    };
  }
  return null;
}

function settingsView(snapshot: Snapshot, settings: RoundupSettings): RoundupSettingsView {
  const { context } = snapshot;
  const cent = (euro: number) => formatEuro(euro, { keepZeroDecimals: true });
  const weeklyCap = settings.weekly_cap === null ? null : cent(settings.weekly_cap);
  const balanceFloor = settings.balance_floor === null ? null : cent(settings.balance_floor);
  const pausedUntil = apiDateToDisplayDate(settings.paused_until);
  const collectedThisWeek = cent(settings.collected_this_week);
  const funding = context.accounts.find((account) => account.funding);
  const cap = capOf(context.accounts, settings);
  const today = formatApiDate(calendarDay(new Date(context.now)));
  const failedSave = snapshot.value === 'failed' && context.failed === 'saveSettings';
  return {
    weeklyCap,
    balanceFloor,
    pausedUntil,
    collectedThisWeek,
    capText: weeklyCap === null ? 'No weekly cap' : `At most ${weeklyCap} a week (${collectedThisWeek} collected this week)`,
    floorText:
      balanceFloor === null
        ? 'No minimum balance'
        : `Nothing is collected if it would leave less than ${balanceFloor}${funding ? ` in ${funding.display_name} ${funding.account_number.iban}` : ' in the account collected from'}`,
    pauseText: pausedUntil === null ? 'Not paused' : `Paused until ${pausedUntil}`,
    paused: pausedUntil !== null,
    cap,
    form: { ...settingsFormFor(today), key: JSON.stringify([settings.weekly_cap, settings.balance_floor, settings.paused_until]), initialValues: initialSettingsValues(settings) },
    canSave: snapshot.can({ type: 'settings.save', changes: {} }),
    saving: snapshot.value === 'savingSettings',
    fieldErrors: failedSave ? fieldErrorsOf(context.error) : fieldErrorsOf(null),
  };
}

/** What the daily prompt on every signed-in page shows (RoundupsPrompt): the part of `roundupsView` it reads. */
export type RoundupsPromptView = Pick<RoundupsView, 'busy' | 'banner' | 'planAlert' | 'error'>;

/**
 * The daily prompt's view alone: it is worked out on every signed-in page, so it leaves out what
 * only /roundups and /linked-bank-accounts show (the transactions by day, the accounts, the
 * settings' texts, the pension gauge), which took a phone tens of milliseconds per change.
 */
export function roundupsPromptView(snapshot: Snapshot): RoundupsPromptView {
  return promptParts(snapshot).prompt;
}

/** The prompt's view, and what the full view reuses of its workings. */
function promptParts(snapshot: Snapshot) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const idle = snapshot.value === 'idle';
  const pending = pendingRoundups(context.accounts);
  const amount = formatEuro(pending.cents, { cents: true, keepZeroDecimals: true });
  const relief = reliefOf(snapshot, pending.cents);
  const actionable = idle && pending.count > 0;
  // This week's cap leaves room for none of them: a Confirm would pay nothing, so it is not offered, and the prompt says why.
  const capFull = capUsedUp(context.accounts, context.settings);
  const capNote = capFull && context.settings ? (capOf(context.accounts, context.settings)?.text ?? null) : null;
  const page = { amount, count: pending.count, ...relief, capNote, confirmEnabled: actionable && !capFull, declineEnabled: actionable };
  const prompt: RoundupsPromptView = {
    busy,
    banner: { visible: promptVisible({ pendingCents: pending.cents, pendingCount: pending.count, closedAt: context.closedAt, now: context.now }), title: PROMPT_TITLE, ...page },
    planAlert: { visible: snapshot.value === 'planRequired', title: PENSION_PLAN_REQUIRED_TITLE, text: PENSION_PLAN_REQUIRED_TEXT, button: PENSION_PLAN_REQUIRED_BUTTON },
    error: snapshot.value === 'failed' && context.error ? { message: failureMessage(context.error), canRetry: true, about: context.failed } : null,
  };
  return { prompt, page, idle };
}

export function roundupsView(snapshot: Snapshot): RoundupsView {
  const { context } = snapshot;
  const { prompt, page, idle } = promptParts(snapshot);
  const settings = context.settings ? settingsView(snapshot, context.settings) : null;
  const names = new Map(context.accounts.map((account) => [account.id, `${account.display_name} ${account.account_number.iban}`]));
  const withAccount = context.accounts.flatMap((account) =>
    account.transactions.map((tx) => ({ ...transactionView(tx), account: names.get(account.id) ?? '', roundups: account.roundups, bookingDate: tx.booking_date ?? tx.timestamp.slice(0, 10) })),
  );
  const byDate = new Map<string, (TransactionView & { account: string })[]>();
  for (const { roundups: _roundups, bookingDate, ...tx } of [...withAccount].sort((a, b) => b.bookingDate.localeCompare(a.bookingDate))) {
    if (tx.roundupState !== 'applied' && tx.roundupState !== 'declined') continue;
    const day = formatDisplayDate(bookingDate);
    byDate.set(day, [...(byDate.get(day) ?? []), tx]);
  }
  const notice = context.applied
    ? context.applied.count === 0
      ? 'There were no round-ups to send.'
      : `${formatEuro(context.applied.amount, { keepZeroDecimals: true })} of round-ups is on its way to your pension${context.applied.relief ? `, earning ${formatEuro(context.applied.relief, { keepZeroDecimals: true })} tax relief` : ''}.`
    : context.declined
      ? `${context.declined.count === 1 ? '1 round-up was' : `${context.declined.count} round-ups were`} declined.`
      : null;

  const progress = pensionProgress(context.user, calendarDay(new Date(context.now)));
  return {
    loading: !context.loaded,
    ...prompt,
    page,
    notice: idle ? notice : null,
    accounts: context.accounts.map((account) => accountView(account, context.now)),
    pending: withAccount.filter((tx) => tx.roundupState === 'waiting' && tx.roundups).map(({ roundups: _roundups, bookingDate: _date, ...tx }) => tx),
    history: [...byDate].map(([date, items]) => ({ date, items })),
    graph: context.graph?.datasets[0]
      ? { labels: context.graph.labels, data: context.graph.datasets[0].data, color: GRAPH_COLOR, strokeWidth: GRAPH_STROKE_WIDTH }
      : null,
    settings,
    pension: { current: progress.current, limit: progress.limit },
  };
}
