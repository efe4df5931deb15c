/**
 * Actor CONTRACTS of the email verification banner, with a harmless default: it answers as an
 * outage would, so nothing is claimed to have been sent. The app supplies the real one with
 * `verifyEmailMachine.provide({ actors: { … } })`.
 */
import { fromPromise } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type { ResendResult, ResendVerificationLogic } from './verifyEmail.types.ts';

export const resendVerification: ResendVerificationLogic = fromPromise<ResendResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));
