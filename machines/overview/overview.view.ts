import type { SnapshotFrom } from 'xstate';
import { calendarDay, daysLeftInYear, parseApiDate } from '../../src/domain/dates.ts';
import { mandateOutlook } from '../../src/domain/directDebit.ts';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import { formatEuro } from '../../src/domain/money.ts';
import { pensionProgress } from '../../src/domain/pension.ts';
import { refundSoFar, refundSoFarWords, type RefundSoFar, type RefundSoFarWords } from '../../src/domain/refundTotal.ts';
import { taxbackCreditsByYear, type TaxbackYear } from '../../src/domain/taxbackCredits.ts';
import type { OverviewMachine } from './overview.machine.ts';

type Snapshot = Pick<SnapshotFrom<OverviewMachine>, 'context' | 'matches' | 'can'>;

export interface OverviewView {
  year: number;
  /** Days to 31 December. */
  daysLeft: number;
  /** The gauge: the year's pension over the relief limit (euro). */
  pension: { current: number; limit: number; headroom: number };
  /**
   * "My Tax Refund so far": the relief on this year's MaxOut contributions plus the approved claims
   * (figures in euro), the words of the headline and of what is pending, and the bar's share in %
   * (the relief earned over what the year's room would earn).
   */
  refund: RefundSoFar & RefundSoFarWords & { share: number };
  credits: TaxbackYear[];
  maxingOpen: boolean;
  /**
   * The active direct debit: what it collects, when next, how many collections are left this year,
   * and a warning when one of them would pass the relief limit (null: no mandate); `paused` says
   * until when it is paused; "Pause the direct debit" is offered beside the warning (`canPause`),
   * busy while `pausing`, with `pauseError` when it failed.
   */
  directDebit: {
    summary: string;
    next: string;
    remaining: string;
    warning: string | null;
    paused: string | null;
    canPause: boolean;
    pausing: boolean;
    pauseError: string | null;
  } | null;
}

function longDate(date: string): string {
  return parseApiDate(date)?.format('D MMMM YYYY') ?? date;
}

/** The Overview as /landing shows it. */
export function overviewView(snapshot: Snapshot): OverviewView {
  const { user, today } = snapshot.context;
  const day = parseApiDate(today) ?? calendarDay(new Date(0));
  const progress = pensionProgress(user, day);
  const figures = refundSoFar(user, day);
  return {
    year: day.year(),
    daysLeft: daysLeftInYear(day),
    pension: { current: progress.current, limit: progress.limit, headroom: progress.headroom },
    refund: {
      ...figures,
      ...refundSoFarWords(figures),
      share: figures.pensionReliefMax > 0 ? Math.min(100, (figures.pensionRelief / figures.pensionReliefMax) * 100) : 0,
    },
    credits: taxbackCreditsByYear(user?.form11 ?? []),
    maxingOpen: snapshot.matches('maxing'),
    directDebit: directDebitOf(snapshot, progress.headroom, day),
  };
}

function directDebitOf(snapshot: Snapshot, headroom: number, day: ReturnType<typeof calendarDay>): OverviewView['directDebit'] {
  const { mandate, pauseError } = snapshot.context;
  if (!mandate) return null;
  // A paused mandate's skipped collections are not counted, so a pause to 31 December leaves no warning.
  const outlook = mandateOutlook(mandate, headroom, day);
  const count = outlook.remaining.length;
  const warning = outlook.overLimitFrom
    ? `The collection on ${longDate(outlook.overLimitFrom)} would pass your tax relief limit: ${formatEuro(outlook.overBy, { keepZeroDecimals: true })} this year would earn no relief.`
    : null;
  return {
    summary: `${formatEuro(mandate.amount, { keepZeroDecimals: true })} a month from ${mandate.iban_masked}, on day ${mandate.day_of_month}`,
    next: outlook.next ? `Next collection: ${longDate(outlook.next)}` : '',
    remaining:
      count === 0
        ? `No more collections in ${day.year()}.`
        : `${count} ${count === 1 ? 'collection' : 'collections'} still to come in ${day.year()}: ${formatEuro(outlook.remainingTotal, { keepZeroDecimals: true })}.`,
    warning,
    paused: mandate.paused_until ? `Paused until ${longDate(mandate.paused_until)}: nothing is collected until then.` : null,
    canPause: warning !== null && snapshot.can({ type: 'overview.pause' }),
    pausing: snapshot.matches('pausing'),
    pauseError: pauseError ? failureMessage(pauseError) : null,
  };
}
