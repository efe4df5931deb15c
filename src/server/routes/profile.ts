import { parseApiDate } from '../../domain/dates.ts';
import { editProfileRequestSchema } from '../../domain/schemas/auth.ts';
import { factory } from '../appEnv.ts';
import { ApiError, readJson } from '../http/errors.ts';
import { requireAuth } from '../http/requireAuth.ts';
import { UNAUTHENTICATED } from '../http/schemas.ts';
import type { Services } from '../services/index.ts';
import { irishToday } from '../services/users.ts';

/** GET /profile and POST /edit-profile, for the signed-in user only. */
export function profileRoutes(services: Services) {
  const { users, clock } = services;
  const auth = requireAuth(services);

  return factory
    .createApp()
    .get('/profile', auth, async (c) => c.json(await users.toApi(c.var.user), 200))

    .post('/edit-profile', auth, async (c) => {
      const today = parseApiDate(irishToday(clock.now()));
      if (!today) throw new Error('could not compute today');
      const body = await readJson(c, editProfileRequestSchema(today));
      const updated = await users.updateProfile(c.var.userId, body);
      if (!updated) throw new ApiError(401, UNAUTHENTICATED);
      // Field names only: never the values (PPSN, date of birth, income).
      c.var.log.info({ userId: c.var.userId, fields: Object.keys(body).sort() }, 'profile.updated');
      return c.json(await users.toApi(updated), 200);
    });
}
