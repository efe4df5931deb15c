import { categoryTitle, claimCategoriesOf, isForm11Category } from './catalogue.ts';
import type { Form11Entry } from './schemas/form11Entry.ts';
import { roundToCents } from './money.ts';

/** The refund recorded for a claim: the sum of its category refunds in euro (tax due on declared income subtracts), rounded to cents. */
export function claimRefund(entry: Pick<Form11Entry, 'categoryRefunds'>): number {
  return roundToCents(Object.values(entry.categoryRefunds).reduce((sum, amount) => sum + amount, 0));
}

/**
 * The refund recorded for a claim year: the sum of its claim's category refunds in euro (tax due
 * on declared income subtracts), rounded to cents; 0 without a claim for that year.
 */
export function claimRefundOfYear(entries: readonly Pick<Form11Entry, 'year' | 'categoryRefunds'>[], year: number): number {
  const entry = entries.find((e) => e.year === year);
  return entry ? claimRefund(entry) : 0;
}

/** The user's claims with `entry` (the server's answer to a post) in place of its year's, newest year first as the profile lists them. */
export function withClaim(entries: readonly Form11Entry[], entry: Form11Entry): Form11Entry[] {
  return [...entries.filter((e) => e.year !== entry.year), entry].sort((a, b) => b.year - a.year);
}

export interface ClaimNote {
  category: string;
  title: string;
  note: string;
}

/**
 * The notes of a claim year's lines that need one (a credit the liability left unused, a relief
 * at 20% because another took the 40% slice, an answer to update), in catalogue order; none
 * without a claim for that year.
 */
export function claimNotesOfYear(entries: readonly Pick<Form11Entry, 'year' | 'categoryNotes'>[], year: number): ClaimNote[] {
  const notes = entries.find((e) => e.year === year)?.categoryNotes ?? {};
  return claimCategoriesOf(notes)
    .filter(isForm11Category)
    .filter((category) => notes[category])
    .map((category) => ({ category, title: categoryTitle(category), note: notes[category] ?? '' }));
}
