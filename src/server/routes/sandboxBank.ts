import type { Context } from 'hono';
import { factory, type AppEnv } from '../appEnv.ts';
import type { SandboxPageAnswer } from '../services/bankProvider.ts';
import type { Services } from '../services/index.ts';

/** A consent request's reference as the sandbox makes them (base64url). */
const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

const answer = (c: Context<AppEnv>, result: SandboxPageAnswer) => (result.kind === 'redirect' ? c.redirect(result.location, 303) : c.html(result.html, result.status));

const plainPage = (c: Context<AppEnv>, status: 400 | 404 | 415, text: string) =>
  c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox bank</title></head><body><main><p>${text}</p></main></body></html>`, status);

/**
 * The sandbox bank's consent page (services/bankProvider.ts), mounted only when the sandbox is
 * the bank provider: GET shows the form (HTML, no script), POST takes the customer's answer
 * (a form post) and sends the browser back to /linked-bank-accounts with 303. Public: the
 * browser arrives from the bank link, and the unguessable reference is the key to the request.
 */
export function sandboxBankRoutes(services: Services) {
  const app = factory.createApp();
  const sandbox = services.sandboxBank;
  if (!sandbox) return app;

  return app
    .get('/sandbox-bank/consents/:ref', async (c) => {
      const reference = c.req.param('ref');
      if (!REFERENCE.test(reference)) return plainPage(c, 404, 'This consent request does not exist.');
      return answer(c, await sandbox.consentPage(reference, c.req.query('bank')));
    })

    .post('/sandbox-bank/consents/:ref', async (c) => {
      const reference = c.req.param('ref');
      if (!REFERENCE.test(reference)) return plainPage(c, 404, 'This consent request does not exist.');
      if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) return plainPage(c, 415, 'Please answer with the form on the consent page.');
      let form: URLSearchParams;
      try {
        form = new URLSearchParams(await c.req.text());
      } catch {
        return plainPage(c, 400, 'The form could not be read.');
      }
      const one = (name: string) => form.get(name) ?? undefined;
      return answer(c, await sandbox.decide(reference, { decision: one('decision'), bank: one('bank'), validity: one('validity'), accounts: form.getAll('account') }));
    });
}
