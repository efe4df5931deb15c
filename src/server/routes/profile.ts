import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { parseApiDate } from '../../domain/dates.ts';
import { editProfileRequestSchema } from '../../domain/schemas/auth.ts';
import type { AppDeps, AppEnv } from '../app.ts';
import { users } from '../db/schema.ts';
import { ApiError, readJson } from '../http/errors.ts';
import { requireAuth } from '../http/requireAuth.ts';
import { UNAUTHENTICATED } from '../http/schemas.ts';
import { encryptPpsn, euroToCents, findUserById, irishToday, toApiUser } from '../services/users.ts';

/** GET /profile and POST /edit-profile, for the signed-in user only. */
export function profileRoutes(deps: AppDeps) {
  const { database, clock, encryptionKey, log } = deps;
  const db = database.db;
  const auth = requireAuth(deps);

  return new Hono<AppEnv>()
    .get('/profile', auth, async (c) => {
      const user = await findUserById(db, c.get('userId'));
      if (!user) throw new ApiError(401, UNAUTHENTICATED);
      return c.json(toApiUser(user, encryptionKey), 200);
    })

    .post('/edit-profile', auth, async (c) => {
      const today = parseApiDate(irishToday(clock.now()));
      if (!today) throw new Error('could not compute today');
      const body = await readJson(c, editProfileRequestSchema(today));
      const userId = c.get('userId');
      const changes: Partial<typeof users.$inferInsert> = {};
      if (body.first_name !== undefined) changes.firstName = body.first_name;
      if (body.surname !== undefined) changes.surname = body.surname;
      if (body.ppsn !== undefined) changes.ppsnEncrypted = encryptPpsn(encryptionKey, userId, body.ppsn);
      if (body.opt_out_paye_auth !== undefined) changes.optOutPayeAuth = body.opt_out_paye_auth;
      if (body.annual_income !== undefined) changes.annualIncomeCents = euroToCents(body.annual_income);
      if (body.paid_pension !== undefined) changes.paidPensionCents = euroToCents(body.paid_pension);
      if (body.pension !== undefined) changes.pensionCents = euroToCents(body.pension);
      if (body.marital_status !== undefined) changes.maritalStatus = body.marital_status;
      if (body.pension_plan_id !== undefined) changes.pensionPlanId = body.pension_plan_id;
      if (body.date_of_birth !== undefined) changes.dateOfBirth = body.date_of_birth;
      changes.updatedAt = clock.now();

      const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
      if (!updated) throw new ApiError(401, UNAUTHENTICATED);
      // Field names only: never the values (PPSN, date of birth, income).
      log.info('profile.updated', { userId, fields: Object.keys(body).sort() });
      return c.json(toApiUser(updated, encryptionKey), 200);
    });
}
