/**
 * Reusable valibot field schemas with the messages of spec section 5. Forms validate single
 * fields with them, the API client and the server compose them into request schemas.
 *
 * Each field reports at most one issue (the first rule it breaks, in the order the rules are
 * listed): a `stop()` after a rule ends the pipe when that rule failed, because valibot does
 * not run transformations once a pipe has an issue. So '' says "This field is required" only,
 * never also "Must be at least 2 characters".
 *
 * Date rules take `today` (a Dayjs) because nothing in the domain reads the clock.
 */
import * as v from 'valibot';
import type { Dayjs } from 'dayjs';
import { ageOn, compareCalendarDates, parseApiDate, parseDate, parseDisplayDate } from '../dates.ts';
import { MIN_REGISTRATION_AGE } from '../constants.ts';
import { stop } from './basicFields.ts';
import * as m from './messages.ts';
import { ASSESSMENT_BASES } from '../tax/assessment.ts';

// The date-free fields live apart so the sign-in screens load no date parsing; all are here too.
export * from './basicFields.ts';

// ---------------------------------------------------------------------------------------------
// PPSN

const PPSN_RE = /^(\d{7})([A-W])([A-IW])?$/;
const CHECK_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV'; // index = remainder mod 23

/**
 * The PPSN check character: digits weighted 8…2, plus 9 × the second letter's value (A=1 … I=9;
 * W or none = 0), mod 23, where 0 → W and 1…22 → A…V.
 * @throws RangeError when `digits` is not 7 digits or `secondLetter` is not A-I / W.
 */
export function ppsnCheckCharacter(digits: string, secondLetter?: string): string {
  if (!/^\d{7}$/.test(digits)) throw new RangeError('A PPSN has 7 digits');
  const second = (secondLetter ?? '').toUpperCase();
  if (second !== '' && !/^[A-IW]$/.test(second)) throw new RangeError('The second PPSN letter is A-I or W');
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(digits[i]) * (8 - i);
  if (second !== '' && second !== 'W') sum += 9 * (second.charCodeAt(0) - 64);
  return CHECK_LETTERS.charAt(sum % 23);
}

