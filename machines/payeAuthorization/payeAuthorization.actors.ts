/**
 * Actor CONTRACTS of the PAYE authorisation machine, with harmless defaults: each answers as an
 * outage would, so nothing is sent and nothing is claimed to have happened. The app supplies the
 * real ones with `payeAuthorizationMachine.provide({ actors: { … } })`.
 */
import { fromPromise } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type {
  EnableAuthorisationLogic,
  EnableResult,
  LoadAgentLogic,
  LoadAgentResult,
  ResendResult,
  ResendVerificationLogic,
  SubmitAuthorisationInput,
  SubmitAuthorisationLogic,
  SubmitAuthorisationResult,
} from './payeAuthorization.types.ts';

export const loadAgent: LoadAgentLogic = fromPromise<LoadAgentResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));

export const submitAuthorisation: SubmitAuthorisationLogic = fromPromise<SubmitAuthorisationResult, SubmitAuthorisationInput>(async () => ({
  ok: false,
  error: NO_RESPONSE,
}));

export const enableAuthorisation: EnableAuthorisationLogic = fromPromise<EnableResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));

export const resendVerification: ResendVerificationLogic = fromPromise<ResendResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));
