import { parseApiDate } from '../../domain/dates.ts';
import { LoginRequestSchema, LogoutRequestSchema, RefreshRequestSchema, ResendVerificationRequestSchema, registerRequestSchema } from '../../domain/schemas/auth.ts';
import { LOGIN_INVALID_CREDENTIALS } from '../../domain/schemas/messages.ts';
import { factory } from '../appEnv.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import { bearerToken, requireAuth } from '../http/requireAuth.ts';
import { EMAIL_ALREADY_VERIFIED, EMAIL_TAKEN, TWO_FACTOR_EXPIRED, TWO_FACTOR_WRONG_CODE, UNAUTHENTICATED, VERIFICATION_SENT } from '../http/schemas.ts';
import { deviceOf } from '../http/device.ts';
import { TwoFactorLoginRequestSchema } from '../../domain/schemas/security.ts';
import type { Services } from '../services/index.ts';
import { loginDelayMs } from '../services/authLimits.ts';
import type { RateHit } from '../services/rateLimit.ts';
import { irishToday, taxYearOf } from '../services/users.ts';

/** What logout asks the browser to clear: HTTP cache and every storage of the origin (no cookies are used). */
export const CLEAR_SITE_DATA_ON_LOGOUT = '"cache", "storage"';

/**
 * POST /auth/register, /auth/login, /auth/two-factor, /auth/refresh, /auth/logout, /auth/resend-verification.
 * Session responses: `{ access_token, refresh_token, token_type, expires_in, user }`; a login of
 * an account with two-step sign-in answers `{ two_factor_required: true, challenge }` instead.
 */
