import {
  PayeAuthorisationAnswerSchema,
  PayeAuthorisationStatusSchema,
  type PayeAuthorisationAnswer,
  type PayeAuthorisationStatus,
  type PayeFormData,
} from '../domain/schemas/payeAuthorisation.ts';
import { type ApiClient, type CallOptions, getJson, postJson } from './client.ts';

/** GET /paye-authorization: the fixed agent details the declaration shows, and the authorisation in force. */
export function getPayeAuthorisation(client: ApiClient, options: CallOptions = {}): Promise<PayeAuthorisationStatus> {
  return getJson(client, 'paye-authorization', PayeAuthorisationStatusSchema, options);
}

/** POST /paye-authorization {authorized: true, authorized_at, form_data}: signs the PAYE A1 declaration. */
export function postPayeAuthorisation(
  client: ApiClient,
  input: { authorizedAt: string; formData: PayeFormData },
  options: CallOptions = {},
): Promise<PayeAuthorisationAnswer> {
  return postJson(client, 'paye-authorization', { authorized: true, authorized_at: input.authorizedAt, form_data: input.formData }, PayeAuthorisationAnswerSchema, options);
}
