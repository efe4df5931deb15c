import type * as v from 'valibot';
import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { AgentDetails, payeFormSchema } from '../../src/domain/schemas/payeAuthorisation.ts';
import type { User } from '../../src/domain/schemas/user.ts';

// ─── Context and input ───────────────────────────────────────────────────────────────────────────

/** What the declaration form holds, as typed (the date of birth as DD.MM.YYYY). The form owns it. */
export interface PayeFormValues {
  firstName: string;
  lastName: string;
  ppsn: string;
  dateOfBirth: string;
  emailAddress: string;
  documentHolder: 'self';
  /** The signature pad's PNG data URL; null until something is drawn, and after Clear. */
  clientSignature: string | null;
}

/**
 * The declaration as Authorize sends it: the form's values as the form's schema parsed them (names
 * trimmed, every field present, a signature drawn). The date of birth stays DD.MM.YYYY.
 */
export type PayeDeclaration = v.InferOutput<ReturnType<typeof payeFormSchema>>;

export interface PayeAuthorizationInput {
  /** Where to go once authorised (the validated `returnTo` search param), or null for /tax-refund-questions. */
  returnTo: string | null;
  /** The user opted out of PAYE authorisation: the opt-out notice shows first. */
  optedOut: boolean;
  /** The account's email address is verified; until it is, the declaration cannot be signed. */
  emailVerified: boolean;
  /** The form's first values, from the profile (no signature). */
  prefill: PayeFormValues;
  /** The Irish calendar date the screen opened on, YYYY-MM-DD (the date of birth is judged on it). */
  today: string;
}

/** Plain JSON. */
export interface PayeAuthorizationContext {
  returnTo: string | null;
  optedOut: boolean;
  emailVerified: boolean;
  /** A new verification link was sent during this visit. */
  linkSent: boolean;
  prefill: PayeFormValues;
  today: string;
  /** The declaration last sent with Authorize; null before. */
  declaration: PayeDeclaration | null;
  /** The fixed agent details (GET /paye-authorization); null until loaded. */
  agent: AgentDetails | null;
  /** Two-step sign-in as it bears on signing (GET /paye-authorization); null until loaded. */
  twoFactor: PayeTwoFactorStanding | null;
  /** Why the last request failed (field messages included); cleared by the next request. */
  error: ApiFailure | null;
}

/**
 * Two-step sign-in for this signature: `enabled` for the account; `sessionVerified` when this
 * session gave a code. With it on and the session unverified, the server refuses the signature.
 */
export interface PayeTwoFactorStanding {
  enabled: boolean;
  sessionVerified: boolean;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export type PayeAuthorizationEvent =
  /** Authorize, with the values the form checked and parsed: post the declaration. */
  | { type: 'paye.authorize'; declaration: PayeDeclaration }
  /** Decline: leave for /tax-refund-options. */
  | { type: 'paye.decline' }
  /** "Enable PAYE Authorization" on the opt-out notice. */
  | { type: 'paye.enable' }
  /** Try loading the agent details again. */
  | { type: 'paye.retry' }
  /** Unverified email: send a new verification link. */
  | { type: 'paye.resend' };

// ─── Tags ────────────────────────────────────────────────────────────────────────────────────────

/** `busy`: a request is on its way (buttons disabled). */
export type PayeAuthorizationTag = 'busy';

// ─── Actor contracts ─────────────────────────────────────────────────────────────────────────────

/** Expected failures resolve as data; only a bug or an outage rejects. */
export type LoadAgentResult = { ok: true; agent: AgentDetails; twoFactor: PayeTwoFactorStanding } | { ok: false; error: ApiFailure };
/** GET /paye-authorization. */
export type LoadAgentLogic = PromiseActorLogic<LoadAgentResult, void>;

export interface SubmitAuthorisationInput {
  declaration: PayeDeclaration;
  agent: AgentDetails;
}
/** POST /paye-authorization; `user` is the profile as it now stands (authorised, opt-out cleared). */
export type SubmitAuthorisationResult = { ok: true; user: User } | { ok: false; error: ApiFailure };
export type SubmitAuthorisationLogic = PromiseActorLogic<SubmitAuthorisationResult, SubmitAuthorisationInput>;

/** POST /edit-profile {opt_out_paye_auth: false}: the updated user. */
export type EnableResult = { ok: true; user: User } | { ok: false; error: ApiFailure };
export type EnableAuthorisationLogic = PromiseActorLogic<EnableResult, void>;

/** POST /auth/resend-verification; `emailVerified` true when the address turned out verified already. */
export type ResendResult = { ok: true; emailVerified: boolean } | { ok: false; error: ApiFailure };
export type ResendVerificationLogic = PromiseActorLogic<ResendResult, void>;
