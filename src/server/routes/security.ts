import type { Context } from 'hono';
import QRCode from 'qrcode';
import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
  ConfirmTwoFactorRequestSchema,
  DeviceIdSchema,
  DisableTwoFactorRequestSchema,
  SetupTwoFactorRequestSchema,
  StepUpRequestSchema,
} from '../../domain/schemas/security.ts';
import { DEVICE_UNKNOWN } from '../../domain/schemas/messages.ts';
import { type AppEnv, factory } from '../appEnv.ts';
import { deviceOf } from '../http/device.ts';
import { ApiError, VALIDATION_MESSAGE, readJson, readJsonOrEmpty } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import { requireAuth } from '../http/requireAuth.ts';
import { requireTwoFactorSession } from '../http/requireTwoFactorSession.ts';
import { requireVerifiedEmail } from '../http/requireVerifiedEmail.ts';
import {
  CURRENT_PASSWORD_WRONG,
  DEVICE_NOT_FOUND,
  PASSWORD_CHANGED_HERE,
  PASSWORD_SAME,
  PASSWORD_TOO_COMMON,
  PASSWORD_WRONG,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NOT_STARTED,
  TWO_FACTOR_SESSION_REQUIRED_TO_DISABLE,
  TWO_FACTOR_WRONG_CODE,
} from '../http/schemas.ts';
import type { Services } from '../services/index.ts';

/**
 * Settings → Security for the signed-in user: the security log, the signed-in devices (one per
 * session family) and signing them out, changing the password, and two-step sign-in.
 */
