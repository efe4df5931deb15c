import type { Context } from 'hono';
import * as v from 'valibot';
import * as m from '../../domain/schemas/messages.ts';
import {
  AccountIdSchema,
  AccountPatchRequestSchema,
  ConsentIdSchema,
  LinkCompleteRequestSchema,
  LinkRequestSchema,
  type LinkAnswer,
  type LinkCompleteAnswer,
} from '../../domain/schemas/roundups.ts';
import { type AppEnv, factory } from '../appEnv.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { requireAuth } from '../http/requireAuth.ts';
import { requireVerifiedEmail } from '../http/requireVerifiedEmail.ts';
import type { Services } from '../services/index.ts';

/** A body that may be left out: `{}` when none was sent, else read and validated like any JSON body. */
export async function optionalJson<TSchema extends v.GenericSchema>(c: Context<AppEnv>, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const length = c.req.header('content-length');
  if (c.req.raw.body === null || length === '0') return v.parse(schema, {});
  return readJson(c, schema);
}

/** A path id that must be a UUID: anything else is a 422 on `id`. */
function pathId(c: Context<AppEnv>, schema: v.GenericSchema<string, string>, message: string): string {
  const parsed = v.safeParse(schema, c.req.param('id'));
  if (!parsed.success) throw new ApiError(422, VALIDATION_MESSAGE, { id: [message] });
  return parsed.output;
}

/**
 * Linked bank accounts, for the signed-in user only: GET /accounts, PATCH /accounts/{id},
 * POST /accounts/link, POST /accounts/link/complete (both need a verified email address: they
 * act at the user's bank), POST /accounts/consents/{id}/revoke.
 */
export function bankAccountRoutes(services: Services) {
  const { bankAccounts } = services;
  const auth = requireAuth(services);
  const verified = requireVerifiedEmail();

  return factory
    .createApp()
    .get('/accounts', auth, async (c) => c.json(await bankAccounts.listAccounts(c.var.userId), 200))

    .patch('/accounts/:id', auth, async (c) => {
      const id = pathId(c, AccountIdSchema, m.ACCOUNT_UNKNOWN);
      const body = await readJson(c, AccountPatchRequestSchema);
      const updated = await bankAccounts.update(c.var.userId, id, body);
      if (updated === undefined) throw new ApiError(404, m.ACCOUNT_UNKNOWN);
      if (updated === 'not_eur') throw new ApiError(422, VALIDATION_MESSAGE, { funding: [m.FUNDING_EUR_ONLY] });
      c.var.log.info({ userId: c.var.userId, accountId: id, fields: Object.keys(body).sort() }, 'bank.account_updated');
      return c.json(updated, 200);
    })

    .post('/accounts/link', auth, verified, async (c) => {
      const body = await optionalJson(c, LinkRequestSchema);
      const started = await bankAccounts.startLink(c.var.userId, body.renew);
      if ('refused' in started) {
        throw new ApiError(422, VALIDATION_MESSAGE, { renew: [started.refused === 'unknown' ? m.CONSENT_UNKNOWN : m.CONSENT_NOT_RENEWABLE] });
      }
      c.var.log.info({ userId: c.var.userId, consentId: started.consentId, renews: body.renew ?? null }, 'bank.link_started');
      const answer: LinkAnswer = { consent_id: started.consentId, url: started.url };
      return c.json(answer, 201);
    })

    .post('/accounts/link/complete', auth, verified, async (c) => {
      const body = await readJson(c, LinkCompleteRequestSchema);
      const completed = await bankAccounts.completeLink(c.var.userId, body.consent_id, body.callback);
      if (completed === undefined) throw new ApiError(404, m.CONSENT_UNKNOWN);
      if (completed === 'invalid') throw new ApiError(422, VALIDATION_MESSAGE, { callback: [m.BANK_CALLBACK_INVALID] });
      const answer: LinkCompleteAnswer = completed;
      return c.json(answer, 200);
    })

    .post('/accounts/consents/:id/revoke', auth, async (c) => {
      const id = pathId(c, ConsentIdSchema, m.CONSENT_UNKNOWN);
      const consent = await bankAccounts.revoke(c.var.userId, id);
      if (!consent) throw new ApiError(404, m.CONSENT_UNKNOWN);
      return c.json({ consent }, 200);
    });
}
