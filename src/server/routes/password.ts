import { Hono } from 'hono';
import { ForgotPasswordRequestSchema, ResetPasswordRequestSchema } from '../../domain/schemas/auth.ts';
import type { AppDeps, AppEnv } from '../app.ts';
import { clientAddress } from '../http/clientAddress.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import { PASSWORD_CHANGED, PASSWORD_SET, PASSWORD_TOO_COMMON, RESET_LINK_INVALID, RESET_LINK_SENT } from '../http/schemas.ts';
import { AUTH_RATE_LIMITS } from '../services/authLimits.ts';
import { isCommonPassword } from '../services/commonPasswords.ts';
import { passwordChangedMail, resetPasswordMail } from '../services/mailTemplates.ts';
import { hashPassword } from '../services/passwords.ts';
import { createPasswordTokenService } from '../services/passwordTokens.ts';
import { createRateLimiter } from '../services/rateLimit.ts';
import { createSessionService } from '../services/sessions.ts';
import { findUserByEmail } from '../services/users.ts';

/** POST /send-password-reminder and POST /reset-password (also used for the first password, purpose "set"). */
export function passwordRoutes(deps: AppDeps) {
  const { database, log, clock } = deps;
  const db = database.db;
  const limits = { ...AUTH_RATE_LIMITS, ...deps.rateLimits };
  const sessions = createSessionService({ db, clock, jwtSecret: deps.jwtSecret, limits: deps.sessionLimits });
  const passwordTokens = createPasswordTokenService({ db, clock, sessions });
  const limiter = createRateLimiter(db, clock);

  const invalidLink = () => new ApiError(422, RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] });

  return new Hono<AppEnv>()
    .post('/send-password-reminder', async (c) => {
      const body = await readJson(c, ForgotPasswordRequestSchema);
      const email = body.email.trim().toLowerCase();
      throwIfLimited([
        await limiter.hit(limits.forgotPerAccount, email),
        await limiter.hit(limits.forgotPerAddress, clientAddress(c, deps.trustProxy ?? 0)),
      ]);
      const user = await findUserByEmail(db, email);
      if (user) {
        const token = await passwordTokens.issue(user.id, 'reset');
        await deps.mailer.send(resetPasswordMail(deps.publicUrl, user.email, token));
        log.info('auth.password_reset.requested', { userId: user.id });
      } else {
        log.info('auth.password_reset.requested', { known: false });
      }
      // The same answer whether or not the account exists (checklist A6).
      return c.json({ message: RESET_LINK_SENT }, 200);
    })

    .post('/reset-password', async (c) => {
      const body = await readJson(c, ResetPasswordRequestSchema);
      if (isCommonPassword(body.password)) {
        throw new ApiError(422, VALIDATION_MESSAGE, { password: [PASSWORD_TOO_COMMON] });
      }
      // Failed submissions count; a success gives its hit back.
      const hit = await limiter.hit(limits.resetPerAddress, clientAddress(c, deps.trustProxy ?? 0));
      throwIfLimited([hit]);
      // Cheap check first, so a bad link costs no password hash.
      if (!(await passwordTokens.isUsable(body.token))) {
        log.info('auth.password_reset.invalid_token');
        throw invalidLink();
      }
      const passwordHash = await hashPassword(body.password);
      const result = await passwordTokens.consume(body.token, passwordHash);
      if (!result) {
        log.info('auth.password_reset.invalid_token');
        throw invalidLink();
      }
      await hit.refund();
      // The mailbox owner proved control: a login lock-out from guessing attackers ends here (A5).
      await limiter.clear(limits.loginPerAccount, result.email);
      await deps.mailer.send(passwordChangedMail(deps.publicUrl, result.email, result.purpose));
      log.info('auth.password_changed', { userId: result.userId, purpose: result.purpose });
      // Not signed in: the client goes to the login screen (checklist B4).
      return c.json({ message: result.purpose === 'set' ? PASSWORD_SET : PASSWORD_CHANGED }, 200);
    });
}