/** Upper case, spaces removed: " 1234567 t " → "1234567T". */
export function normalisePpsn(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Format only: 7 digits, a letter A-W, optionally A-I or W; expects a normalised value. */
export function hasPpsnFormat(value: string): boolean {
  return PPSN_RE.test(value);
}

/** Format (7 digits, A-W, optional A-I/W) and check character; expects a normalised value. */
export function isValidPpsn(value: string): boolean {
  const match = PPSN_RE.exec(value);
  if (!match) return false;
  const [, digits = '', check, second] = match;
  return ppsnCheckCharacter(digits, second) === check;
}

/** PPSN: required; normalised to upper case without spaces; format and check character. */
export const ppsnField = v.pipe(
  v.string(m.REQUIRED),
  v.transform(normalisePpsn),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.check(hasPpsnFormat, m.PPSN_INVALID),
  stop<string>(),
  // The right shape with a check letter that does not match: say it is a typo, not a wrong format.
  v.check(isValidPpsn, m.PPSN_CHECK_FAILED),
);

/** What hides the PPSN's leading characters in API answers. */
export const PPSN_MASK_CHARACTER = '•';

/**
 * The PPSN as the API answers it: every character but the last 3 hidden ("1234567T" →
 * "•••••67T"). The full value comes only from POST /profile/ppsn-reveal.
 */
export function maskPpsn(ppsn: string): string {
  const visible = ppsn.slice(-3);
  return PPSN_MASK_CHARACTER.repeat(Math.max(0, ppsn.length - visible.length)) + visible;
}

/** A masked PPSN as {@link maskPpsn} writes it. */
export function isMaskedPpsn(value: string): boolean {
  return /^•{5,6}[0-9A-Z]{3}$/.test(value);
}

/**
 * A PPSN field that also takes the masked value the API answered, meaning "keep the stored
 * PPSN" (a profile form saved without touching the field). The server checks the mask matches.
 */
export const ppsnOrMaskedField = v.pipe(
  v.string(m.REQUIRED),
  v.transform((text) => (isMaskedPpsn(text.trim()) ? text.trim() : normalisePpsn(text))),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.check((text) => isMaskedPpsn(text) || hasPpsnFormat(text), m.PPSN_INVALID),
  stop<string>(),
  v.check((text) => isMaskedPpsn(text) || isValidPpsn(text), m.PPSN_CHECK_FAILED),
);

// ---------------------------------------------------------------------------------------------
// Dates

/** Nobody older than this registers; an earlier year is a typing slip (security checklist F2). */
export const MAX_PLAUSIBLE_AGE = 120;

function dateOfBirthPipe(parse: (text: string) => Dayjs | null, invalidMessage: string, today: Dayjs) {
  return v.pipe(
    v.string(m.REQUIRED),
    v.trim(),
    v.nonEmpty(m.REQUIRED),
    stop<string>(),
    v.check((text) => parse(text) !== null, invalidMessage),
    stop<string>(),
    v.check((text) => {
      const dob = parse(text);
      return dob !== null && compareCalendarDates(dob, today) <= 0;
    }, m.DATE_INVALID),
    stop<string>(),
    v.check((text) => {
      const dob = parse(text);
      return dob !== null && ageOn(dob, today) >= MIN_REGISTRATION_AGE;
    }, m.MIN_AGE),
    stop<string>(),
    v.check((text) => {
      const dob = parse(text);
      return dob !== null && ageOn(dob, today) <= MAX_PLAUSIBLE_AGE;
    }, m.DATE_INVALID),
  );
}

/**
 * Date of birth as typed, DD.MM.YYYY: required, a real date, not in the future, at least 16
 * today (the 16th birthday itself passes). Output is the trimmed text; convert with
 * `displayDateToApiDate` before sending.
 */
export function dateOfBirthField(today: Dayjs) {
  return dateOfBirthPipe(parseDisplayDate, m.DATE_INVALID, today);
}

/**
 * The same rules for the API form YYYY-MM-DD (register `details.dob`, profile `date_of_birth`).
 * An unreadable value says "Invalid date of birth", the register message of spec section 8.
 */
export function apiDateOfBirthField(today: Dayjs) {
  return dateOfBirthPipe(parseApiDate, m.DATE_OF_BIRTH_INVALID, today);
}

/**
 * A date that is not in the future ("Dates: not in the future"), typed DD.MM.YYYY or given
 * as YYYY-MM-DD (date pickers). Today passes.
 */
export function pastDateField(today: Dayjs) {
  const parse = (text: string) => parseDisplayDate(text) ?? parseApiDate(text);
  return v.pipe(
    v.string(m.REQUIRED),
    v.trim(),
    v.nonEmpty(m.REQUIRED),
    stop<string>(),
    v.check((text) => {
      const date = parse(text);
      return date !== null && compareCalendarDates(date, today) <= 0;
    }, m.DATE_INVALID),
  );
}

/** Any accepted date form (spec section 5 "Dates accepted"), required and readable. */
export const dateField = v.pipe(
  v.string(m.REQUIRED),
  v.trim(),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.check((text) => parseDate(text) !== null, m.DATE_INVALID),
);

// ---------------------------------------------------------------------------------------------
// Numbers. Inputs are numbers (Mantine NumberInput gives '' when empty; the optional variants
// read '' and null as "not given").

/** Upper bound on money amounts such as annual income. */
export const MAX_AMOUNT = 10_000_000;

/** Whether a euro amount is whole cents (12.34 yes, 12.345 no), judged on its shortest decimal form. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Money: a number from 0 to 10,000,000 (0 allowed: "not negative"). */
export const amountField = v.pipe(
  v.number(m.REQUIRED),
  v.minValue(0, m.POSITIVE_AMOUNT),
  stop<number>(),
  v.maxValue(MAX_AMOUNT, m.AMOUNT_MAX),
  stop<number>(),
  // Money is whole cents (src/domain/money.ts): 12.345 would be rounded somewhere, silently.
  v.check(hasAtMostTwoDecimals, m.AMOUNT_TWO_DECIMALS),
);

/** Makes a number field optional: missing, undefined, null and '' all become undefined. */
export function optionalNumber(schema: v.GenericSchema<number, number>, message: string) {
  return v.optional(
    v.pipe(
      v.union([schema, v.literal(''), v.null()], message),
      v.transform((value: number | '' | null): number | undefined => (typeof value === 'number' ? value : undefined)),
    ),
  );
}

export const optionalAmountField = optionalNumber(amountField, m.POSITIVE_AMOUNT);

/** Months a medical insurance policy was active: whole months 1 to 12. */
export const monthsField = v.pipe(
  v.number(m.REQUIRED),
  v.integer(m.MONTHS_RANGE),
  stop<number>(),
  v.minValue(1, m.MONTHS_RANGE),
  stop<number>(),
  v.maxValue(12, m.MONTHS_RANGE),
);

/** Number of days: whole days 0 to 365. */
export const daysField = v.pipe(
  v.number(m.REQUIRED),
  v.integer(m.WHOLE_NUMBER),
  stop<number>(),
  v.minValue(0, m.POSITIVE_AMOUNT),
  stop<number>(),
  v.maxValue(365, m.DAYS_MAX),
);

export const optionalDaysField = optionalNumber(daysField, m.DAYS_MAX);

/** Months 1 to 12, or not given. */
export const optionalMonthsField = optionalNumber(monthsField, m.MONTHS_RANGE);

/**
 * Lease duration: whole months 1 to 120. The spec gives the range "1 to 120" (sections 5 and 9)
 * and the message "Must be less than 120 months"; the range wins, so 120 itself passes.
 */
export const leaseMonthsField = v.pipe(
  v.number(m.REQUIRED),
  v.integer(m.WHOLE_NUMBER),
  stop<number>(),
  v.minValue(1, m.LEASE_MIN),
  stop<number>(),
  v.maxValue(120, m.LEASE_MAX),
);

/** Loan value: 60,000 to 500,000 inclusive (same reading of the range as the lease). */
export const loanValueField = v.pipe(
  v.number(m.REQUIRED),
  v.minValue(60_000, m.LOAN_MIN),
  stop<number>(),
  v.maxValue(500_000, m.LOAN_MAX),
);

// ---------------------------------------------------------------------------------------------
// Other Form 11 fields

/** Tax reference number: exactly 7 digits. */
export const taxReferenceField = v.pipe(
  v.string(m.REQUIRED),
  v.trim(),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.regex(/^\d{7}$/, m.TAX_REFERENCE_INVALID),
);

export const companyNameField = v.pipe(
  v.string(m.REQUIRED),
  v.trim(),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.minLength(2, m.MIN_2_CHARACTERS),
  stop<string>(),
  v.maxLength(200, m.MAX_200_CHARACTERS),
);

export const addressField = v.pipe(
  v.string(m.REQUIRED),
  v.trim(),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.minLength(5, m.MIN_5_CHARACTERS),
  stop<string>(),
  v.maxLength(200, m.MAX_200_CHARACTERS),
);

/** Property ID: optional; when given, 8 letters or digits (upper-cased); '' → undefined. */
export const propertyIdField = v.optional(
  v.pipe(
    v.string(m.PROPERTY_ID_INVALID),
    v.trim(),
    v.toUpperCase(),
    v.check((text) => text === '' || /^[A-Z0-9]{8}$/.test(text), m.PROPERTY_ID_INVALID),
    v.transform((text): string | undefined => (text === '' ? undefined : text)),
  ),
);

// Routing key: a letter from Eircode's alphabet and two digits, or the special D6W; then four
// characters from the same alphabet or digits.
const EIRCODE_RE = /^([AC-FHKNPRTV-Y]\d{2}|D6W)([0-9AC-FHKNPRTV-Y]{4})$/;

/** Eircode: required; spaces removed, upper-cased, output as "A65 F4E2". */
export const eircodeField = v.pipe(
  v.string(m.REQUIRED),
  v.transform((text) => text.replace(/\s+/g, '').toUpperCase()),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.regex(EIRCODE_RE, m.EIRCODE_INVALID),
  v.transform((text) => `${text.slice(0, 3)} ${text.slice(3)}`),
);

/** Yes/no selection. */
export const yesNoField = v.pipe(
  v.string(m.REQUIRED),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.picklist(['yes', 'no'], m.YES_OR_NO),
);

/** Yes, no, or not answered ('' and null read as not answered → undefined). */
export const optionalYesNoField = v.optional(
  v.pipe(
    v.union([v.picklist(['yes', 'no']), v.literal(''), v.null()], m.YES_OR_NO),
    v.transform((value): 'yes' | 'no' | undefined => (value === 'yes' || value === 'no' ? value : undefined)),
  ),
);

/** A statement the user must tick. */
export const confirmField = v.literal(true, m.CONFIRM_REQUIRED);

/** Tax Refund page: the chosen options (at least one). */
export const selectedOptionsField = v.pipe(
  v.array(v.string(), m.SELECT_AT_LEAST_ONE),
  v.minLength(1, m.SELECT_AT_LEAST_ONE),
);

/** A list that needs at least one entry (e.g. insurances on the medical insurance page). */
export function nonEmptyList<TItem extends v.GenericSchema>(item: TItem, message: string) {
  return v.pipe(v.array(item, message), v.minLength(1, message));
}

// ---------------------------------------------------------------------------------------------
// Profile fields

export const MARITAL_STATUSES = ['single', 'married'] as const;

/** The one wording of the marital status question, wherever it is asked or shown. */
export const MARITAL_STATUS_LABEL = 'Marital status';
export const MARITAL_STATUS_OPTIONS: readonly { value: (typeof MARITAL_STATUSES)[number]; label: string }[] = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married or in a civil partnership' },
];

