import type { SnapshotFrom } from 'xstate';
import { calendarDay, daysLeftInYear, parseApiDate } from '../../src/domain/dates.ts';
import { pensionProgress } from '../../src/domain/pension.ts';
import { taxbackCreditsByYear, type TaxbackYear } from '../../src/domain/taxbackCredits.ts';
import { centsToEuro } from '../../src/domain/money.ts';
import type { OverviewMachine } from './overview.machine.ts';

type Snapshot = Pick<SnapshotFrom<OverviewMachine>, 'context' | 'matches'>;

export interface OverviewView {
  year: number;
  /** Days to 31 December. */
  daysLeft: number;
  /** The gauge: the year's pension over the relief limit (euro). */
  pension: { current: number; limit: number; headroom: number };
  /** "My Tax Refund so far": the relief earned over the most it could be (euro), and the bar's share in %. */
  refund: { amount: number; max: number; share: number };
  credits: TaxbackYear[];
  maxingOpen: boolean;
}

/** The Overview as /landing shows it. */
export function overviewView(snapshot: Snapshot): OverviewView {
  const { user, today } = snapshot.context;
  const day = parseApiDate(today) ?? calendarDay(new Date(0));
  const progress = pensionProgress(user, day);
  const amount = centsToEuro(user?.taxback ?? 0);
  return {
    year: day.year(),
    daysLeft: daysLeftInYear(day),
    pension: { current: progress.current, limit: progress.limit, headroom: progress.headroom },
    refund: { amount, max: progress.maxTaxback, share: progress.maxTaxback > 0 ? Math.min(100, (amount / progress.maxTaxback) * 100) : 0 },
    credits: taxbackCreditsByYear(user?.form11 ?? []),
    maxingOpen: snapshot.matches('maxing'),
  };
}
