import type { User } from '../../src/domain/schemas/user.ts';

/** The user's claim in flight in the guided flow: its year and the page they stopped at. */
export interface UnfinishedClaim {
  year: number;
  /** 1-based: "page n of m". */
  page: number;
  pages: number;
}

export interface RefundOptionsInput {
  /** The signed-in user when the screen opened; later changes arrive as `session.user.changed`. */
  user: User | null;
  /** The Irish calendar date, YYYY-MM-DD (the tax year whose contributions earn relief). */
  today: string;
  /** The claim the guided flow holds (kept across reloads), or null: the page offers to start one. */
  claim: UnfinishedClaim | null;
}

export type RefundOptionsContext = RefundOptionsInput;

export type RefundOptionsEvent =
  /** The session's user changed (a claim decided, a payment made): the total follows. */
  | { type: 'session.user.changed'; user: User | null }
  /** "Continue my claim": back to the page the guided flow stopped at. */
  | { type: 'claim.continue' }
  /** "Move to your bank account": how the refund reaches the bank. */
  | { type: 'refundOptions.bank.open' }
  | { type: 'refundOptions.bank.close' };
