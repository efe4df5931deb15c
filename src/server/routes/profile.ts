import { parseApiDate } from '../../domain/dates.ts';
import { PpsnRevealRequestSchema, editProfileRequestSchema } from '../../domain/schemas/auth.ts';
import { isMaskedPpsn, maskPpsn } from '../../domain/schemas/fields.ts';
import { PPSN_INVALID } from '../../domain/schemas/messages.ts';
import { spouseFieldErrors } from '../../domain/schemas/pension.ts';
import { factory } from '../appEnv.ts';
import { ApiError, VALIDATION_MESSAGE, readJson, readJsonOrEmpty } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import { requireTwoFactorSession } from '../http/requireTwoFactorSession.ts';
import { authenticateRequest, requireAuth } from '../http/requireAuth.ts';
import { PASSWORD_WRONG, UNAUTHENTICATED } from '../http/schemas.ts';
import type { Services } from '../services/index.ts';
import { irishToday, taxYearOf } from '../services/users.ts';

/** GET /profile, POST /edit-profile and POST /profile/ppsn-reveal (`{ password }`), for the signed-in user only. */
export function profileRoutes(services: Services) {
  const { users, clock, audit, sessions, passwords, rateLimiter, rateLimits } = services;
  const auth = requireAuth(services);

  return factory
    .createApp()
    .get('/profile', async (c) => {
      const now = clock.now();
      const data = await authenticateRequest(c, services, (familyId, userId) => sessions.authenticateWithProfile(familyId, userId, taxYearOf(now)));
      return c.json(users.toApiFrom(data, now), 200);
    })

    .post('/edit-profile', auth, async (c) => {
      const today = parseApiDate(irishToday(clock.now()));
      if (!today) throw new Error('could not compute today');
      const body = await readJson(c, editProfileRequestSchema(today));
      // The spouse's income and the basis are for a married user: judged on the status the profile will have.
      const refused = spouseFieldErrors(body.marital_status ?? c.var.user.maritalStatus, body);
      if (Object.keys(refused).length > 0) throw new ApiError(422, VALIDATION_MESSAGE, refused);
      if (body.ppsn !== undefined && isMaskedPpsn(body.ppsn)) {
        // The masked value means "unchanged", and only when it is the stored PPSN's mask.
        const stored = users.revealPpsn(c.var.user);
        if (stored === null || maskPpsn(stored) !== body.ppsn) throw new ApiError(422, VALIDATION_MESSAGE, { ppsn: [PPSN_INVALID] });
      }
      const updated = await users.updateProfile(c.var.userId, body);
      if (!updated) throw new ApiError(401, UNAUTHENTICATED);
      // Field names only: never the values (PPSN, date of birth, income).
      c.var.log.info({ userId: c.var.userId, fields: Object.keys(body).sort() }, 'profile.updated');
      return c.json(await users.toApi(updated), 200);
    })

    // The full PPSN only to whoever knows the password (and gave a code, with two-step sign-in on),
    // and a few times an hour: a borrowed session or a script cannot harvest it.
    .post('/profile/ppsn-reveal', auth, requireTwoFactorSession(services), async (c) => {
      const body = await readJsonOrEmpty(c, PpsnRevealRequestSchema);
      const user = c.var.user;
      throwIfLimited([await rateLimiter.hit(rateLimits.ppsnRevealPerAccount, user.id)]);
      const checked = await rateLimiter.hit(rateLimits.passwordCheckPerAccount, user.id);
      throwIfLimited([checked]);
      const ok = user.passwordHash ? await passwords.verify(user.passwordHash, body.password) : await passwords.dummyVerify(body.password);
      if (!ok) {
        c.var.log.info({ userId: user.id }, 'profile.ppsn_reveal.wrong_password');
        throw new ApiError(422, VALIDATION_MESSAGE, { password: [PASSWORD_WRONG] });
      }
      await checked.refund();
      const ppsn = users.revealPpsn(user);
      // Recorded before the value leaves: who and when, never the value.
      await audit.record(c.var.userId, 'ppsn.revealed', c.var.requestId);
      c.var.log.info({ userId: c.var.userId }, 'profile.ppsn_revealed');
      return c.json({ ppsn }, 200);
    });
}
