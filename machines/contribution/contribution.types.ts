import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { ContributeAnswer, Contribution, ContributionRequest, ContributionsAnswer, Mandate } from '../../src/domain/schemas/pension.ts';
import type { User } from '../../src/domain/schemas/user.ts';

/**
 * What the form needs from the server: the years a payment may count for, sources, what is paid,
 * the payments not confirmed yet (not in `contributed`: the form says so before another), and the
 * direct debit (GET /direct-debit), whose collections still to come this year a round payment
 * leaves room for.
 */
export type ContributionOptions = Pick<ContributionsAnswer, 'tax_year' | 'assignable_years' | 'contributed' | 'sources'> & {
  pending: Contribution[];
  mandate: Mandate | null;
};

/** /contribute takes any amount; /round-payment offers the room left this year. */
export type ContributionMode = 'contribute' | 'roundPayment';

export interface ContributionInput {
  mode: ContributionMode;
  /** The signed-in user as the session had them when the screen opened (the relief figures read it). */
  user: User | null;
  /** The Irish calendar date the screen opened on, YYYY-MM-DD. */
  today: string;
  /** /contribute: an amount to start the form with (the refund to reinvest, or the draft a reload kept), euro. */
  suggestedAmount?: number | undefined;
  /** /contribute: the tax year and the source of the draft a reload kept (each used only if still offered). */
  suggestedYear?: number | undefined;
  suggestedSource?: string | undefined;
}

export interface ContributionContext extends ContributionInput {
  options: ContributionOptions | null;
  /** The payment being reviewed or confirmed. */
  draft: ContributionRequest | null;
  /**
   * The Idempotency-Key of the draft: made when the draft is reviewed, reused by every retry of
   * its confirmation, replaced only when the draft is edited. So a lost answer is retried without
   * paying twice.
   */
  key: string | null;
  /** The paid contribution and the relief it earned. */
  result: ContributeAnswer | null;
  error: ApiFailure | null;
}

export type ContributionEvent =
  /** Review the payment (amount, year, source) with a fresh idempotency key made by the app. */
  | { type: 'contribution.review'; draft: ContributionRequest; key: string }
  /** Back from review (or from a failure) to the form; the next review gets a new key. */
  | { type: 'contribution.edit' }
  /** Pay the reviewed draft. */
  | { type: 'contribution.confirm' }
  /** Try the same payment again with the same key (its answer was lost). */
  | { type: 'contribution.retry' }
  /** Load the options again after they failed to load. */
  | { type: 'contribution.reload' }
  /** The password (or an authenticator code) the server asked for before this payment. */
  | { type: 'contribution.stepUp'; proof: StepUpProof };

export type ContributionTag = 'busy';

/** The draft under review to keep in the address, or null to clear it; /round-payment keeps none. */
export interface DraftInAddressParams {
  mode: ContributionMode;
  draft: ContributionRequest | null;
}

export type LoadOptionsResult = { ok: true; options: ContributionOptions } | { ok: false; error: ApiFailure };
export type LoadOptionsLogic = PromiseActorLogic<LoadOptionsResult, void>;

export interface PayInput {
  draft: ContributionRequest;
  key: string;
}
export type PayResult = { ok: true; answer: ContributeAnswer } | { ok: false; error: ApiFailure };
export type PayLogic = PromiseActorLogic<PayResult, PayInput>;

/** The app hands the user after a payment to the session (auth `profile.updated`). */
export type UserPaidParams = { user: User };

/** HTTP status of a payment the provider declined. */
export const DECLINED_STATUS = 402;

import type { StepUpProof } from '../shared/stepUp.ts';
export type { StepUpLogic, StepUpProof, StepUpResult } from '../shared/stepUp.ts';
