import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { RetentionPlan } from '../../src/domain/schemas/account.ts';

export interface AccountCloseContext {
  /** What closing erases and keeps until when (before closing: the plan; after: what was kept). */
  plan: RetentionPlan | null;
  /** Why loading the plan or closing failed (a wrong password carries a field message). */
  error: ApiFailure | null;
}

export type AccountCloseEvent =
  /** Load the plan again after it failed to load. */
  | { type: 'close.retry' }
  /** "Close my account" with the password typed to confirm it. */
  | { type: 'close.submit'; password: string }
  /** After closing: leave (the session ends and the user goes to the login page). */
  | { type: 'close.finish' };

/** `busy`: a request is on its way. */
export type AccountCloseTag = 'busy';

export type LoadPlanResult = { ok: true; plan: RetentionPlan } | { ok: false; error: ApiFailure };
export type LoadPlanLogic = PromiseActorLogic<LoadPlanResult, void>;

export interface CloseAccountInput {
  password: string;
}
export type CloseAccountResult = { ok: true; plan: RetentionPlan } | { ok: false; error: ApiFailure };
export type CloseAccountLogic = PromiseActorLogic<CloseAccountResult, CloseAccountInput>;
