/**
 * Response bodies: the User of spec section 3 and the Session of the auth calls. Response
 * objects drop unknown fields and default the fields a new account has not filled in yet
 * (null or missing → '' / null / 0 / [] / false), so a partial profile never fails to load —
 * a failed profile load signs the user out (spec section 4).
 */
import * as v from 'valibot';
import { parseApiDate } from '../dates.ts';
import { ASSESSMENT_BASES } from '../tax/assessment.ts';
import { MARITAL_STATUSES, responseObject, tokenField } from './fields.ts';
import { Form11EntrySchema } from './form11Entry.ts';
import * as m from './messages.ts';

export const UserSchema = responseObject({
  first_name: v.nullish(v.string(), ''),
  surname: v.nullish(v.string(), ''),
  ppsn: v.nullish(v.string(), null),
  /** YYYY-MM-DD */
  date_of_birth: v.pipe(
    v.string(m.DATE_OF_BIRTH_INVALID),
    v.check((text) => parseApiDate(text) !== null, m.DATE_OF_BIRTH_INVALID),
  ),
  email: v.string(m.EMAIL_REQUIRED),
  /** Euro; null until the user records it on /pension-info (the route guard reads this). */
  annual_income: v.nullish(v.number(), null),
  /** Euro already paid into a pension this year (reduces the room left). */
  paid_pension: v.nullish(v.number(), 0),
  /** Euro the user's current pension contribution. */
  pension: v.nullish(v.number(), 0),
  marital_status: v.picklist(MARITAL_STATUSES, m.MARITAL_STATUS_INVALID),
  /**
   * Euro: the spouse's or civil partner's income (married users); null when not recorded.
   * Optional like email_verified: fixtures of a User need not name it; absent reads as null.
   */
  spouse_annual_income: v.optional(v.nullable(v.number())),
  /** How a married user is assessed: 'joint' (the default), 'separate' or 'separate-treatment'; null when single. */
  assessment_basis: v.optional(v.nullable(v.picklist(ASSESSMENT_BASES))),
  pension_plan_id: v.nullish(v.string(), null),
  /** Cents (divided by 100 for display). */
  taxback: v.nullish(v.number(), 0),
  /**
   * Form 11 entries, one per tax year claimed (src/domain/schemas/form11Entry.ts). An entry this
   * client cannot read is left out rather than failing the whole profile (which signs out).
   */
  form11: v.pipe(
    v.nullish(v.array(v.unknown()), []),
    v.transform((entries) =>
      entries.flatMap((entry) => {
        const parsed = v.safeParse(Form11EntrySchema, entry);
        return parsed.success ? [parsed.output] : [];
      }),
    ),
  ),
  paye_a1_authorized: v.nullish(v.boolean(), false),
  opt_out_paye_auth: v.nullish(v.boolean(), false),
  /**
   * The address is proven (the mailed set-password link was used). Until then the server refuses
   * PAYE authorisation, bank linking and money movement (403, code `email_unverified`).
   * Optional: absent means "not reported", and fixtures of a User need not name it.
   */
  email_verified: v.optional(v.boolean()),
});
export type User = v.InferOutput<typeof UserSchema>;
export type UserInput = v.InferInput<typeof UserSchema>;

/** Login, register and refresh responses; `user` may be absent (then the profile is fetched). */
export const SessionResponseSchema = responseObject({
  access_token: tokenField,
  refresh_token: tokenField,
  user: v.optional(UserSchema),
});
export type SessionResponse = v.InferOutput<typeof SessionResponseSchema>;
