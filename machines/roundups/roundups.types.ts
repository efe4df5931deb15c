/**
 * Types of the round-ups machine (spec sections 3, 4, 8 and 9): the session-scoped actor behind
 * the daily prompt (banner), /roundups and /linked-bank-accounts.
 *
 * Sections: context, input, events, actor contracts, action parameters, tags, system id.
 */
import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Account, AccountPatchRequest, ApplyAnswer, ClearAnswer, Graph, RoundupSettings, RoundupSettingsRequest } from '../../src/domain/schemas/roundups.ts';
import type { User } from '../../src/domain/schemas/user.ts';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────

/** What failed last, so Retry repeats it (with the same Idempotency-Key for a Confirm). */
export type RoundupsRequest = 'apply' | 'clear' | 'updateAccount' | 'saveSettings';

/** Plain JSON; times are wall-clock epoch milliseconds. */
export interface RoundupsContext {
  /** The signed-in user as the session has it (the runtime tells every session actor `session.user.changed`). */
  user: User;
  /** GET /accounts, the last that loaded (kept when a later fetch fails). */
  accounts: Account[];
  /** GET /graph, or null until it loaded. */
  graph: Graph | null;
  /** GET /roundups/settings, or null until they loaded. */
  settings: RoundupSettings | null;
  /** True once the first fetch answered (whatever it answered). */
  loaded: boolean;
  /** When the prompt was last closed (Confirm or Decline) on this device by this user; null: never. */
  closedAt: number | null;
  /** The latest time the machine was told (input, a click, an answer, a tick, a timer). Never moves back. */
  now: number;
  /**
   * The Idempotency-Key of the Confirm in flight or failed: made by the app with the click,
   * reused by Retry, forgotten once the answer arrived or the failure was dismissed.
   */
  key: string | null;
  /** The account change in flight or failed. */
  accountChange: { id: string; changes: AccountPatchRequest } | null;
  /** The settings change in flight or failed. */
  settingsChange: RoundupSettingsRequest | null;
  /** The last Confirm's result: what was paid and the relief it earned. */
  applied: (ApplyAnswer['applied'] & { relief: number | null }) | null;
  /** The last Decline's result. */
  declined: ClearAnswer['declined'] | null;
  /** Why the last request failed (shown with Retry), or null. */
  error: ApiFailure | null;
  failed: RoundupsRequest | null;
}

// ─── Input ───────────────────────────────────────────────────────────────────────────────────

export interface RoundupsInput {
  user: User;
  /** When this user last closed the prompt on this device (the app keeps it per user), or null. */
  closedAt: number | null;
  /** The time at start (epoch ms). */
  now: number;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────

export type RoundupsEvent =
  /** Confirm on the banner or /roundups at `at`, with a fresh Idempotency-Key made by the app. */
  | { type: 'roundups.confirm'; key: string; at: number }
  /** Decline at `at`: the pending round-ups are cleared. */
  | { type: 'roundups.decline'; at: number }
  /** Try the failed request again (a Confirm with the same key). */
  | { type: 'roundups.retry' }
  /** Close the failure message or the pension-plan alert. */
  | { type: 'roundups.dismiss' }
  /** "Set up now" on the pension-plan alert: to /profile, back to /roundups after. */
  | { type: 'roundups.setUpPlan' }
  /** Something changed the accounts elsewhere (a bank link completed or was revoked): fetch again. */
  | { type: 'roundups.refresh' }
  /** A switch on /linked-bank-accounts: round-ups on or off, or collect from this account. */
  | { type: 'account.update'; id: string; changes: AccountPatchRequest }
  /** The weekly cap, minimum balance or pause saved. */
  | { type: 'settings.save'; changes: RoundupSettingsRequest }
  /** The session's user changed (a save, a reload, a Confirm here): the runtime tells every running flow. Null (signed out) is ignored. */
  | { type: 'session.user.changed'; user: User | null }
  /** The time now (the page became visible again): the snooze and the hourly refresh judge by it. */
  | { type: 'clock.tick'; now: number };

export type RoundupsEventType = RoundupsEvent['type'];

// ─── Actor contracts (expected failures are data; a rejected promise is an outage) ───────────

export type Fetched<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

/** GET /accounts, /graph and /roundups/settings side by side; each part may fail alone. `now`: when they answered. */
export interface LoadDataResult {
  accounts: Fetched<Account[]>;
  graph: Fetched<Graph>;
  settings: Fetched<RoundupSettings>;
  now: number;
  /** When this device last saw the user close the prompt (the app's storage; another tab may have closed it), or null. */
  closedAt?: number | null;
}
export type LoadDataLogic = PromiseActorLogic<LoadDataResult, void>;

/** POST /roundups/apply with the key. */
export type ApplyResult = { ok: true; answer: ApplyAnswer; now: number } | { ok: false; error: ApiFailure };
export type ApplyLogic = PromiseActorLogic<ApplyResult, { key: string }>;

/** POST /roundups/clear. */
export type ClearResult = { ok: true; answer: ClearAnswer; now: number } | { ok: false; error: ApiFailure };
export type ClearLogic = PromiseActorLogic<ClearResult, void>;

/** PATCH /accounts/{id}: answers the account as it now is. */
export type UpdateAccountResult = { ok: true; account: Account } | { ok: false; error: ApiFailure };
export type UpdateAccountLogic = PromiseActorLogic<UpdateAccountResult, { id: string; changes: AccountPatchRequest }>;

/** PATCH /roundups/settings: answers the settings as they now are. */
export type SaveSettingsResult = { ok: true; settings: RoundupSettings } | { ok: false; error: ApiFailure };
export type SaveSettingsLogic = PromiseActorLogic<SaveSettingsResult, RoundupSettingsRequest>;

// ─── Action parameters (the app provides the effects) ────────────────────────────────────────

/** The user after a Confirm goes to the session (auth `profile.updated`, through the app's `announceUser`), so the gauge rises without a reload. */
export type UserUpdatedParams = { user: User };
/** The app keeps the closing time per user (local storage), so a reload keeps the prompt closed for the day. */
export type ClosedAtParams = { userEmail: string; at: number };
export type NavigateParams = { to: string };
/** Fetch failures are logged and swallowed (spec §8). */
export type LogFailureParams = { what: 'accounts' | 'graph' | 'settings' | 'load'; error: ApiFailure };

// ─── Tags, system id ─────────────────────────────────────────────────────────────────────────

/** `busy`: a request runs (buttons disabled); `loading`: the data is being fetched. */
export type RoundupsTag = 'busy' | 'loading';

/** The session registry runs this machine for the signed-in user under this system id (its flow name, src/app/flows/catalogue.ts). */
export const ROUNDUPS_SYSTEM_ID = 'roundups';

/** Accounts and graph are fetched again this often while signed in. */
export const ROUNDUPS_REFRESH_MS = 3_600_000;

/** Where "Set up now" leads (spec §8: /profile, returnTo /roundups). */
export const PLAN_SETUP_PATH = '/profile?returnTo=/roundups';
