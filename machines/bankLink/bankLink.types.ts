/**
 * Types of the bank-link machine: linking (or renewing) bank accounts through the bank's
 * consent page, one actor per visit of /linked-bank-accounts or /bank-link/$url.
 *
 * Sections: context, input, events, actor contracts, action parameters, tags.
 */
import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { LinkAnswer, LinkCompleteAnswer } from '../../src/domain/schemas/roundups.ts';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────

/** Why nothing was linked: the user cancelled at the bank, the bank refused, the request expired, it was left unanswered, or the return did not belong to the link. */
export type NotLinkedReason = 'cancelled' | 'refused' | 'expired' | 'unanswered' | 'invalid';

export interface BankLinkContext {
  /** Where /bank-link may send the browser: our origin (the sandbox page) and the provider's origins. */
  appOrigin: string;
  providerOrigins: string[];
  /** The link being renewed (Renew), or null for a new one. */
  renew: string | null;
  /** The bank page to follow (/bank-link/$url). */
  url: string | null;
  /** The bank's return: our link's id and the query (`location.search`). */
  returned: { consentId: string; query: string } | null;
  /** The answer of a completed link. */
  result: LinkCompleteAnswer | null;
  notLinked: NotLinkedReason | null;
  error: ApiFailure | null;
  /** What Retry repeats. */
  failed: 'start' | 'complete' | null;
}

// ─── Input ───────────────────────────────────────────────────────────────────────────────────

export interface BankLinkInput {
  /** `location.origin` of the app. */
  appOrigin: string;
  /** Origins of the bank-link provider's consent pages (none with the sandbox bank, which is ours). */
  providerOrigins?: string[];
  /** /bank-link/$url: the page to follow. */
  url?: string | null;
  /** /linked-bank-accounts with a bank's return: its query (`location.search`). */
  returnQuery?: string | null;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────

export type BankLinkEvent =
  /** "Link an account" (renew: null) or "Renew" on a link. */
  | { type: 'bankLink.start'; renew: string | null }
  /** Try the failed request again. */
  | { type: 'bankLink.retry' }
  /** Close the failure message. */
  | { type: 'bankLink.dismiss' };

// ─── Actor contracts (expected failures are data; a rejected promise is an outage) ───────────

export type StartLinkResult = { ok: true; answer: LinkAnswer } | { ok: false; error: ApiFailure };
export type StartLinkLogic = PromiseActorLogic<StartLinkResult, { renew: string | null }>;

export type CompleteLinkResult = { ok: true; answer: LinkCompleteAnswer } | { ok: false; error: ApiFailure };
export type CompleteLinkLogic = PromiseActorLogic<CompleteLinkResult, { consentId: string; query: string }>;

// ─── Action parameters ───────────────────────────────────────────────────────────────────────

/** An in-app route (the router). */
export type NavigateParams = { to: string };
/** The bank's page: the browser leaves the app (`location.assign`). */
export type LeaveForParams = { url: string };

// ─── Tags ────────────────────────────────────────────────────────────────────────────────────

/** `busy`: a request runs (the buttons are disabled). */
export type BankLinkTag = 'busy';

/** The app's route that follows a bank page (spec §2: /bank-link/{url}). */
export const BANK_LINK_ROUTE = '/bank-link/';
