/**
 * Pension setup, contributions and direct debits: request schemas shared by the forms, the API
 * client and the server (which answers a refusal with 422 and these messages per field), and the
 * answers' schemas. Money in requests is euro with at most two decimals; the server keeps cents.
 */
import * as v from 'valibot';
import type { Dayjs } from 'dayjs';
import { compareCalendarDates, parseApiDate } from '../dates.ts';
import { isAssignableTaxYear } from '../taxYear.ts';
import { amountField, assessmentBasisField, maritalStatusField, requestObject, responseObject, spouseIncomeField, spouseIncomeFormField, stop } from './fields.ts';
import * as m from './messages.ts';
import { profilePensionPlanIdField } from './profile.ts';
import { UserSchema } from './user.ts';

// ─── Money ───────────────────────────────────────────────────────────────────────────────────

/** Whole cents: 12.5 and 12.34 pass, 12.345 does not (float noise tolerated). */
export function hasWholeCents(euro: number): boolean {
  return Math.abs(euro * 100 - Math.round(euro * 100)) < 1e-6;
}

/** A one-off contribution: €1 to €115,000 (the earnings cap; more can never earn relief), in cents. */
export const contributionAmountField = v.pipe(
  v.number(m.REQUIRED),
  v.finite(m.REQUIRED),
  stop<number>(),
  v.minValue(0, m.POSITIVE_AMOUNT),
  stop<number>(),
  v.minValue(1, m.CONTRIBUTION_MIN),
  stop<number>(),
  v.maxValue(115_000, m.CONTRIBUTION_MAX),
  stop<number>(),
  v.check(hasWholeCents, m.CENTS_ONLY),
);

/** A monthly direct debit: €10 to €10,000, in cents. */
export const directDebitAmountField = v.pipe(
  v.number(m.REQUIRED),
  v.finite(m.REQUIRED),
  stop<number>(),
  v.minValue(0, m.POSITIVE_AMOUNT),
  stop<number>(),
  v.minValue(10, m.DIRECT_DEBIT_MIN),
  stop<number>(),
  v.maxValue(10_000, m.DIRECT_DEBIT_MAX),
  stop<number>(),
  v.check(hasWholeCents, m.CENTS_ONLY),
);

// ─── IBAN ────────────────────────────────────────────────────────────────────────────────────

/** Length of the IBAN of each SEPA country (ECBS/SWIFT IBAN registry). */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22,
  GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18,
  NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/** Spaces removed and upper case: "ie29 aibk 9311 5212 3456 78" → "IE29AIBK93115212345678". */
export function normaliseIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616 check: move the first four characters to the end, letters to 10…35, the number mod 97 is 1. */
export function ibanChecksumValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A SEPA IBAN: the country's length and the mod-97 checksum. Output normalised (no spaces). */
export const ibanField = v.pipe(
  v.string(m.REQUIRED),
  v.transform(normaliseIban),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.maxLength(34, m.IBAN_INVALID),
  stop<string>(),
  v.regex(/^[A-Z]{2}\d{2}[A-Z0-9]+$/, m.IBAN_INVALID),
  stop<string>(),
  v.check((iban) => SEPA_IBAN_LENGTHS[iban.slice(0, 2)] !== undefined, m.IBAN_NOT_SEPA),
  stop<string>(),
  v.check((iban) => SEPA_IBAN_LENGTHS[iban.slice(0, 2)] === iban.length && ibanChecksumValid(iban), m.IBAN_INVALID),
);

