import { parseApiDate } from '../../domain/dates.ts';
import { PpsnRevealRequestSchema, editProfileRequestSchema } from '../../domain/schemas/auth.ts';
import { isMaskedPpsn, maskPpsn } from '../../domain/schemas/fields.ts';
import { PPSN_INVALID } from '../../domain/schemas/messages.ts';
import { spouseFieldErrors } from '../../domain/schemas/pension.ts';
import { factory } from '../appEnv.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { authenticateRequest, requireAuth } from '../http/requireAuth.ts';
import { UNAUTHENTICATED } from '../http/schemas.ts';
import type { Services } from '../services/index.ts';
import { irishToday, taxYearOf } from '../services/users.ts';

/** GET /profile, POST /edit-profile and POST /profile/ppsn-reveal, for the signed-in user only. */
export function profileRoutes(services: Services) {
  const { users, clock, audit, sessions } = services;
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

    .post('/profile/ppsn-reveal', auth, async (c) => {
      // No fields; a client may send `{}` or no body at all.
      if (c.req.header('content-type') !== undefined || c.req.header('content-length') !== undefined) await readJson(c, PpsnRevealRequestSchema);
      const ppsn = users.revealPpsn(c.var.user);
      // Recorded before the value leaves: who and when, never the value.
      await audit.record(c.var.userId, 'ppsn.revealed', c.var.requestId);
      c.var.log.info({ userId: c.var.userId }, 'profile.ppsn_revealed');
      return c.json({ ppsn }, 200);
    });
}
