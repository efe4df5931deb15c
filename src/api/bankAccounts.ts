import * as v from 'valibot';
import {
  AccountSchema,
  AccountsAnswerSchema,
  LinkAnswerSchema,
  LinkCompleteAnswerSchema,
  RevokeAnswerSchema,
  type Account,
  type AccountPatchRequest,
  type Consent,
  type LinkAnswer,
  type LinkCompleteAnswer,
} from '../domain/schemas/roundups.ts';
import { type ApiClient, type CallOptions, getJson, postJson } from './client.ts';

/**
 * Linked bank accounts: one typed function per call (README, API). Each takes the session's
 * client; answers are validated (a wrong shape is a failure, not data).
 */

/** GET /accounts: the linked accounts with their links, pending round-ups and transactions (newest first). */
export function getAccounts(client: ApiClient, options: CallOptions = {}): Promise<Account[]> {
  return getJson(client, 'accounts', AccountsAnswerSchema, options);
}

/** PATCH /accounts/{id}: round-ups on or off, or collect round-ups from this account; answers the account as it now is. */
export async function updateAccount(client: ApiClient, id: string, body: AccountPatchRequest, options: CallOptions = {}): Promise<Account> {
  return v.parse(AccountSchema, await client.patch(`accounts/${encodeURIComponent(id)}`, { json: body, signal: options.signal }).json());
}

/** POST /accounts/link: a new bank link (or the renewal of `renew`); answers the link and the bank page to send the browser to. */
export function startBankLink(client: ApiClient, renew: string | null = null, options: CallOptions = {}): Promise<LinkAnswer> {
  return postJson(client, 'accounts/link', renew ? { renew } : {}, LinkAnswerSchema, options);
}

/**
 * POST /accounts/link/complete with the query the bank sent the browser back with
 * (`location.search`); answers the link as it stands and the accounts it linked.
 */
export function completeBankLink(client: ApiClient, consentId: string, callback: string, options: CallOptions = {}): Promise<LinkCompleteAnswer> {
  return postJson(client, 'accounts/link/complete', { consent_id: consentId, callback }, LinkCompleteAnswerSchema, options);
}

/** POST /accounts/consents/{id}/revoke: ends a bank link; its accounts keep their history. */
export async function revokeBankLink(client: ApiClient, consentId: string, options: CallOptions = {}): Promise<Consent> {
  return (await postJson(client, `accounts/consents/${encodeURIComponent(consentId)}/revoke`, {}, RevokeAnswerSchema, options)).consent;
}
