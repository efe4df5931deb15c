import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { PensionContractCategory } from '../../src/domain/pensionRefund.ts';
import type { User } from '../../src/domain/schemas/user.ts';

/** What "add to my claim" sends for one year: the contract's Form 11 page and its data. */
export interface PensionClaim {
  year: number;
  category: PensionContractCategory;
  /** `incomeInYear`: the user's income that year, which the year's limit and rate are worked out from. */
  answer: { providerName: string; policyNumber: string; contributionsPaid: number; incomeInYear?: number };
}

export interface PensionRefundInput {
  /** The signed-in user (their claims, income and age); later changes arrive as `session.user.changed`. */
  user: User | null;
  /** The Irish calendar date, YYYY-MM-DD: which years are still open. */
  today: string;
}

export interface PensionRefundContext extends PensionRefundInput {
  /** The year being added now, or null. */
  adding: number | null;
  /** Years added during this visit (the profile's claims show them once reloaded). */
  added: number[];
  /** The last refusal, with its year (the year's card shows it). */
  failure: { year: number; error: ApiFailure } | null;
}

export type PensionRefundEvent =
  /** "Add to my claim" on one year's card, with what the form holds (already validated). */
  | { type: 'claim.add'; claim: PensionClaim }
  /** The session's user changed (the claim was added and the profile reloaded): the cards follow. */
  | { type: 'session.user.changed'; user: User | null };

/** `busy`: a year is being added. */
export type PensionRefundTag = 'busy';

/** POST /answer into the year's Form 11 claim; a refusal (422, 403 without PAYE authorisation) resolves as data. */
export type AddClaimResult = { ok: true } | { ok: false; error: ApiFailure };
export type AddClaimLogic = PromiseActorLogic<AddClaimResult, PensionClaim>;