export const maritalStatusField = v.pipe(
  v.string(m.REQUIRED),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.picklist(MARITAL_STATUSES, m.MARITAL_STATUS_INVALID),
);

/** A married user's basis of assessment; null clears it (the default, joint, then applies). */
export const assessmentBasisField = v.nullable(v.picklist(ASSESSMENT_BASES, m.ASSESSMENT_BASIS_INVALID));

/** The spouse's income: euro as an amount, or null when not known. */
export const spouseIncomeField = v.nullable(amountField);

/** The spouse's income as a form holds it: a number, or '' (left empty) read as null. */
export const spouseIncomeFormField = v.optional(
  v.pipe(
    v.union([amountField, v.literal(''), v.null()], m.POSITIVE_AMOUNT),
    v.transform((value: number | '' | null): number | null => (typeof value === 'number' ? value : null)),
  ),
);

const pensionPlanIdText = v.pipe(
  v.string(m.PENSION_PLAN_ID_INVALID),
  v.trim(),
  v.maxLength(64, m.MAX_64_CHARACTERS),
  stop<string>(),
  v.check((text) => text === '' || /^[A-Za-z0-9-]+$/.test(text), m.PENSION_PLAN_ID_INVALID),
);

/** Pension plan ID at registration: optional; trimmed; '' → undefined; ≤ 64 letters, digits, '-'. */
export const pensionPlanIdField = v.optional(
  v.pipe(
    pensionPlanIdText,
    v.transform((text): string | undefined => (text === '' ? undefined : text)),
  ),
);

