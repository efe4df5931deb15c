/**
 * A saved Form 11 claim's figures, worked out again whenever the claim is read: what the user
 * entered (the snapshot) is the record; the figures are one computation of it under today's
 * rules and the owner's profile as it now stands. So a claim saved when each category was
 * estimated on its own reads, from the first read after the change, as the whole-claim engine
 * computes it, and one saved before a form changed shape is brought to the new shape first.
 */
import * as v from 'valibot';
import { categoryTitle, isForm11Category, type Form11Category } from '../catalogue.ts';
import type { Dayjs } from '../dates.ts';
import { form11Schema, type Form11Data } from '../schemas/form11/index.ts';
import { computeClaim, type ClaimItem, type ClaimOptions, type ClaimSummary } from './claim.ts';
import { signedAmount } from './engine.ts';
import { occupationFromText, flatRateExpense } from './flatRateExpenses.ts';
import type { TaxProfile } from './types.ts';
import { isSupportedTaxYear } from './years.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a category saved before its form changed shape becomes: flat rate expenses were a typed
 * job and amount, and are now an occupation from Revenue's list (picked by the typed job when it
 * names one; otherwise the answer needs updating). Anything else is returned as it is.
 */
export function upgradeSavedData(category: Form11Category, data: unknown): unknown {
  if (category === 'flat-rate-expenses' && isRecord(data) && typeof data.occupation === 'string' && !flatRateExpense(data.occupation)) {
    const entry = occupationFromText(data.occupation);
    return entry ? { ...data, occupation: entry.id } : data;
  }
  return data;
}

/** Why a saved answer has no figure: it no longer makes a valid form (a field the form now asks). */
export function needsUpdateNote(category: Form11Category): string {
  return `This answer was saved before the ${categoryTitle(category)} form changed and is missing something it now asks: open it again to update it. It counts as €0 until then.`;
}

export interface SavedClaimFigures {
  /** Category → euro: + tax back, − tax due (0 for an answer that needs updating). */
  readonly refunds: Readonly<Record<string, number>>;
  /** Category → what the line's figure needs saying: a cut by the claim's limits, or an answer to update. */
  readonly notes: Readonly<Record<string, string>>;
  /** The claim as a whole (null for a year the engine has no figures for). */
  readonly summary: ClaimSummary | null;
}

/**
 * The figures of a saved claim for `year`: every category of `snapshot` read as its form reads
 * it today (dates checked against `today`), as one claim for `profile`.
 */
export function savedClaimFigures(year: number, snapshot: Readonly<Record<string, unknown>>, profile: TaxProfile, options: ClaimOptions, today: Dayjs): SavedClaimFigures {
  if (!isSupportedTaxYear(year)) return { refunds: {}, notes: {}, summary: null };
  const items: ClaimItem[] = [];
  const refunds: Record<string, number> = {};
  const notes: Record<string, string> = {};
  for (const [category, saved] of Object.entries(snapshot)) {
    if (!isForm11Category(category)) {
      refunds[category] = 0;
      continue;
    }
    const parsed = v.safeParse(form11Schema(category, today), upgradeSavedData(category, saved));
    if (!parsed.success) {
      refunds[category] = 0;
      notes[category] = needsUpdateNote(category);
      continue;
    }
    items.push({ category, data: parsed.output as Form11Data<typeof category> });
  }
  const claim = computeClaim(year, profile, items, options);
  for (const line of claim.lines) {
    refunds[line.category] = signedAmount(line);
    // What a line needs saying: why the claim's limits cut it, or why it comes to nothing.
    if (line.cut) notes[line.category] = line.cut;
    else if (line.amount === 0 && line.direction === 'taxBack') notes[line.category] = line.explanation;
  }
  return { refunds, notes, summary: claim.summary };
}