/** "IE29 AIBK …" groups of four, for display. */
export function formatIban(iban: string): string {
  return normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

// ─── Requests ────────────────────────────────────────────────────────────────────────────────

/**
 * POST /pension-info: what Pension Setup saves. A married user may add the spouse's income and
 * the basis of assessment (joint by default); a single one may not (checked with the status sent,
 * see spouseFieldErrors).
 */
export const PensionInfoRequestSchema = requestObject({
  annual_income: amountField,
  paid_pension: amountField,
  marital_status: maritalStatusField,
  pension_plan_id: profilePensionPlanIdField,
  spouse_annual_income: v.optional(spouseIncomeField),
  assessment_basis: v.optional(assessmentBasisField),
});

/**
 * The Pension Setup form: the request's fields, the spouse's income as the form holds it (left
 * empty: not known). What it outputs is a PensionInfoRequest.
 */
export const PensionSetupFormSchema = requestObject({
  annual_income: amountField,
  paid_pension: amountField,
  marital_status: maritalStatusField,
  pension_plan_id: profilePensionPlanIdField,
  spouse_annual_income: spouseIncomeFormField,
  assessment_basis: v.optional(assessmentBasisField),
});

/**
 * What the Pension Setup form sends to POST /pension-info: for a married user the spouse's
 * income (empty: null, not known) and the basis (joint unless chosen otherwise); a single user's
 * form leaves both out (the server would refuse them).
 */
export function pensionSetupFormToRequest(values: v.InferOutput<typeof PensionSetupFormSchema>): PensionInfoRequest {
  const { spouse_annual_income, assessment_basis, ...rest } = values;
  return values.marital_status === 'married' ? { ...rest, spouse_annual_income: spouse_annual_income ?? null, assessment_basis: assessment_basis ?? 'joint' } : rest;
}

/**
 * The spouse's income and the basis of assessment are for a married user only: given (not null)
 * for a profile that will be single, each is refused by name.
 */
export function spouseFieldErrors(
  maritalStatus: 'single' | 'married',
  body: { readonly spouse_annual_income?: number | null | undefined; readonly assessment_basis?: string | null | undefined },
): Record<string, string[]> {
  if (maritalStatus === 'married') return {};
  const errors: Record<string, string[]> = {};
  if (body.spouse_annual_income !== undefined && body.spouse_annual_income !== null) errors.spouse_annual_income = [m.SPOUSE_FIELDS_NEED_MARRIED];
  if (body.assessment_basis !== undefined && body.assessment_basis !== null) errors.assessment_basis = [m.SPOUSE_FIELDS_NEED_MARRIED];
  return errors;
}
export type PensionInfoRequest = v.InferOutput<typeof PensionInfoRequestSchema>;
export type PensionInfoRequestInput = v.InferInput<typeof PensionInfoRequestSchema>;

/** The id of an account or card to pay from; the server checks it is one of the user's sources. */
export const sourceIdField = v.pipe(v.string(m.SOURCE_UNKNOWN), v.regex(/^[A-Za-z0-9_-]{1,64}$/, m.SOURCE_UNKNOWN));

/** POST /contribute: amount (euro), the tax year it counts for, the account or card it comes from. */
export function contributionRequestSchema(today: Dayjs) {
  return requestObject({
    amount: contributionAmountField,
    tax_year: v.pipe(
      v.number(m.TAX_YEAR_NOT_ASSIGNABLE),
      v.check((year) => Number.isInteger(year) && isAssignableTaxYear(year, today), m.TAX_YEAR_NOT_ASSIGNABLE),
    ),
    source: sourceIdField,
  });
}
export type ContributionRequest = v.InferOutput<ReturnType<typeof contributionRequestSchema>>;

/**
 * /contribute's draft kept for a reload (`?year=&source=` beside `amount`): read by the screen, not
 * the route (whose search schemas load with the first page); the form uses each only if the options offer it.
 */
export const ContributeDraftSearchSchema = v.object({
  year: v.fallback(v.optional(v.number()), undefined),
  source: v.fallback(v.optional(v.string()), undefined),
});

/** The Idempotency-Key header of a contribution. */
export const idempotencyKeyField = v.pipe(v.string(m.IDEMPOTENCY_KEY_INVALID), v.regex(/^[A-Za-z0-9_-]{8,100}$/, m.IDEMPOTENCY_KEY_INVALID));

/** The latest first collection date a mandate may start on: one year ahead. */
export const DIRECT_DEBIT_MAX_LEAD_DAYS = 366;

/** A date (YYYY-MM-DD) from `from` days after today up to a year ahead: a mandate's start, a pause's end. */
function dateAheadField(today: Dayjs, messages: { notText: string; from: number; outside: string }) {
  return v.pipe(
    v.string(messages.notText),
    v.nonEmpty(m.REQUIRED),
    stop<string>(),
    v.check((text) => parseApiDate(text) !== null, m.DATE_INVALID),
    stop<string>(),
    v.check((text) => {
      const date = parseApiDate(text);
      if (!date) return false;
      const ahead = compareCalendarDates(date, today);
      return ahead >= messages.from && ahead <= DIRECT_DEBIT_MAX_LEAD_DAYS;
    }, messages.outside),
  );
}

/**
 * POST /direct-debit: set up or change the monthly mandate. The IBAN may be left out when changing
 * (the mandate keeps its account); the mandate must be accepted each time.
 */
export function directDebitRequestSchema(today: Dayjs) {
  return requestObject({
    iban: v.optional(ibanField),
    amount: directDebitAmountField,
    day_of_month: v.pipe(v.number(m.DAY_OF_MONTH_RANGE), v.integer(m.DAY_OF_MONTH_RANGE), v.minValue(1, m.DAY_OF_MONTH_RANGE), v.maxValue(28, m.DAY_OF_MONTH_RANGE)),
    start_date: dateAheadField(today, { notText: m.REQUIRED, from: 1, outside: m.START_DATE_RANGE }),
    mandate_accepted: v.literal(true, m.MANDATE_REQUIRED),
  });
}
export type DirectDebitRequest = v.InferOutput<ReturnType<typeof directDebitRequestSchema>>;

/**
 * POST /direct-debit/pause: no collection until `until` (inclusive); without it, until 31 December
 * of this year (the relief limit starts again on 1 January). From today up to a year ahead.
 */
export function directDebitPauseRequestSchema(today: Dayjs) {
  return requestObject({
    until: v.optional(dateAheadField(today, { notText: m.DATE_INVALID, from: 0, outside: m.PAUSE_UNTIL_RANGE })),
  });
}
export type DirectDebitPauseRequest = v.InferOutput<ReturnType<typeof directDebitPauseRequestSchema>>;

// ─── Answers ─────────────────────────────────────────────────────────────────────────────────

export const CONTRIBUTION_KINDS = ['one_off', 'direct_debit', 'round_up'] as const;
/**
 * `pending`: the provider was asked and its answer is not recorded yet — in flight, or cut short
 * (a crash) and waiting for the server's recovery to ask the provider. Not counted in any total.
 */
export const CONTRIBUTION_STATUSES = ['pending', 'succeeded', 'declined'] as const;

export const ContributionSchema = responseObject({
  id: v.string(),
  /** Euro. */
  amount: v.number(),
  tax_year: v.number(),
  kind: v.picklist(CONTRIBUTION_KINDS),
  source: v.string(),
  status: v.picklist(CONTRIBUTION_STATUSES),
  created_at: v.string(),
});
export type Contribution = v.InferOutput<typeof ContributionSchema>;

export const ContributionSourceSchema = responseObject({ id: v.string(), label: v.string() });
export type ContributionSource = v.InferOutput<typeof ContributionSourceSchema>;

/** GET /contributions: this year's ledger, the years a new one may count for, the sources to pay from. */
export const ContributionsAnswerSchema = responseObject({
  tax_year: v.number(),
  /** The tax years a contribution made today may count for, this year first. */
  assignable_years: v.array(v.number()),
  /** Euro contributed through MaxOut per assignable year. */
  contributed: v.record(v.string(), v.number()),
  sources: v.array(ContributionSourceSchema),
  contributions: v.array(ContributionSchema),
});
export type ContributionsAnswer = v.InferOutput<typeof ContributionsAnswerSchema>;

export const MandateSchema = responseObject({
  id: v.string(),
  reference: v.string(),
  /** The IBAN masked: country, check digits and the last four ("IE29 •••• 5678"). */
  iban_masked: v.string(),
  amount: v.number(),
  day_of_month: v.number(),
  start_date: v.string(),
  /** The next date collected (YYYY-MM-DD): today's, on a collection day, until the run has collected it. */
  next_collection: v.string(),
  accepted_at: v.string(),
  /** While paused: the last day no collection is made (YYYY-MM-DD); null when the mandate collects. */
  paused_until: v.nullable(v.string()),
  /**
   * The latest date collected (or declined by the bank), YYYY-MM-DD; null before the first. On a
   * collection day it tells whether today's collection is already in the year's pension.
   */
  last_collection: v.nullable(v.string()),
});
export type Mandate = v.InferOutput<typeof MandateSchema>;

/** GET /direct-debit and the answers of its changes: the active mandate, or null. */
export const DirectDebitAnswerSchema = responseObject({ mandate: v.nullable(MandateSchema) });
export type DirectDebitAnswer = v.InferOutput<typeof DirectDebitAnswerSchema>;

/** POST /contribute: the payment, the user after it, and the relief it earned (absent on a replay). */
export const ContributeAnswerSchema = responseObject({
  contribution: ContributionSchema,
  user: UserSchema,
  relief: v.optional(v.number()),
});
export type ContributeAnswer = v.InferOutput<typeof ContributeAnswerSchema>;
