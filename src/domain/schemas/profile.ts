/**
 * The /profile form and the pension plan ID format. The form validates field by field with the
 * same schemas the server applies to POST /edit-profile, so a value the form accepts is never
 * refused by the server for a reason the form could have shown.
 */
import * as v from 'valibot';
import type { Dayjs } from 'dayjs';
import { displayDateToApiDate } from '../dates.ts';
import { assessmentBasisField, dateOfBirthField, nameField, ppsnOrMaskedField, spouseIncomeFormField, stop } from './fields.ts';
import * as m from './messages.ts';

/**
 * Irish Life plan references as MaxOut takes them: "IL-" and 8 digits (IL-12345678). Typed
 * without the hyphen, in lower case or with spaces, it is read the same.
 */
export const PENSION_PLAN_ID_PATTERN = /^IL-\d{8}$/;
export const PENSION_PLAN_ID_EXAMPLE = 'IL-12345678';

/** " il 1234 5678 " → "IL-12345678"; anything that does not look like a plan ID is returned trimmed and upper-cased. */
export function normalisePensionPlanId(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  const match = /^IL-?(\d{8})$/.exec(compact);
  return match ? `IL-${match[1]}` : compact;
}

export function isValidPensionPlanId(value: string): boolean {
  return PENSION_PLAN_ID_PATTERN.test(value);
}

/** Pension plan ID on the profile: null or '' clears it; otherwise IL- and 8 digits. */
export const profilePensionPlanIdField = v.optional(
  v.pipe(
    v.nullable(v.string(m.PENSION_PLAN_ID_FORMAT)),
    v.transform((text): string | null => (text === null ? null : normalisePensionPlanId(text))),
    v.check((text) => text === null || text === '' || isValidPensionPlanId(text), m.PENSION_PLAN_ID_FORMAT),
    stop<string | null>(),
    v.transform((text): string | null => (text === null || text === '' ? null : text)),
  ),
);

/**
 * The pension plan ID at registration, in the format Pension Setup takes: optional ('' → not
 * given), typed any way `normalisePensionPlanId` reads, stored as IL- and 8 digits.
 */
export const registerPensionPlanIdField = v.optional(
  v.pipe(
    v.string(m.PENSION_PLAN_ID_FORMAT),
    v.transform(normalisePensionPlanId),
    v.check((text) => text === '' || isValidPensionPlanId(text), m.PENSION_PLAN_ID_FORMAT),
    stop<string>(),
    v.transform((text): string | undefined => (text === '' ? undefined : text)),
  ),
);

/**
 * A form's plan ID field that was filled from the profile: the stored value, even in an older
 * format (an ID saved before the IL- rule), is accepted untouched; anything typed must be IL- and
 * 8 digits. So an untouched field never shows an error the user did not cause.
 */
export function keptPensionPlanIdField(stored: string | null) {
  return v.optional(
    v.pipe(
      v.nullable(v.string(m.PENSION_PLAN_ID_FORMAT)),
      v.transform((text): string | null => (text === null ? null : stored !== null && text.trim() === stored ? stored : normalisePensionPlanId(text))),
      v.check((text) => text === null || text === '' || text === stored || isValidPensionPlanId(text), m.PENSION_PLAN_ID_FORMAT),
      stop<string | null>(),
      v.transform((text): string | null => (text === null || text === '' ? null : text)),
    ),
  );
}

/**
 * The /profile form as typed: names, PPSN, date of birth DD.MM.YYYY (16 or older), and an
 * optional pension plan ID (`storedPlanId`: the profile's, accepted as it is). Email is shown
 * read-only and not part of the form.
 */
export function profileFormSchema(today: Dayjs, storedPlanId: string | null = null) {
  return v.object({
    first_name: nameField,
    surname: nameField,
    ppsn: ppsnOrMaskedField,
    date_of_birth: dateOfBirthField(today),
    pension_plan_id: keptPensionPlanIdField(storedPlanId),
    /** Married users only: the spouse's income (empty: not known) and the basis of assessment. */
    spouse_annual_income: spouseIncomeFormField,
    assessment_basis: v.optional(assessmentBasisField),
  });
}
export type ProfileFormValues = v.InferInput<ReturnType<typeof profileFormSchema>>;

/**
 * What the form sends to POST /edit-profile: the date in the API form, no plan ID as null, and
 * the plan ID left out when it is the stored one (the server takes only the current format), and
 * for a married user the spouse's income and basis (a single user's form does not show them).
 */
export function profileFormToRequest(values: v.InferOutput<ReturnType<typeof profileFormSchema>>, storedPlanId: string | null = null, married = false) {
  const planId = values.pension_plan_id ?? null;
  return {
    first_name: values.first_name,
    surname: values.surname,
    ppsn: values.ppsn,
    date_of_birth: displayDateToApiDate(values.date_of_birth) ?? values.date_of_birth,
    ...(planId !== null && planId === storedPlanId ? {} : { pension_plan_id: planId }),
    ...(married ? { spouse_annual_income: values.spouse_annual_income ?? null, assessment_basis: values.assessment_basis ?? 'joint' } : {}),
  };
}