/** Pension plan ID on the profile: as above, but null (or '') clears it. */
export const nullablePensionPlanIdField = v.optional(
  v.pipe(
    v.nullable(pensionPlanIdText),
    v.transform((text): string | null => (text === null || text === '' ? null : text)),
  ),
);

export const booleanField = v.boolean(m.BOOLEAN_INVALID);

// ---------------------------------------------------------------------------------------------
// Form 11 credit, relief and income forms (added for the refund engine's schemas).

/** Free text that may be left empty: trimmed, at most 200 characters; '' → undefined. */
export const optionalTextField = v.optional(
  v.pipe(
    v.string(m.REQUIRED),
    v.trim(),
    v.maxLength(200, m.MAX_200_CHARACTERS),
    v.transform((text): string | undefined => (text === '' ? undefined : text)),
  ),
);

/** Required free text of a Form 11 form (a landlord, an employer, a course): trimmed, at most 200 characters. */
export const formTextField = v.pipe(v.string(m.REQUIRED), v.trim(), v.nonEmpty(m.REQUIRED), stop<string>(), v.maxLength(200, m.MAX_200_CHARACTERS));

/** LPT property ID where a form needs it: required, 8 letters or digits (upper-cased). */
export const lptIdField = v.pipe(
  v.string(m.REQUIRED),
  v.trim(),
  v.toUpperCase(),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.regex(/^[A-Z0-9]{8}$/, m.PROPERTY_ID_INVALID),
);

/** A share of a cost in whole percent, 1 to 100. */
export const percentField = v.pipe(
  v.number(m.REQUIRED),
  v.integer(m.WHOLE_NUMBER),
  stop<number>(),
  v.minValue(1, m.PERCENT_RANGE),
  stop<number>(),
  v.maxValue(100, m.PERCENT_RANGE),
);

/** One of a fixed set of values (a select or radio group). */
export function choiceField<const TOptions extends readonly [string, ...string[]]>(options: TOptions) {
  return v.pipe(v.string(m.CHOOSE_AN_OPTION), v.nonEmpty(m.CHOOSE_AN_OPTION), stop<string>(), v.picklist(options, m.CHOOSE_AN_OPTION));
}

/** A yes/no flag held as a boolean (switches, checkboxes); missing means false. */
export const optionalFlagField = v.optional(v.boolean(m.BOOLEAN_INVALID), false);
