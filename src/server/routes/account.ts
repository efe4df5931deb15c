import { CloseAccountRequestSchema, PayeOptOutRequestSchema } from '../../domain/schemas/account.ts';
import { VALIDATION_MESSAGE, ApiError, readJson } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import { requireAuth } from '../http/requireAuth.ts';
import { requireTwoFactorSession } from '../http/requireTwoFactorSession.ts';
import { PASSWORD_INCORRECT, PASSWORD_NOT_SET, UNAUTHENTICATED } from '../http/schemas.ts';
import { factory } from '../appEnv.ts';
import type { Services } from '../services/index.ts';
import { irishToday } from '../services/users.ts';

/**
 * The account calls of /settings, for the signed-in user only: the PAYE opt-out, the download
 * of everything held about the user, and closing the account.
 */
export function accountRoutes(services: Services) {
  const { users, userData, passwords, rateLimiter, rateLimits, clock, audit } = services;
  const auth = requireAuth(services);
  // With two-step sign-in on, the whole file of data and closing need a session that gave a code.
  const codeProved = requireTwoFactorSession(services);

  return (
    factory
      .createApp()
      // Opting out stops refund processing under the PAYE authorisation until it is set back.
      .post('/paye-opt-out', auth, async (c) => {
        const body = await readJson(c, PayeOptOutRequestSchema);
        const updated = await users.updateProfile(c.var.userId, { opt_out_paye_auth: body.opt_out_paye_auth });
        if (!updated) throw new ApiError(401, UNAUTHENTICATED);
        c.var.log.info({ userId: c.var.userId, optOut: body.opt_out_paye_auth }, 'paye.opt_out.changed');
        return c.json(await users.toApi(updated), 200);
      })

      .get('/export', auth, codeProved, async (c) => {
        // The file carries the PPSN in clear, so it is recorded like a reveal: who and when, never the value.
        if (c.var.user.ppsnEncrypted !== null) await audit.record(c.var.userId, 'ppsn.exported', c.var.requestId);
        const document = await userData.exportFor(c.var.user);
        c.var.log.info({ userId: c.var.userId }, 'account.exported');
        c.header('Content-Disposition', `attachment; filename="maxout-data-${irishToday(clock.now())}.json"`);
        c.header('Cache-Control', 'no-store');
        return c.json(document, 200);
      })

      .get('/account/retention', auth, async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await userData.retentionPlan(c.var.userId), 200);
      })

      .post('/account/close', auth, codeProved, async (c) => {
        const body = await readJson(c, CloseAccountRequestSchema);
        const user = c.var.user;
        // Wrong passwords count with the account's other password checks (change password, two-step off).
        const hit = await rateLimiter.hit(rateLimits.passwordCheckPerAccount, user.id);
        throwIfLimited([hit]);
        if (!user.passwordHash) {
          await passwords.dummyVerify(body.password);
          throw new ApiError(422, VALIDATION_MESSAGE, { password: [PASSWORD_NOT_SET] });
        }
        if (!(await passwords.verify(user.passwordHash, body.password))) {
          c.var.log.info({ userId: user.id }, 'account.close.wrong_password');
          throw new ApiError(422, VALIDATION_MESSAGE, { password: [PASSWORD_INCORRECT] });
        }
        await hit.refund();
        const result = await userData.close(user);
        c.var.log.info({ userId: user.id, kept: result.kept.length, keptUntil: result.keptUntil }, 'account.closed');
        return c.json(result, 200);
      })
  );
}
