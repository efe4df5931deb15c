import * as v from 'valibot';
import {
  ApplyAnswerSchema,
  ClearAnswerSchema,
  GraphAnswerSchema,
  RoundupSettingsSchema,
  type ApplyAnswer,
  type ClearAnswer,
  type Graph,
  type RoundupSettings,
  type RoundupSettingsRequest,
} from '../domain/schemas/roundups.ts';
import { type ApiClient, type CallOptions, getJson, postJson } from './client.ts';

/** Round-ups and their graph: one typed function per call (README, API). */

/**
 * POST /roundups/apply with an Idempotency-Key: the same key for a retry of the same Confirm,
 * so a lost answer is never paid twice. Nothing pending answers `applied.count` 0 and
 * `contribution: null`; a refusal (409 `pension_plan_required` or `balance_floor`, 402 declined)
 * is a failure with its status and the server's message.
 */
export async function applyRoundups(client: ApiClient, idempotencyKey: string, options: CallOptions = {}): Promise<ApplyAnswer> {
  const answer = await client.post('roundups/apply', { json: {}, headers: { 'Idempotency-Key': idempotencyKey }, signal: options.signal }).json();
  return v.parse(ApplyAnswerSchema, answer);
}

/** POST /roundups/clear: Decline; the pending round-ups are never collected. */
export function clearRoundups(client: ApiClient, options: CallOptions = {}): Promise<ClearAnswer> {
  return postJson(client, 'roundups/clear', {}, ClearAnswerSchema, options);
}

/** GET /graph: round-ups paid per month, the last 12 months. */
export function getGraph(client: ApiClient, options: CallOptions = {}): Promise<Graph> {
  return getJson(client, 'graph', GraphAnswerSchema, options);
}

/** GET /roundups/settings: the weekly cap, the minimum balance, the pause (null = off). */
export function getRoundupSettings(client: ApiClient, options: CallOptions = {}): Promise<RoundupSettings> {
  return getJson(client, 'roundups/settings', RoundupSettingsSchema, options);
}

/** PATCH /roundups/settings: fields left out stay as they are; null turns one off. */
export async function updateRoundupSettings(client: ApiClient, body: RoundupSettingsRequest, options: CallOptions = {}): Promise<RoundupSettings> {
  return v.parse(RoundupSettingsSchema, await client.patch('roundups/settings', { json: body, signal: options.signal }).json());
}
