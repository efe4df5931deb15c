/**
 * The Overview's "Taxback credits": the user's Form 11 claims grouped by tax year, newest first
 * (spec section 4), each with its status, the refund per credit or relief (a share of the year's
 * one computation, with the note of a line the claim's limits cut), the income declared (its own
 * list: tax due on income is not a credit), the estimate and the approved total.
 */
import { categoryTitle, claimCategoriesOf, isForm11Category, isIncomeTypeId } from './catalogue.ts';
import { roundToCents } from './money.ts';
import { type ClaimStatus, type Form11Entry, claimStatusOf } from './schemas/form11Entry.ts';

export interface TaxbackCategoryLine {
  category: string;
  title: string;
  /** Euro: + tax back, − tax due. */
  amount: number;
  status: ClaimStatus;
  /** Why the figure is less than the line on its own, or €0, in words (the claim's note); null when nothing needs saying. */
  note: string | null;
}

export interface TaxbackYear {
  year: number;
  status: ClaimStatus;
  /** The credits and reliefs claimed. */
  categories: TaxbackCategoryLine[];
  /** The income declared (amount: − the tax it brings). */
  income: TaxbackCategoryLine[];
  /** Euro: the refunds of the approved categories. */
  totalApproved: number;
  /** Euro: the whole year's estimate, tax back less tax due (the lines add up to it). */
  estimated: number;
  /** Married users: the basis of assessment the figures use, in words. */
  assessment: string | null;
}

/** The status colours live with the status (a badge needs them without these rules). */
export { CLAIM_STATUS_COLOURS } from './schemas/form11Entry.ts';

export function taxbackCreditsByYear(entries: readonly Form11Entry[]): TaxbackYear[] {
  const byYear = new Map<number, Form11Entry[]>();
  for (const entry of entries) byYear.set(entry.year, [...(byYear.get(entry.year) ?? []), entry]);
  return [...byYear.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, group]) => {
      const lines = group.flatMap((entry) =>
        claimCategoriesOf(entry.snapshot).map((category) => ({
          category,
          title: isForm11Category(category) ? categoryTitle(category) : category,
          amount: entry.categoryRefunds[category] ?? 0,
          status: entry.categoryStatuses[category] ?? entry.status,
          note: entry.categoryNotes?.[category] ?? null,
        })),
      );
      return {
        year,
        status: claimStatusOf(group.map((entry) => entry.status)),
        categories: lines.filter((line) => !isIncomeTypeId(line.category)),
        income: lines.filter((line) => isIncomeTypeId(line.category)),
        totalApproved: roundToCents(group.reduce((sum, entry) => sum + entry.totalApprovedRefund, 0)),
        estimated: roundToCents(lines.reduce((sum, line) => sum + line.amount, 0)),
        assessment: group.find((entry) => entry.assessment)?.assessment ?? null,
      };
    });
}

/** Every approved refund across the years (euro). */
export function totalApprovedCredits(entries: readonly Form11Entry[]): number {
  return roundToCents(entries.reduce((sum, entry) => sum + entry.totalApprovedRefund, 0));
}
