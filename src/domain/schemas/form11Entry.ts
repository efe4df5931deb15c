/**
 * A Form 11 entry as the API returns it in the profile's `form11` list (spec section 3): one claim
 * per user and tax year, with a snapshot of what was entered per category, its status, and the
 * refund each category is worth. Money here is euro (the database keeps cents).
 */
import * as v from 'valibot';
import { responseObject } from './fields.ts';

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Badge colour per status (spec section 4): pending yellow, approved green, rejected red. */
export const CLAIM_STATUS_COLOURS: Readonly<Record<ClaimStatus, 'yellow' | 'green' | 'red'>> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

export const Form11EntrySchema = responseObject({
  id: v.string(),
  year: v.number(),
  /** Category (form slug or income type id) → the data entered for it. */
  snapshot: v.nullish(v.record(v.string(), v.unknown()), {}),
  created_at: v.string(),
  /** The claim as a whole: pending until every category is decided. */
  status: v.picklist(CLAIM_STATUSES),
  /** Category → its own status (a claim may be approved for some categories and not others). */
  categoryStatuses: v.nullish(v.record(v.string(), v.picklist(CLAIM_STATUSES)), {}),
  /** Category → euro of tax back (negative: tax due on declared income). */
  categoryRefunds: v.nullish(v.record(v.string(), v.number()), {}),
  /** Euro: the sum of the refunds of the approved categories. */
  totalApprovedRefund: v.nullish(v.number(), 0),
  /**
   * Category → what its figure needs saying: how much of a credit or relief the claim's limits
   * left usable and why ("€1,950 of credit, €0 of it usable this year: …"), or that the answer
   * needs updating. Optional (older servers and fixtures leave it out).
   */
  categoryNotes: v.optional(v.nullable(v.record(v.string(), v.string()))),
  /** Euro: the whole claim, tax back less tax due (the categories' refunds add up to it). */
  estimatedRefund: v.optional(v.nullable(v.number())),
  /** Married users: the basis of assessment the figures use, in words. */
  assessment: v.optional(v.nullable(v.string())),
  /** Euro of credit the claim could not use (never refunded). */
  unusedCredit: v.optional(v.nullable(v.number())),
});
export type Form11Entry = v.InferOutput<typeof Form11EntrySchema>;

/**
 * The status of a whole claim from its categories' statuses: pending while any category is
 * pending, approved when at least one category was approved, rejected when all were rejected.
 * A claim with no categories is pending.
 */
export function claimStatusOf(statuses: readonly ClaimStatus[]): ClaimStatus {
  if (statuses.length === 0 || statuses.includes('pending')) return 'pending';
  return statuses.includes('approved') ? 'approved' : 'rejected';
}
