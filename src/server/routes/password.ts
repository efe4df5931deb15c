import { ForgotPasswordRequestSchema, ResetPasswordRequestSchema } from '../../domain/schemas/auth.ts';
import { factory } from '../appEnv.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import { PASSWORD_CHANGED, PASSWORD_SET, PASSWORD_TOO_COMMON, RESET_LINK_INVALID, RESET_LINK_SENT } from '../http/schemas.ts';
import type { Services } from '../services/index.ts';
import { deviceOf } from '../http/device.ts';

/** POST /send-password-reminder, GET and POST /reset-password (also used for the first password, purpose "set"). */
export function passwordRoutes({ users, passwords, passwordTokens, rateLimiter, rateLimits, accountMail, securityEvents, mailer, twoFactor }: Services) {
  const invalidLink = () => new ApiError(422, RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] });

  return factory
    .createApp()
    .post('/send-password-reminder', async (c) => {
      const body = await readJson(c, ForgotPasswordRequestSchema);
      const email = body.email.trim().toLowerCase();
      throwIfLimited([await rateLimiter.hit(rateLimits.forgotPerAccount, email), await rateLimiter.hit(rateLimits.forgotPerAddress, c.var.clientNetwork)]);
      // The same work on the request's path for known and unknown addresses: one lookup. Issuing
      // the link and mailing it happen after the answer, so its timing says nothing either (A6).
      const found = await users.findByEmail(email);
      // A closed account's placeholder address gets no link: nothing may bring it back.
      const user = found?.closedAt === null ? found : undefined;
      const log = c.var.log;
      mailer.defer(async () => {
        if (!user) {
          log.info({ known: false }, 'auth.password_reset.requested');
          return;
        }
        const token = await passwordTokens.issue(user.id, 'reset');
        await accountMail.resetPassword(user.email, token);
        log.info({ userId: user.id }, 'auth.password_reset.requested');
      });
      // The same answer whether or not the account exists (checklist A6).
      return c.json({ message: RESET_LINK_SENT }, 200);
    })

    // The link's page asks first, so a spent link says so before anything is typed. A lookup by
    // the token's hash, no password hash: 256 random bits leave nothing to guess, so no rate limit.
    .get('/reset-password/:token', async (c) => {
      const link = await passwordTokens.inspect(c.req.param('token'));
      if (!link) throw invalidLink();
      return c.json({ two_factor: link.twoFactor }, 200);
    })

    .post('/reset-password', async (c) => {
      const body = await readJson(c, ResetPasswordRequestSchema);
      if (await passwords.isCommon(body.password)) {
        throw new ApiError(422, VALIDATION_MESSAGE, { password: [PASSWORD_TOO_COMMON] });
      }
      // Failed submissions count; a success gives its hit back.
      const hit = await rateLimiter.hit(rateLimits.resetPerAddress, c.var.clientNetwork);
      throwIfLimited([hit]);
      // Cheap check first, so a bad link costs no password hash.
      if (!(await passwordTokens.isUsable(body.token))) {
        c.var.log.info('auth.password_reset.invalid_token');
        throw invalidLink();
      }
      const result = await passwordTokens.consume(body.token, await passwords.hash(body.password));
      if (!result) {
        c.var.log.info('auth.password_reset.invalid_token');
        throw invalidLink();
      }
      await hit.refund();
      // The mailbox owner proved control: a login lock-out from guessing attackers ends here (A5).
      await rateLimiter.clear(rateLimits.loginPerAccount, result.email);
      await rateLimiter.clear(rateLimits.loginPerAccountAddress, result.email);
      await accountMail.passwordChanged(result.email, result.purpose);
      await securityEvents.record(result.userId, 'password_changed', { device: deviceOf(c), detail: result.purpose });
      c.var.log.info({ userId: result.userId, purpose: result.purpose }, 'auth.password_changed');
      // The link proves the mailbox: an owner who lost the authenticator app (or never put it
      // there: it was planted) turns two-step sign-in off here, and hears of it.
      if (body.turn_off_two_factor === true && (await twoFactor.disable(result.userId))) {
        await securityEvents.record(result.userId, 'two_factor_disabled', { device: deviceOf(c), detail: 'reset' });
        await accountMail.twoFactorChanged(result.email, false);
        c.var.log.info({ userId: result.userId }, 'security.two_factor.disabled_by_reset');
      }
      // Not signed in: the client goes to the login screen (checklist B4).
      return c.json({ message: result.purpose === 'set' ? PASSWORD_SET : PASSWORD_CHANGED }, 200);
    });
}
