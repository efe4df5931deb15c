import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { DirectDebitRequest, Mandate } from '../../src/domain/schemas/pension.ts';
import type { StepUpProof } from '../shared/stepUp.ts';

export interface DirectDebitInput {
  /** The Irish calendar date the screen opened on, YYYY-MM-DD (the start date's range is read from it). */
  today: string;
}

export interface DirectDebitContext extends DirectDebitInput {
  /** The active mandate, or null when there is none. */
  mandate: Mandate | null;
  /** The request waiting for the user to confirm it is them (a new account), sent again once they have. */
  pending: DirectDebitRequest | null;
  /** What the last change did, for a short confirmation on the view. */
  /** `saved`: a new mandate; `changed`: the active one replaced by the form's values. */
  notice: 'saved' | 'changed' | 'cancelled' | 'paused' | 'resumed' | null;
  error: ApiFailure | null;
}

export type DirectDebitEvent =
  /** Open the form: set up a mandate, or change the active one. */
  | { type: 'directDebit.edit' }
  /** Save the form (the shared schema accepted it). */
  | { type: 'directDebit.submit'; request: DirectDebitRequest }
  /** Leave the form or the cancel question without changing anything. */
  | { type: 'directDebit.back' }
  /** Ask to cancel the active mandate. */
  | { type: 'directDebit.cancel' }
  /** Confirm the cancellation. */
  | { type: 'directDebit.cancelConfirm' }
  /** Pause the active mandate (to 31 December): no collection until then. */
  | { type: 'directDebit.pause' }
  /** Resume the paused mandate: it collects again from today. */
  | { type: 'directDebit.resume' }
  /** Load again after a failed load. */
  | { type: 'directDebit.reload' }
  /** The password the server asked for before collecting from a new account. */
  | { type: 'directDebit.stepUp'; proof: StepUpProof };

export type DirectDebitTag = 'busy';

export type MandateResult = { ok: true; mandate: Mandate | null } | { ok: false; error: ApiFailure };
export type LoadMandateLogic = PromiseActorLogic<MandateResult, void>;
export type SaveMandateLogic = PromiseActorLogic<MandateResult, DirectDebitRequest>;
export type CancelMandateLogic = PromiseActorLogic<MandateResult, void>;
export type PauseMandateLogic = PromiseActorLogic<MandateResult, void>;
export type ResumeMandateLogic = PromiseActorLogic<MandateResult, void>;
