import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';

/**
 * What proves it is still the user before moving money (a large payment, a new account): the
 * password, or a code from the authenticator app. The server asks with 403 `step_up_required`;
 * the machine asks the user, sends POST /security/step-up, then repeats the same request.
 */
export type StepUpProof = { password: string } | { code: string };
export type StepUpResult = { ok: true } | { ok: false; error: ApiFailure };
export type StepUpLogic = PromiseActorLogic<StepUpResult, StepUpProof>;
