/**
 * "My Tax Refund so far" (the Overview and the refund options page): what is really coming back to
 * the user. Two sources count:
 * - the relief on the contributions paid through MaxOut this tax year (pension paid through payroll,
 *   `paid_pension`, was relieved at source and brings nothing back);
 * - the Form 11 refunds Revenue approved.
 * Categories still with Revenue are named beside the total, never added to it; a negative figure
 * (tax due on declared income) is said as what the user may owe.
 */
import type { Dayjs } from 'dayjs';
import { formatEuro, formatEuroWhole, roundToCents } from './money.ts';
import { contributionRelief, type PensionUser } from './pension.ts';
import type { Form11Entry } from './schemas/form11Entry.ts';

export interface RefundSoFarUser extends PensionUser {
  form11: readonly Pick<Form11Entry, 'year' | 'categoryStatuses' | 'categoryRefunds' | 'snapshot'>[];
}

/** A tax year's claim lines still with Revenue, net (negative: tax due). */
export interface PendingYear {
  year: number;
  amount: number;
}

export interface RefundSoFar {
  /** Euro: the relief the year's MaxOut contributions earn (up to the relief limit). */
  pensionRelief: number;
  /** Euro: the relief the year's whole room for MaxOut contributions would earn. */
  pensionReliefMax: number;
  /** Euro: the net of every approved claim line (negative: tax due). */
  approved: number;
  /**
   * Euro: the net of the claim lines still with Revenue, per tax year, newest first (years that net
   * to nothing left out). A refund for one year never offsets tax due for another in these words:
   * each year is its own assessment.
   */
  pendingByYear: readonly PendingYear[];
  /** Euro: pensionRelief + approved, what the headline shows. */
  total: number;
}

function finite(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The claim lines' net: approved over every claim, pending per tax year (a line's status defaults to pending). */
function claimTotals(entries: RefundSoFarUser['form11']): { approved: number; pendingByYear: PendingYear[] } {
  let approved = 0;
  const pending = new Map<number, number>();
  for (const entry of entries) {
    for (const category of Object.keys(entry.snapshot)) {
      const amount = finite(entry.categoryRefunds[category]);
      const status = entry.categoryStatuses[category] ?? 'pending';
      if (status === 'approved') approved += amount;
      else if (status === 'pending') pending.set(entry.year, (pending.get(entry.year) ?? 0) + amount);
    }
  }
  const pendingByYear = [...pending]
    .map(([year, amount]) => ({ year, amount: roundToCents(amount) }))
    .filter((pendingYear) => pendingYear.amount !== 0)
    .sort((a, b) => b.year - a.year);
  return { approved: roundToCents(approved), pendingByYear };
}

/** The refund so far of `user` on `today` (the Irish date); all zeros without a user. */
export function refundSoFar(user: RefundSoFarUser | null, today: Dayjs): RefundSoFar {
  if (!user) return { pensionRelief: 0, pensionReliefMax: 0, approved: 0, pendingByYear: [], total: 0 };
  const payroll = Math.max(0, finite(user.paid_pension));
  const contributed = Math.max(0, finite(user.pension) - payroll);
  // Relief on MaxOut contributions = the relief the year's pension earns on top of the payroll part.
  const beforeMaxOut = { ...user, pension: payroll };
  const pensionRelief = contributionRelief(beforeMaxOut, contributed, today);
  const pensionReliefMax = contributionRelief(beforeMaxOut, Number.MAX_SAFE_INTEGER, today);
  const { approved, pendingByYear } = claimTotals(user.form11);
  return { pensionRelief, pensionReliefMax, approved, pendingByYear, total: roundToCents(pensionRelief + approved) };
}

/** "You may owe about €7,460": a tax-due figure, in whole euro (it is an estimate). */
export function mayOweWords(amount: number): string {
  return `You may owe about ${formatEuroWhole(Math.abs(amount))}`;
}

export interface RefundSoFarWords {
  /** "€1,439.96", or "You may owe about €7,460" when the total is tax due. */
  headline: string;
  owes: boolean;
  /**
   * Beside the headline: "€839.96 pending with Revenue", or what a pending result may cost; with
   * claims for more than one year pending, each year's ("… for 2025; you may owe about €3,800 on
   * the claim for 2024 …"). Null when nothing is pending.
   */
  pendingNote: string | null;
}

/** One year's pending figure in words; `year` only when more than one year is pending. */
function pendingWords({ year, amount }: PendingYear, named: boolean): string {
  const forYear = named ? ` for ${year}` : '';
  return amount > 0 ? `${formatEuro(amount, { keepZeroDecimals: true })} pending with Revenue${forYear}` : `${mayOweWords(amount)} on the claim${forYear} pending with Revenue`;
}

/** The headline and the note beside it, as both screens say them. */
export function refundSoFarWords(figures: Pick<RefundSoFar, 'total' | 'pendingByYear'>): RefundSoFarWords {
  const owes = figures.total < 0;
  const headline = owes ? mayOweWords(figures.total) : formatEuro(figures.total, { keepZeroDecimals: true });
  const named = figures.pendingByYear.length > 1;
  const words = figures.pendingByYear.map((pendingYear) => pendingWords(pendingYear, named));
  // "You may owe …" starts a sentence alone; after another year's words it follows a semicolon.
  const pendingNote = words.length === 0 ? null : words.map((text, i) => (i === 0 ? text : text.replace(/^You may/, 'you may'))).join('; ');
  return { headline, owes, pendingNote };
}

/**
 * The 8 ways to use a refund (spec section 2, Tax refund options), in the spec's order. Two are
 * things MaxOut does (`act`): put it into the pension (Contribute) and say how it reaches the bank
 * (Revenue pays it there). The others are ideas only, shown as information.
 */
export type RefundOptionAction = 'reinvest' | 'bank';

export interface RefundOption {
  title: string;
  act: RefundOptionAction | null;
  /** One line: what it means for the user. */
  text: string;
}

export const REFUND_OPTIONS: readonly RefundOption[] = [
  { title: 'Move to your bank account', act: 'bank', text: 'How your refund reaches your bank.' },
  { title: 'Reinvest to your pension', act: 'reinvest', text: 'Pay it into your pension: it earns tax relief again.' },
  { title: 'Financial protection', act: null, text: 'Life or income protection cover for you and your family.' },
  { title: 'Smart Invest savings', act: null, text: 'A regular savings or investment plan.' },
  { title: 'Build emergency fund', act: null, text: 'Three to six months of expenses set aside for the unexpected.' },
  { title: 'Pay Irish Life Health Premium', act: null, text: 'Put it toward your health insurance premium.' },
  { title: 'Car insurance', act: null, text: 'Put it toward your next car insurance renewal.' },
  { title: 'Home insurance', act: null, text: 'Put it toward your next home insurance renewal.' },
];

/** The tiles' titles, in the spec's order. */
export const REFUND_OPTION_TILES: readonly string[] = REFUND_OPTIONS.map((option) => option.title);

/** Where Revenue pays a refund ("Move to your bank account"). */
export const REFUND_TO_BANK_TEXT =
  'There is nothing to move: Revenue pays a tax refund straight into the bank account it holds for you, usually within a few weeks of approving the claim. Check that your bank details are up to date in myAccount on revenue.ie.';
