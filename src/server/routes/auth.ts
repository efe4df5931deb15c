import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { parseApiDate } from '../../domain/dates.ts';
import { LoginRequestSchema, LogoutRequestSchema, RefreshRequestSchema, registerRequestSchema } from '../../domain/schemas/auth.ts';
import { LOGIN_INVALID_CREDENTIALS } from '../../domain/schemas/messages.ts';
import type { AppDeps, AppEnv } from '../app.ts';
import { users } from '../db/schema.ts';
import { clientAddress } from '../http/clientAddress.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import { bearerToken } from '../http/requireAuth.ts';
import { EMAIL_TAKEN, UNAUTHENTICATED } from '../http/schemas.ts';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from '../services/accessTokens.ts';
import { AUTH_RATE_LIMITS } from '../services/authLimits.ts';
import { setPasswordMail } from '../services/mailTemplates.ts';
import { dummyVerify, hashPassword, needsRehash, verifyPassword } from '../services/passwords.ts';
import { createPasswordTokenService } from '../services/passwordTokens.ts';
import { createRateLimiter } from '../services/rateLimit.ts';
import { createSessionService } from '../services/sessions.ts';
import { findUserByEmail, findUserById, irishToday, toApiUser } from '../services/users.ts';

/**
 * POST /auth/register, /auth/login, /auth/refresh, /auth/logout.
 * Session responses: `{ access_token, refresh_token, token_type, expires_in, user }`.
 */
export function authRoutes(deps: AppDeps) {
  const { database, log, clock, jwtSecret, encryptionKey } = deps;
  const db = database.db;
  const limits = { ...AUTH_RATE_LIMITS, ...deps.rateLimits };
  const sessions = createSessionService({ db, clock, jwtSecret, limits: deps.sessionLimits });
  const passwordTokens = createPasswordTokenService({ db, clock, sessions });
  const limiter = createRateLimiter(db, clock);

  const sessionBody = async (userId: string, familyId: string, refreshToken: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError(401, UNAUTHENTICATED);
    return {
      access_token: await signAccessToken(jwtSecret, { userId, familyId }, clock.now()),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      user: toApiUser(user, encryptionKey),
    };
  };

  const address = (c: Context) => clientAddress(c, deps.trustProxy ?? 0);

  return new Hono<AppEnv>()
    .post('/auth/register', async (c) => {
      const today = parseApiDate(irishToday(clock.now()));
      if (!today) throw new Error('could not compute today');
      const body = await readJson(c, registerRequestSchema(today));
      throwIfLimited([await limiter.hit(limits.registerPerAddress, address(c))]);

      const email = body.email.trim().toLowerCase();
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email,
            passwordHash: null,
            dateOfBirth: body.details.dob,
            maritalStatus: body.details.maritalStatus,
            pensionPlanId: body.details.pensionPlanId ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (!user) return null;
        const session = await sessions.create(user.id, false, tx);
        const setToken = await passwordTokens.issue(user.id, 'set', tx);
        return { userId: user.id, ...session, setToken };
      });
      if (!created) {
        // Reveals that the address is registered; the spec's register screen shows this field
        // error, and the per-address limit bounds how fast anyone can probe with it.
        throw new ApiError(422, VALIDATION_MESSAGE, { email: [EMAIL_TAKEN] });
      }
      await deps.mailer.send(setPasswordMail(deps.publicUrl, email, created.setToken));
      log.info('auth.register', { userId: created.userId, familyId: created.familyId });
      return c.json(await sessionBody(created.userId, created.familyId, created.refreshToken), 201);
    })

    .post('/auth/login', async (c) => {
      const body = await readJson(c, LoginRequestSchema);
      const email = body.email.trim().toLowerCase();
      const hits = [await limiter.hit(limits.loginPerAccount, email), await limiter.hit(limits.loginPerAddress, address(c))];
      try {
        throwIfLimited(hits);
      } catch (error) {
        log.warn('auth.login.limited', { scope: hits[0]?.allowed ? 'address' : 'account' });
        throw error;
      }

      const user = await findUserByEmail(db, email);
      const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, body.password) : await dummyVerify(body.password);
      if (!user || !ok) {
        log.info('auth.login.failed', user ? { userId: user.id } : { known: false });
        throw new ApiError(401, LOGIN_INVALID_CREDENTIALS);
      }
      // Only failures count toward the limits.
      await Promise.all(hits.map((hit) => hit.refund()));

      if (user.passwordHash && needsRehash(user.passwordHash)) {
        await db.update(users).set({ passwordHash: await hashPassword(body.password) }).where(eq(users.id, user.id));
        log.info('auth.password.rehashed', { userId: user.id });
      }
      const session = await sessions.create(user.id, body.remember ?? false);
      log.info('auth.login', { userId: user.id, familyId: session.familyId, remember: body.remember ?? false });
      return c.json(await sessionBody(user.id, session.familyId, session.refreshToken), 200);
    })

    .post('/auth/refresh', async (c) => {
      const body = await readJson(c, RefreshRequestSchema);
      const result = await sessions.rotate(body.refresh_token);
      switch (result.kind) {
        case 'ok':
          log.info('auth.refresh', { userId: result.userId, familyId: result.familyId, replayed: result.replayed });
          return c.json(await sessionBody(result.userId, result.familyId, result.refreshToken), 200);
        case 'reuse':
          log.warn('security.refresh_token_reuse', { userId: result.userId, familyId: result.familyId });
          break;
        case 'ended':
          log.info('auth.session_ended', { userId: result.userId, familyId: result.familyId, reason: result.reason });
          break;
        case 'invalid':
          log.info('auth.refresh.invalid');
          break;
      }
      throw new ApiError(401, UNAUTHENTICATED);
    })

    .post('/auth/logout', async (c) => {
      const body = await readJson(c, LogoutRequestSchema);
      let ended: { userId: string; familyId: string } | null = null;
      if (body.refresh_token) ended = await sessions.revokeByToken(body.refresh_token, 'logout');
      if (!ended) {
        // No (known) refresh token: end the session of the access token, if one came along.
        const token = bearerToken(c.req.header('authorization'));
        const claims = token ? await verifyAccessToken(jwtSecret, token, clock.now()) : null;
        if (claims) {
          await sessions.revokeFamily(claims.familyId, claims.userId, 'logout');
          ended = claims;
        }
      }
      if (ended) log.info('auth.logout', { userId: ended.userId, familyId: ended.familyId });
      // The same answer whether or not the token was known.
      return c.json({}, 200);
    });
}
