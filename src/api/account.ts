import { type RetentionPlan, RetentionPlanSchema } from '../domain/schemas/account.ts';
import { UserSchema } from '../domain/schemas/user.ts';
import { type ApiClient, type CallOptions, getJson, postJson } from './client.ts';

/**
 * The account calls behind /settings: the PAYE opt-out, the data download and closing the
 * account. Each takes the session's client.
 */

/** POST /paye-opt-out: true pauses refund processing under the PAYE authorisation; answers the updated user. */
export function setPayeOptOut(client: ApiClient, optOut: boolean, options: CallOptions = {}) {
  return postJson(client, 'paye-opt-out', { opt_out_paye_auth: optOut }, UserSchema, options);
}

/** The file the server names in Content-Disposition, or a dated default. */
export function exportFileName(contentDisposition: string | null, today: string): string {
  const match = /filename="([^"/\\]+)"/.exec(contentDisposition ?? '');
  return match?.[1] ?? `maxout-data-${today}.json`;
}

/** GET /export: everything held about the user, as the JSON file the server sends, and its name. */
export async function downloadExport(client: ApiClient, today: string, options: CallOptions = {}): Promise<{ blob: Blob; fileName: string }> {
  const response = await client.get('export', { signal: options.signal });
  const blob = await response.blob();
  return { blob, fileName: exportFileName(response.headers.get('content-disposition'), today) };
}

/** GET /account/retention: what closing the account would erase, and what is kept until when. */
export function getRetentionPlan(client: ApiClient, options: CallOptions = {}): Promise<RetentionPlan> {
  return getJson(client, 'account/retention', RetentionPlanSchema, options);
}

/** POST /account/close with the password; answers what was kept until when. */
export function closeAccount(client: ApiClient, password: string, options: CallOptions = {}): Promise<RetentionPlan> {
  return postJson(client, 'account/close', { password }, RetentionPlanSchema, options);
}