export function securityRoutes(services: Services) {
  const { sessions, securityEvents, twoFactor, passwords, rateLimiter, rateLimits, accountMail, accounts, clock, moneyMovement } = services;
  const auth = requireAuth(services);
  // Once two-step sign-in is on, changing what protects the account needs a session that gave a code.
  const codeProved = requireTwoFactorSession(services);

  /**
   * Checks the account password again before a sensitive change. A wrong one is a 422 on `field`
   * (never a 401, which would end the client's session) and counts toward a per-account limit.
   */
  const confirmPassword = async (c: Context<AppEnv>, password: string, field: string, message: string) => {
    const user = c.var.user;
    const hit = await rateLimiter.hit(rateLimits.passwordCheckPerAccount, user.id);
    throwIfLimited([hit]);
    const ok = user.passwordHash ? await passwords.verify(user.passwordHash, password) : await passwords.dummyVerify(password);
    if (!ok) {
      c.var.log.info({ userId: user.id, field }, 'security.password_check.failed');
      throw new ApiError(422, VALIDATION_MESSAGE, { [field]: [message] });
    }
    await hit.refund();
  };

  return factory
    .createApp()
    .get('/security/events', auth, async (c) => c.json({ events: await securityEvents.list(c.var.userId) }, 200))

    .get('/security/devices', auth, async (c) => {
      const open = await sessions.listOpen(c.var.userId);
      return c.json(
        {
          devices: open.map((family) => ({
            id: family.id,
            browser: family.browser,
            place: family.place,
            signed_in_at: family.createdAt.toISOString(),
            last_seen_at: family.lastUsedAt.toISOString(),
            remember: family.remember,
            current: family.id === c.var.familyId,
          })),
        },
        200,
      );
    })

    .post('/security/devices/:id/sign-out', auth, codeProved, async (c) => {
      const parsed = v.safeParse(DeviceIdSchema, c.req.param('id'));
      if (!parsed.success) throw new ApiError(422, VALIDATION_MESSAGE, { id: [DEVICE_UNKNOWN] });
      const ended = await sessions.revokeFamily(parsed.output, c.var.userId, 'device_sign_out');
      if (!ended) throw new ApiError(404, DEVICE_NOT_FOUND);
      await securityEvents.record(c.var.userId, 'device_signed_out', { familyId: parsed.output, device: deviceOf(c) });
      c.var.log.info({ userId: c.var.userId, familyId: parsed.output }, 'security.device_signed_out');
      return c.json({ current: parsed.output === c.var.familyId }, 200);
    })

    // Every *other* device: this one stays signed in (Logout ends it), so the user is never
    // thrown out of the page they pressed the button on.
    .post('/security/sign-out-everywhere', auth, codeProved, async (c) => {
      const count = await sessions.revokeOthers(c.var.userId, c.var.familyId, 'sign_out_everywhere');
      await securityEvents.record(c.var.userId, 'signed_out_everywhere', { familyId: c.var.familyId, device: deviceOf(c), detail: String(count) });
      c.var.log.info({ userId: c.var.userId, count }, 'security.signed_out_everywhere');
      return c.json({ signed_out: count }, 200);
    })

    .post('/security/change-password', auth, codeProved, async (c) => {
      const body = await readJson(c, ChangePasswordRequestSchema);
      if (await passwords.isCommon(body.password)) throw new ApiError(422, VALIDATION_MESSAGE, { password: [PASSWORD_TOO_COMMON] });
      await confirmPassword(c, body.current_password, 'current_password', CURRENT_PASSWORD_WRONG);
      if (body.password === body.current_password) throw new ApiError(422, VALIDATION_MESSAGE, { password: [PASSWORD_SAME] });
      const user = c.var.user;
      // A new credential version, as a reset makes: racing sign-ins and waiting two-step sign-ins die with the old password.
      const signedOut = await accounts.changePassword(user.id, c.var.familyId, await passwords.hash(body.password), clock.now());
      await securityEvents.record(user.id, 'password_changed', { familyId: c.var.familyId, device: deviceOf(c), detail: 'change' });
      await accountMail.passwordChangedInSettings(user.email);
      c.var.log.info({ userId: user.id, signedOut }, 'auth.password_changed');
      return c.json({ message: PASSWORD_CHANGED_HERE, signed_out: signedOut }, 200);
    })

    // Proving it is still the user before a large payment or a new account (money routes answer
    // 403 `step_up_required` without it): the password, or a code when two-step sign-in is on.
    .post('/security/step-up', auth, codeProved, async (c) => {
      const body = await readJsonOrEmpty(c, StepUpRequestSchema);
      if (body.code !== undefined && (await twoFactor.isEnabled(c.var.userId))) {
        const hit = await rateLimiter.hit(rateLimits.passwordCheckPerAccount, c.var.userId);
        throwIfLimited([hit]);
        if (!(await twoFactor.verify(c.var.userId, body.code))) {
          c.var.log.info({ userId: c.var.userId }, 'security.step_up.wrong_code');
          throw new ApiError(422, VALIDATION_MESSAGE, { code: [TWO_FACTOR_WRONG_CODE] });
        }
        await hit.refund();
      } else {
        await confirmPassword(c, body.password ?? '', 'password', PASSWORD_WRONG);
      }
      const until = await moneyMovement.stepUp(c.var.familyId, c.var.userId);
      c.var.log.info({ userId: c.var.userId }, 'security.step_up');
      return c.json({ stepped_up_until: until.toISOString() }, 200);
    })

    .get('/security/two-factor', auth, async (c) => {
      const status = await twoFactor.status(c.var.userId);
      return c.json({ enabled: status.enabled, enabled_at: status.enabledAt?.toISOString() ?? null, recovery_codes_left: status.recoveryCodesLeft }, 200);
    })

    // The password and a proven address: neither a stolen session nor whoever registered the
    // address first can put their own authenticator on the account.
    .post('/security/two-factor/setup', auth, requireVerifiedEmail(), async (c) => {
      const body = await readJsonOrEmpty(c, SetupTwoFactorRequestSchema);
      await confirmPassword(c, body.password, 'password', PASSWORD_WRONG);
      const setup = await twoFactor.beginSetup(c.var.userId, c.var.user.email);
      if (!setup) throw new ApiError(409, TWO_FACTOR_ALREADY_ON);
      const qr = await QRCode.toDataURL(setup.uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      c.var.log.info({ userId: c.var.userId }, 'security.two_factor.setup_started');
      return c.json({ secret: setup.secret, otpauth_url: setup.uri, qr_data_url: qr }, 200);
    })

    .post('/security/two-factor/confirm', auth, async (c) => {
      const body = await readJson(c, ConfirmTwoFactorRequestSchema);
      const result = await twoFactor.confirm(c.var.userId, body.code);
      if (!result.ok) {
        if (result.reason === 'already_enabled') throw new ApiError(409, TWO_FACTOR_ALREADY_ON);
        if (result.reason === 'not_started') throw new ApiError(422, TWO_FACTOR_NOT_STARTED, { code: [TWO_FACTOR_NOT_STARTED] });
        throw new ApiError(422, VALIDATION_MESSAGE, { code: [TWO_FACTOR_WRONG_CODE] });
      }
      // The code just given proves the factor for this session too: it may sign the PAYE authorisation.
      await sessions.markTwoFactor(c.var.familyId, c.var.userId);
      // Sessions opened with the password alone would otherwise stay in control of the account.
      const signedOut = await sessions.revokeOthers(c.var.userId, c.var.familyId, 'two_factor_on');
      await securityEvents.record(c.var.userId, 'two_factor_enabled', { familyId: c.var.familyId, device: deviceOf(c) });
      await accountMail.twoFactorChanged(c.var.user.email, true);
      c.var.log.info({ userId: c.var.userId, signedOut }, 'security.two_factor.enabled');
      return c.json({ recovery_codes: result.recoveryCodes }, 200);
    })

    .post('/security/two-factor/disable', auth, requireTwoFactorSession(services, TWO_FACTOR_SESSION_REQUIRED_TO_DISABLE), async (c) => {
      const body = await readJson(c, DisableTwoFactorRequestSchema);
      await confirmPassword(c, body.password, 'password', PASSWORD_WRONG);
      const wasOn = await twoFactor.disable(c.var.userId);
      if (wasOn) {
        await securityEvents.record(c.var.userId, 'two_factor_disabled', { familyId: c.var.familyId, device: deviceOf(c) });
        await accountMail.twoFactorChanged(c.var.user.email, false);
        c.var.log.info({ userId: c.var.userId }, 'security.two_factor.disabled');
      }
      return c.json({ enabled: false }, 200);
    });
}
