import { parseApiDate } from '../../domain/dates.ts';
import { LoginRequestSchema, LogoutRequestSchema, RefreshRequestSchema, ResendVerificationRequestSchema, registerRequestSchema } from '../../domain/schemas/auth.ts';
import { LOGIN_INVALID_CREDENTIALS } from '../../domain/schemas/messages.ts';
import { factory } from '../appEnv.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import { bearerToken, requireAuth } from '../http/requireAuth.ts';
import { EMAIL_ALREADY_VERIFIED, EMAIL_TAKEN, UNAUTHENTICATED, VERIFICATION_SENT } from '../http/schemas.ts';
import type { Services } from '../services/index.ts';
import { irishToday } from '../services/users.ts';

/**
 * POST /auth/register, /auth/login, /auth/refresh, /auth/logout, /auth/resend-verification.
 * Session responses: `{ access_token, refresh_token, token_type, expires_in, user }`.
 */
export function authRoutes(services: Services) {
  const { accounts, users, sessions, accessTokens, rateLimiter, rateLimits, clock, passwordTokens, accountMail } = services;
  const sessionBody = async (userId: string, familyId: string, refreshToken: string) => {
    const user = await users.findById(userId);
    if (!user) throw new ApiError(401, UNAUTHENTICATED);
    return {
      access_token: await accessTokens.sign({ userId, familyId }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: accessTokens.ttlSeconds,
      user: await users.toApi(user),
    };
  };

  return factory
    .createApp()
    .post('/auth/register', async (c) => {
      const today = parseApiDate(irishToday(clock.now()));
      if (!today) throw new Error('could not compute today');
      const body = await readJson(c, registerRequestSchema(today));
      throwIfLimited([await rateLimiter.hit(rateLimits.registerPerAddress, c.var.clientAddress)]);

      const created = await accounts.register({
        email: body.email,
        dateOfBirth: body.details.dob,
        maritalStatus: body.details.maritalStatus,
        pensionPlanId: body.details.pensionPlanId ?? null,
      });
      if (!created) {
        // Reveals that the address is registered; the spec's register screen shows this field
        // error, and the per-address limit bounds how fast anyone can probe with it.
        throw new ApiError(422, VALIDATION_MESSAGE, { email: [EMAIL_TAKEN] });
      }
      c.var.log.info({ userId: created.userId, familyId: created.familyId }, 'auth.register');
      return c.json(await sessionBody(created.userId, created.familyId, created.refreshToken), 201);
    })

    .post('/auth/login', async (c) => {
      const body = await readJson(c, LoginRequestSchema);
      const email = body.email.trim().toLowerCase();
      const hits = [await rateLimiter.hit(rateLimits.loginPerAccount, email), await rateLimiter.hit(rateLimits.loginPerAddress, c.var.clientAddress)];
      try {
        throwIfLimited(hits);
      } catch (error) {
        c.var.log.warn({ scope: hits[0]?.allowed ? 'address' : 'account' }, 'auth.login.limited');
        throw error;
      }

      const checked = await accounts.checkPassword(email, body.password);
      if (!checked.ok) {
        c.var.log.info(checked.userId ? { userId: checked.userId } : { known: false }, 'auth.login.failed');
        throw new ApiError(401, LOGIN_INVALID_CREDENTIALS);
      }
      // Only failures count toward the limits.
      await Promise.all(hits.map((hit) => hit.refund()));
      if (checked.rehashed) c.var.log.info({ userId: checked.user.id }, 'auth.password.rehashed');

      const remember = body.remember ?? false;
      // Only while the credentials are still the ones just checked (a reset may have landed).
      const session = await sessions.create(checked.user.id, remember, undefined, checked.user.credentialVersion);
      if (!session) {
        c.var.log.info({ userId: checked.user.id }, 'auth.login.stale_credentials');
        throw new ApiError(401, LOGIN_INVALID_CREDENTIALS);
      }
      c.var.log.info({ userId: checked.user.id, familyId: session.familyId, remember }, 'auth.login');
      return c.json(await sessionBody(checked.user.id, session.familyId, session.refreshToken), 200);
    })

    .post('/auth/refresh', async (c) => {
      const body = await readJson(c, RefreshRequestSchema);
      const result = await sessions.rotate(body.refresh_token);
      const log = c.var.log;
      switch (result.kind) {
        case 'ok':
          log.info({ userId: result.userId, familyId: result.familyId, replayed: result.replayed }, 'auth.refresh');
          return c.json(await sessionBody(result.userId, result.familyId, result.refreshToken), 200);
        case 'reuse':
          log.warn({ userId: result.userId, familyId: result.familyId }, 'security.refresh_token_reuse');
          break;
        case 'ended':
          log.info({ userId: result.userId, familyId: result.familyId, reason: result.reason }, 'auth.session_ended');
          break;
        case 'invalid':
          log.info('auth.refresh.invalid');
          break;
      }
      throw new ApiError(401, UNAUTHENTICATED);
    })

    .post('/auth/resend-verification', requireAuth(services), async (c) => {
      // No fields; a client may send `{}` or no body at all.
      if (c.req.header('content-type') !== undefined || c.req.header('content-length') !== undefined) await readJson(c, ResendVerificationRequestSchema);
      const user = c.var.user;
      if (user.emailVerifiedAt !== null) return c.json({ message: EMAIL_ALREADY_VERIFIED, email_verified: true }, 200);
      throwIfLimited([await rateLimiter.hit(rateLimits.resendPerAccount, user.id), await rateLimiter.hit(rateLimits.resendPerAddress, c.var.clientAddress)]);
      // A new set-password link; issuing it retires the older ones.
      const token = await passwordTokens.issue(user.id, 'set');
      await accountMail.setPassword(user.email, token);
      c.var.log.info({ userId: user.id }, 'auth.verification.resent');
      return c.json({ message: VERIFICATION_SENT, email_verified: false }, 200);
    })

    .post('/auth/logout', async (c) => {
      const body = await readJson(c, LogoutRequestSchema);
      let ended: { userId: string; familyId: string } | null = null;
      if (body.refresh_token) ended = await sessions.revokeByToken(body.refresh_token, 'logout');
      if (!ended) {
        // No (known) refresh token: end the session of the access token, if one came along.
        const token = bearerToken(c.req.header('authorization'));
        const claims = token ? await accessTokens.verify(token) : null;
        if (claims) {
          await sessions.revokeFamily(claims.familyId, claims.userId, 'logout');
          ended = claims;
        }
      }
      if (ended) c.var.log.info({ userId: ended.userId, familyId: ended.familyId }, 'auth.logout');
      // The same answer whether or not the token was known.
      return c.json({}, 200);
    });
}