export function authRoutes(services: Services) {
  const { accounts, users, sessions, accessTokens, rateLimiter, rateLimits, clock, passwordTokens, accountMail, sleep, securityEvents, twoFactor } = services;
  const sessionBody = async (userId: string, familyId: string, refreshToken: string) => {
    // The new session's own check reads the user and what the profile shows in one prepared
    // query (as GET /profile does), instead of the user, the claims and the ledger in three.
    const now = clock.now();
    const data = await sessions.authenticateWithProfile(familyId, userId, taxYearOf(now));
    if (!data) throw new ApiError(401, UNAUTHENTICATED);
    return {
      access_token: await accessTokens.sign({ userId, familyId }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: accessTokens.ttlSeconds,
      user: users.toApiFrom(data, now),
    };
  };

  return factory
    .createApp()
    .post('/auth/register', async (c) => {
      const today = parseApiDate(irishToday(clock.now()));
      if (!today) throw new Error('could not compute today');
      const body = await readJson(c, registerRequestSchema(today));
      throwIfLimited([await rateLimiter.hit(rateLimits.registerPerAddress, c.var.clientNetwork)]);

      const device = deviceOf(c);
      const created = await accounts.register(
        {
          email: body.email,
          dateOfBirth: body.details.dob,
          maritalStatus: body.details.maritalStatus,
          pensionPlanId: body.details.pensionPlanId ?? null,
        },
        device,
      );
      if (!created) {
        // Reveals that the address is registered; the spec's register screen shows this field
        // error, and the per-address limit bounds how fast anyone can probe with it.
        throw new ApiError(422, VALIDATION_MESSAGE, { email: [EMAIL_TAKEN] });
      }
      await securityEvents.recordSignIn(created.userId, created.familyId, device, 'registered');
      c.var.log.info({ userId: created.userId, familyId: created.familyId }, 'auth.register');
      return c.json(await sessionBody(created.userId, created.familyId, created.refreshToken), 201);
    })

    .post('/auth/login', async (c) => {
      const body = await readJson(c, LoginRequestSchema);
      const email = body.email.trim().toLowerCase();
      const network = c.var.clientNetwork;
      // Every counter of a sign-in in one statement. The hard cap per account is counted before
      // the check too, so parallel guesses cannot pass it.
      const hits: RateHit[] = await rateLimiter.hitAll([
        [rateLimits.loginPerAccountAddress, [email, network]],
        [rateLimits.loginPerAddress, network],
        [rateLimits.loginPerAccount, email],
        [rateLimits.loginPerAccountCap, email],
      ]);
      const [pair, address, account, capped] = hits as [RateHit, RateHit, RateHit, RateHit];
      try {
        // The account-wide count never blocks (anyone could keep an account blocked); it slows down.
        throwIfLimited([pair, address]);
      } catch (error) {
        // Refused before any check: the account's counts are given back.
        await rateLimiter.refundAll([account, capped]);
        c.var.log.warn({ scope: pair.allowed ? 'address' : 'account-address' }, 'auth.login.limited');
        throw error;
      }
      const device = deviceOf(c);
      // Past the cap only a device the account signed in from before is checked.
      if (!capped.allowed) {
        const owner = await users.findByEmail(email);
        if (!owner || !(await securityEvents.isKnownDevice(owner.id, device))) {
          // The owner hears of it once per window: when the cap is first passed.
          if (owner && capped.count === rateLimits.loginPerAccountCap.limit + 1) await accountMail.guessingStopped(owner.email, 'password');
          c.var.log.warn({ scope: 'account-cap', ...(owner ? { userId: owner.id } : { known: false }) }, 'auth.login.limited');
          throwIfLimited([capped]);
        }
      }
      const delay = loginDelayMs(account.count, rateLimits.loginPerAccount.limit);
      if (delay > 0) {
        c.var.log.info({ ms: delay, failures: account.count - 1 }, 'auth.login.delayed');
        await sleep(delay);
      }

      const checked = await accounts.checkPassword(email, body.password);
      if (!checked.ok) {
        if (checked.userId) await securityEvents.record(checked.userId, 'sign_in_failed', { device, detail: 'password' });
        c.var.log.info(checked.userId ? { userId: checked.userId } : { known: false }, 'auth.login.failed');
        throw new ApiError(401, LOGIN_INVALID_CREDENTIALS);
      }
      // Only failures count toward the limits.
      await rateLimiter.refundAll(hits);
      if (checked.rehashed) c.var.log.info({ userId: checked.user.id }, 'auth.password.rehashed');

      const remember = body.remember ?? false;
      if (await twoFactor.isEnabled(checked.user.id)) {
        // The password was right; no session until the second step (POST /auth/two-factor), and
        // then only while the credentials are still the ones checked here.
        const challenge = await twoFactor.issueChallenge(checked.user.id, remember, checked.user.credentialVersion);
        c.var.log.info({ userId: checked.user.id }, 'auth.login.two_factor_required');
        return c.json({ two_factor_required: true, challenge }, 200);
      }
      // Only while the credentials are still the ones just checked (a reset may have landed).
      const session = await sessions.create(checked.user.id, remember, undefined, checked.user.credentialVersion, device);
      if (!session) {
        c.var.log.info({ userId: checked.user.id }, 'auth.login.stale_credentials');
        throw new ApiError(401, LOGIN_INVALID_CREDENTIALS);
      }
      await securityEvents.recordSignIn(checked.user.id, session.familyId, device);
      c.var.log.info({ userId: checked.user.id, familyId: session.familyId, remember }, 'auth.login');
      return c.json(await sessionBody(checked.user.id, session.familyId, session.refreshToken), 200);
    })

    .post('/auth/two-factor', async (c) => {
      const body = await readJson(c, TwoFactorLoginRequestSchema);
      // Failed codes count per address; each challenge also allows only a few attempts.
      const hit = await rateLimiter.hit(rateLimits.twoFactorPerAddress, c.var.clientNetwork);
      throwIfLimited([hit]);
      const device = deviceOf(c);
      // Failed codes also count per account, whatever the address: a right password gives none
      // back. Past the cap only a device the account signed in from before is checked.
      const owner = await twoFactor.challengeOwner(body.challenge);
      const accountHit = owner === null ? null : await rateLimiter.hit(rateLimits.twoFactorPerAccount, owner);
      if (owner !== null && accountHit && !accountHit.allowed && !(await securityEvents.isKnownDevice(owner, device))) {
        if (accountHit.count === rateLimits.twoFactorPerAccount.limit + 1) {
          const user = await users.findById(owner);
          if (user) await accountMail.guessingStopped(user.email, 'code');
        }
        c.var.log.warn({ scope: 'account-cap', userId: owner }, 'auth.two_factor.limited');
        throwIfLimited([accountHit]);
      }
      const attempt = await twoFactor.attempt(body.challenge, body.code);
      if (attempt.kind === 'invalid') {
        c.var.log.info('auth.two_factor.invalid_challenge');
        throw new ApiError(401, TWO_FACTOR_EXPIRED, { challenge: [TWO_FACTOR_EXPIRED] });
      }
      if (attempt.kind === 'wrong_code') {
        await securityEvents.record(attempt.userId, 'sign_in_failed', { device, detail: 'code' });
        c.var.log.info({ userId: attempt.userId, attemptsLeft: attempt.attemptsLeft }, 'auth.two_factor.failed');
        throw new ApiError(401, TWO_FACTOR_WRONG_CODE, { code: [TWO_FACTOR_WRONG_CODE] });
      }
      await hit.refund();
      await accountHit?.refund();
      const session = await sessions.create(attempt.userId, attempt.remember, undefined, attempt.credentialVersion, device, true);
      if (!session) {
        // The password changed since it was checked: the sign-in starts again.
        c.var.log.info({ userId: attempt.userId }, 'auth.login.stale_credentials');
        throw new ApiError(401, TWO_FACTOR_EXPIRED, { challenge: [TWO_FACTOR_EXPIRED] });
      }
      if (attempt.method === 'recovery_code') await securityEvents.record(attempt.userId, 'recovery_code_used', { familyId: session.familyId, device });
      await securityEvents.recordSignIn(attempt.userId, session.familyId, device, attempt.method);
      c.var.log.info({ userId: attempt.userId, familyId: session.familyId, remember: attempt.remember, method: attempt.method }, 'auth.login');
      return c.json(await sessionBody(attempt.userId, session.familyId, session.refreshToken), 200);
    })

    .post('/auth/refresh', async (c) => {
      const body = await readJson(c, RefreshRequestSchema);
      const result = await sessions.rotate(body.refresh_token, { userAgent: (c.req.header('user-agent') ?? '').slice(0, 512), network: c.var.clientNetwork });
      const log = c.var.log;
      switch (result.kind) {
        case 'ok':
          log.info({ userId: result.userId, familyId: result.familyId, replayed: result.replayed }, 'auth.refresh');
          return c.json(await sessionBody(result.userId, result.familyId, result.refreshToken), 200);
        case 'reuse': {
          await securityEvents.record(result.userId, 'refresh_reuse', { familyId: result.familyId, device: deviceOf(c) });
          log.warn({ userId: result.userId, familyId: result.familyId }, 'security.refresh_token_reuse');
          // Tell the owner: either another device of theirs misbehaved, or someone holds a copy.
          const owner = await users.findById(result.userId);
          if (owner) await accountMail.sessionReuse(owner.email);
          break;
        }
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
      throwIfLimited([await rateLimiter.hit(rateLimits.resendPerAccount, user.id), await rateLimiter.hit(rateLimits.resendPerAddress, c.var.clientNetwork)]);
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
      // The browser drops this origin's cached answers and storage (tokens, drafts) as well as
      // the app's own clean-up (checklist D5).
      c.header('Clear-Site-Data', CLEAR_SITE_DATA_ON_LOGOUT);
      // The same answer whether or not the token was known.
      return c.json({}, 200);
    });
}
