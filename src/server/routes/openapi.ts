import { Form11EntrySchema } from '../../domain/schemas/form11Entry.ts';
import { ContributionSchema, MandateSchema } from '../../domain/schemas/pension.ts';
import { RefundAnswerSchema } from '../../domain/schemas/refundCalculation.ts';
import { SessionResponseSchema, UserSchema } from '../../domain/schemas/user.ts';
import { factory } from '../appEnv.ts';
import { type ApiDescription, type OpenApiDocument, type RouteKey, apiRouteKeys, buildOpenApiDocument } from '../http/openapi.ts';
import { referencePage } from '../http/openapiReference.ts';
import { accountApi } from './account.openapi.ts';
import { answersApi } from './answers.openapi.ts';
import { appInfoApi } from './appInfo.openapi.ts';
import { bankAccountsApi, sandboxBankApi } from './bankAccounts.openapi.ts';
import { authApi } from './auth.openapi.ts';
import { cspApi } from './csp.openapi.ts';
import { healthApi } from './health.openapi.ts';
import { passwordApi } from './password.openapi.ts';
import { payeApi } from './paye.openapi.ts';
import { pensionApi } from './pension.openapi.ts';
import { profileApi } from './profile.openapi.ts';
import { roundupsApi } from './roundups.openapi.ts';
import { securityApi } from './security.openapi.ts';
import { taxApi } from './tax.openapi.ts';

/** The description of this module's own routes. */
export const openApiApi: ApiDescription = {
  'GET /openapi.json': { summary: 'This document (OpenAPI 3.1)', responses: { 200: 'The document.' } },
  'GET /reference': { summary: 'A readable page of this document (development only)', responses: { 200: { description: 'HTML.', contentType: 'text/html' } } },
};

/**
 * Every route module's description (routes/<resource>.openapi.ts), one entry per module. A new
 * route is described in its module's file; a new module adds its file here.
 */
export const API_DESCRIPTION: ApiDescription = {
  ...healthApi,
  ...appInfoApi,
  ...authApi,
  ...passwordApi,
  ...profileApi,
  ...accountApi,
  ...securityApi,
  ...taxApi,
  ...answersApi,
  ...payeApi,
  ...pensionApi,
  ...bankAccountsApi,
  ...roundupsApi,
  ...sandboxBankApi,
  ...cspApi,
  ...openApiApi,
};

/** Routes that exist only in some configurations (the reference page: development only; the sandbox bank's page: when it is the bank provider). */
export const OPTIONAL_ROUTES: RouteKey[] = ['GET /reference', 'GET /sandbox-bank/consents/:ref', 'POST /sandbox-bank/consents/:ref'];

/** Schemas that appear in many answers: named once under components, referenced elsewhere. */
export const API_COMPONENTS = {
  User: UserSchema,
  SessionResponse: SessionResponseSchema,
  Form11Entry: Form11EntrySchema,
  Contribution: ContributionSchema,
  Mandate: MandateSchema,
  RefundAnswer: RefundAnswerSchema,
};

export const API_VERSION = '1.0.0';

/** The document for an app with these routes. */
export function apiDocument(routes: readonly RouteKey[]): OpenApiDocument {
  return buildOpenApiDocument({ routes, descriptions: API_DESCRIPTION, components: API_COMPONENTS, version: API_VERSION });
}

/**
 * GET /openapi.json (public: it says what the routes take and answer, nothing about users) and,
 * in development, GET /reference. `app` is the API app this is mounted in; the document is built
 * from its routes once, on first use.
 */
export function openApiRoutes(app: { routes: readonly { method: string; path: string }[] }, options: { reference: boolean }) {
  let document: OpenApiDocument | undefined;
  const current = () => (document ??= apiDocument(apiRouteKeys(app)));
  const routes = factory.createApp().get('/openapi.json', (c) => c.json(current(), 200));
  if (options.reference) routes.get('/reference', (c) => c.html(referencePage(current()), 200));
  return routes;
}
