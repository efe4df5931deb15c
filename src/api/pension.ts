import * as v from 'valibot';
import {
  ContributeAnswerSchema,
  ContributionsAnswerSchema,
  DirectDebitAnswerSchema,
  type ContributionRequest,
  type DirectDebitPauseRequest,
  type DirectDebitRequest,
  type PensionInfoRequest,
} from '../domain/schemas/pension.ts';
import { UserSchema } from '../domain/schemas/user.ts';
import { type ApiClient, getJson, postJson } from './client.ts';

/** Pension setup, contributions and direct debits: one typed function per call (README, API). */

export function savePensionInfo(client: ApiClient, body: PensionInfoRequest, signal?: AbortSignal) {
  return postJson(client, 'pension-info', body, UserSchema, { signal });
}

export function getContributions(client: ApiClient, signal?: AbortSignal) {
  return getJson(client, 'contributions', ContributionsAnswerSchema, { signal });
}

/** The same `idempotencyKey` for a retry of the same payment: the server then never pays twice. */
export async function contribute(client: ApiClient, body: ContributionRequest, idempotencyKey: string, signal?: AbortSignal) {
  const answer = await client.post('contribute', { json: body, headers: { 'Idempotency-Key': idempotencyKey }, signal }).json();
  return v.parse(ContributeAnswerSchema, answer);
}

export function getDirectDebit(client: ApiClient, signal?: AbortSignal) {
  return getJson(client, 'direct-debit', DirectDebitAnswerSchema, { signal });
}

export function saveDirectDebit(client: ApiClient, body: DirectDebitRequest, signal?: AbortSignal) {
  return postJson(client, 'direct-debit', body, DirectDebitAnswerSchema, { signal });
}

export function cancelDirectDebit(client: ApiClient, signal?: AbortSignal) {
  return postJson(client, 'direct-debit/cancel', {}, DirectDebitAnswerSchema, { signal });
}

/** POST /direct-debit/pause: no collection up to `until` (31 December of this year when left out). */
export function pauseDirectDebit(client: ApiClient, body: DirectDebitPauseRequest = {}, signal?: AbortSignal) {
  return postJson(client, 'direct-debit/pause', body, DirectDebitAnswerSchema, { signal });
}

/** POST /direct-debit/resume: the paused mandate collects again from today. */
export function resumeDirectDebit(client: ApiClient, signal?: AbortSignal) {
  return postJson(client, 'direct-debit/resume', {}, DirectDebitAnswerSchema, { signal });
}
