import { parseApiDate } from '../../domain/dates.ts';
import { isMaskedPpsn, maskPpsn } from '../../domain/schemas/fields.ts';
import * as m from '../../domain/schemas/messages.ts';
import {
  payeAuthorisationRequestSchema,
  type AgentDetails,
  type PayeAuthorisationAnswer,
  type PayeAuthorisationStatus,
} from '../../domain/schemas/payeAuthorisation.ts';
import { factory } from '../appEnv.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import { requireAuth } from '../http/requireAuth.ts';
import { requireTwoFactorSession } from '../http/requireTwoFactorSession.ts';
import { requireVerifiedEmail } from '../http/requireVerifiedEmail.ts';
import { TWO_FACTOR_SESSION_REQUIRED, UNAUTHENTICATED } from '../http/schemas.ts';
import type { Services } from '../services/index.ts';
import { toSummary } from '../services/payeAuthorisations.ts';
import { reencodeSignature } from '../services/signatureImage.ts';
import { type ApiUser, irishToday } from '../services/users.ts';

const AGENT_FIELDS = ['taxAgencyName', 'tain', 'agentAddress', 'agentSignature'] as const satisfies readonly (keyof AgentDetails)[];

/**
 * The PAYE A1 agent declaration (spec sections 2, 4 and 7): GET /paye-authorization (the fixed
 * agent details the screen shows, and the authorisation in force) and POST /paye-authorization
 * (sign it). Signing needs a verified email address (403 `email_unverified` otherwise): the
 * declaration names the account's own address, and Revenue requires it to be the taxpayer's own.
 * With two-step sign-in on, it also needs a session that gave a code (403 `two_factor_required`
 * otherwise): the signature lets us act with Revenue, so the password alone must not do it.
 */
export function payeRoutes(services: Services) {
  const { payeAuthorisations, users, clock, twoFactor, sessions, rateLimiter, rateLimits } = services;
  const auth = requireAuth(services);

  return factory
    .createApp()
    .get('/paye-authorization', auth, async (c) => {
      const [current, enabled, sessionVerified] = await Promise.all([
        payeAuthorisations.current(c.var.userId),
        twoFactor.isEnabled(c.var.userId),
        sessions.provedTwoFactor(c.var.familyId, c.var.userId),
      ]);
      const body: PayeAuthorisationStatus = {
        agent: payeAuthorisations.agent,
        authorization: current ? toSummary(current) : null,
        two_factor: { enabled, session_verified: sessionVerified },
      };
      return c.json(body, 200);
    })

    .post('/paye-authorization', auth, requireVerifiedEmail(), requireTwoFactorSession(services, TWO_FACTOR_SESSION_REQUIRED), async (c) => {
      const today = parseApiDate(irishToday(clock.now()));
      if (!today) throw new Error('could not compute today');
      const request = await readJson(c, payeAuthorisationRequestSchema(today));
      const form = request.form_data;
      const errors: Record<string, string[]> = {};
      if (form.emailAddress !== c.var.user.email) errors['form_data.emailAddress'] = [m.EMAIL_NOT_ACCOUNT];
      // The declaration names the taxpayer the account is: the same date of birth.
      if (form.dateOfBirth !== c.var.user.dateOfBirth) errors['form_data.dateOfBirth'] = [m.DATE_OF_BIRTH_NOT_ACCOUNT];
      // Only the pixels are kept: decoded and written again, so nothing else the upload carried is stored.
      const signature = reencodeSignature(form.clientSignature);
      if (signature === null) errors['form_data.clientSignature'] = [m.SIGNATURE_INVALID];
      // The user signed for the agent details their screen showed; if they differ from ours now, they must sign again.
      for (const field of AGENT_FIELDS) {
        const echoed = form[field];
        if (echoed !== undefined && echoed !== payeAuthorisations.agent[field]) errors[`form_data.${field}`] = [m.AGENT_DETAILS_CHANGED];
      }
      // The profile's masked PPSN, sent back untouched, stands for the stored one, and only when it is its mask.
      let ppsn = form.ppsn;
      if (isMaskedPpsn(form.ppsn)) {
        const stored = users.revealPpsn(c.var.user);
        if (stored === null || maskPpsn(stored) !== form.ppsn) errors['form_data.ppsn'] = [m.PPSN_INVALID];
        else ppsn = stored;
      }
      if (Object.keys(errors).length > 0 || signature === null) throw new ApiError(422, VALIDATION_MESSAGE, errors);
      // Each signature is evidence kept for years: a few a day per account.
      throwIfLimited([await rateLimiter.hit(rateLimits.payeSignPerAccount, c.var.userId)]);

      const row = await payeAuthorisations.sign(c.var.user, { ...request, form_data: { ...form, ppsn, clientSignature: signature } }, c.var.clientAddress, c.var.requestId);
      // Never the PPSN, names or signature: the evidence row's id and dates only.
      c.var.log.info({ userId: c.var.userId, authorisationId: row.id, lapsesAt: row.lapsesAt.toISOString() }, 'paye.authorised');
      const user = await users.findById(c.var.userId);
      if (!user) throw new ApiError(401, UNAUTHENTICATED);
      const body: Omit<PayeAuthorisationAnswer, 'user'> & { user: ApiUser } = { authorized: true, authorization: toSummary(row), user: await users.toApi(user) };
      return c.json(body, 200);
    });
}
