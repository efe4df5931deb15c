import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Mandate } from '../../src/domain/schemas/pension.ts';
import type { User } from '../../src/domain/schemas/user.ts';

export interface OverviewInput {
  /** The signed-in user when the Overview opened; later changes arrive as `session.user.changed`. */
  user: User | null;
  /** The Irish calendar date, YYYY-MM-DD (days left, the age band, the tax year). */
  today: string;
}

export interface OverviewContext extends OverviewInput {
  /** The active direct debit once loaded (null: none, or not loaded; a failed load shows nothing). */
  mandate: Mandate | null;
  /** Why the last "Pause the direct debit" failed, or null. */
  pauseError: ApiFailure | null;
}

/** GET /direct-debit: the active mandate, or null; a failure is `{ ok: false }` (the Overview then leaves it out). */
export type LoadMandateLogic = PromiseActorLogic<{ ok: true; mandate: Mandate | null } | { ok: false }, void>;

/** POST /direct-debit/pause (to 31 December): the paused mandate, or why not. */
export type PauseMandateLogic = PromiseActorLogic<{ ok: true; mandate: Mandate | null } | { ok: false; error: ApiFailure }, void>;

export type OverviewEvent =
  /** "Get Maxing": the dialog with Contribute, Direct debit and Round payment. */
  | { type: 'overview.maxing.open' }
  /** The dialog closed (its close button, Escape, or one of its links followed). */
  | { type: 'overview.maxing.close' }
  /** "Pause the direct debit" beside the warning that a collection would pass the relief limit. */
  | { type: 'overview.pause' }
  /** The session's user changed (a payment, a claim decided, a reload): the figures follow. */
  | { type: 'session.user.changed'; user: User | null };
