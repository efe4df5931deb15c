import * as v from 'valibot';
import {
  AccountIdSchema,
  AccountPatchRequestSchema,
  AccountSchema,
  AccountsAnswerSchema,
  ConsentIdSchema,
  LinkAnswerSchema,
  LinkCompleteAnswerSchema,
  LinkCompleteRequestSchema,
  LinkRequestSchema,
  RevokeAnswerSchema,
} from '../../domain/schemas/roundups.ts';
import { EMAIL_UNVERIFIED, type ApiDescription, JSON_BODY_ERRORS, SIGNED_IN_ERRORS } from '../http/openapi.ts';

/** routes/bankAccounts.ts (Bank Accounts) */
export const bankAccountsApi: ApiDescription = {
  'GET /accounts': {
    summary: 'The linked bank accounts with their link, reads and recent transactions (IBAN masked)',
    signedIn: true,
    responses: { 200: { description: 'Accounts; `balance` is the pending round-ups in euro.', schema: AccountsAnswerSchema }, ...SIGNED_IN_ERRORS },
  },
  'PATCH /accounts/:id': {
    summary: 'Round-ups on or off for an account; `funding: true` collects round-ups from it',
    signedIn: true,
    params: { id: { description: 'The account id.', schema: AccountIdSchema } },
    body: AccountPatchRequestSchema,
    responses: {
      200: { description: 'The account.', schema: AccountSchema },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
      404: 'Not an account of the user.',
      422: 'The id is no UUID, a field is unknown or invalid, or `funding` on an account not in euro.',
    },
  },
  'POST /accounts/link': {
    summary: 'Start a bank link (or renew one): the bank’s consent page to send the browser to',
    signedIn: true,
    body: LinkRequestSchema,
    responses: {
      201: { description: 'The link, awaiting the customer’s answer at the bank.', schema: LinkAnswerSchema },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
      403: EMAIL_UNVERIFIED,
      422: '`renew` names no link of the user, or one that cannot be renewed; or a field is unknown. The body may be left out.',
    },
  },
  'POST /accounts/link/complete': {
    summary: 'Finish a bank link with the query string the bank returned the browser with (idempotent)',
    signedIn: true,
    body: LinkCompleteRequestSchema,
    responses: {
      200: { description: 'The link’s status (active, or cancelled / refused at the bank) and the accounts it links.', schema: LinkCompleteAnswerSchema },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
      403: EMAIL_UNVERIFIED,
      404: 'Not a link of the user.',
    },
  },
  'POST /accounts/consents/:id/revoke': {
    summary: 'End a bank link at the bank; its accounts are no longer read',
    signedIn: true,
    params: { id: { description: 'The link (consent) id.', schema: ConsentIdSchema } },
    responses: { 200: { description: 'The link, revoked.', schema: RevokeAnswerSchema }, ...SIGNED_IN_ERRORS, 404: 'Not a link of the user.', 422: 'The id is no UUID.' },
  },
};

const html = (description: string) => ({ description, contentType: 'text/html' });
const reference = { ref: { description: 'The consent request’s reference (from POST /accounts/link’s `url`).', schema: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) } };

/** routes/sandboxBank.ts: the sandbox bank's own consent page (mounted only when it is the bank provider). */
export const sandboxBankApi: ApiDescription = {
  'GET /sandbox-bank/consents/:ref': {
    summary: 'The sandbox bank’s consent page (HTML, no script)',
    params: reference,
    query: { bank: { description: 'The bank chosen on the first page.', schema: v.string() } },
    responses: { 200: html('The page.'), 404: html('No such request.'), 410: html('Already answered, or expired.') },
  },
  'POST /sandbox-bank/consents/:ref': {
    summary: 'The customer’s answer at the sandbox bank: 303 back to /linked-bank-accounts',
    params: reference,
    bodyContentTypes: ['application/x-www-form-urlencoded'],
    responses: {
      303: { description: 'Back to `/linked-bank-accounts?consent=<id>&…`.', headers: { Location: 'Where the browser goes.' } },
      400: html('The form could not be read.'),
      404: html('No such request.'),
      410: html('Already answered, or expired.'),
      415: html('Not a form post.'),
      422: html('Neither Approve nor Cancel.'),
    },
  },
};
