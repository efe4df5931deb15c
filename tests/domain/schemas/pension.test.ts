import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../src/domain/dates.ts';
import { fieldErrors } from '../../../src/domain/schemas/issues.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { normalisePensionPlanId, profilePensionPlanIdField } from '../../../src/domain/schemas/profile.ts';
import {
  PensionInfoRequestSchema,
  PensionSetupFormSchema,
  contributionRequestSchema,
  directDebitRequestSchema,
  formatIban,
  ibanChecksumValid,
  ibanField,
  pensionSetupFormToRequest,
} from '../../../src/domain/schemas/pension.ts';

const TODAY = dayjs('2026-05-10');
const errorsOf = (schema: v.GenericSchema, input: unknown) => fieldErrors(v.safeParse(schema, input).issues);

describe('IBAN: SEPA country length and mod-97 checksum', () => {
  it.each(['IE29AIBK93115212345678', 'ie29 aibk 9311 5212 3456 78', 'DE89370400440532013000', 'GB82WEST12345698765432', 'NL91ABNA0417164300'])('accepts %s', (iban) => {
    expect(v.safeParse(ibanField, iban).success).toBe(true);
  });

  it('normalises to upper case without spaces', () => {
    expect(v.parse(ibanField, ' ie29 aibk 9311 5212 3456 78 ')).toBe('IE29AIBK93115212345678');
    expect(formatIban('IE29AIBK93115212345678')).toBe('IE29 AIBK 9311 5212 3456 78');
  });

  it.each<[unknown, string]>([
    ['', m.REQUIRED],
    ['IE29AIBK93115212345679', m.IBAN_INVALID], // last digit changed
    ['IE28AIBK93115212345678', m.IBAN_INVALID], // check digits changed
    ['IE29AIBK9311521234567', m.IBAN_INVALID], // too short for Ireland
    ['US12345678901234567890', m.IBAN_NOT_SEPA],
    ['IE29-AIBK-9311', m.IBAN_INVALID],
    ["IE29'; DROP TABLE users; --", m.IBAN_INVALID],
    ['X'.repeat(200), m.IBAN_INVALID],
    [12345, m.REQUIRED],
  ])('refuses %j', (input, message) => {
    expect(errorsOf(v.object({ iban: ibanField }), { iban: input })).toEqual({ iban: [message] });
  });

  it('every single-character change of a valid IBAN fails the checksum', () => {
    const iban = 'IE29AIBK93115212345678';
    for (let i = 4; i < iban.length; i += 1) {
      const digit = iban[i]!;
      if (!/\d/.test(digit)) continue;
      const changed = iban.slice(0, i) + String((Number(digit) + 1) % 10) + iban.slice(i + 1);
      expect(ibanChecksumValid(changed), changed).toBe(false);
    }
  });
});

describe('pension plan reference IL-12345678', () => {
  const schema = v.object({ pension_plan_id: profilePensionPlanIdField });
  it('normalises and accepts the format, clears on empty', () => {
    expect(normalisePensionPlanId(' il 1234 5678 ')).toBe('IL-12345678');
    expect(v.parse(schema, { pension_plan_id: 'il-12345678' })).toEqual({ pension_plan_id: 'IL-12345678' });
    expect(v.parse(schema, { pension_plan_id: '' })).toEqual({ pension_plan_id: null });
    expect(v.parse(schema, { pension_plan_id: null })).toEqual({ pension_plan_id: null });
    expect(v.parse(schema, {})).toEqual({ pension_plan_id: undefined });
  });
  it.each(['PLAN-1', 'IL-1234567', 'IL-123456789', 'XL-12345678', 'IL-1234567A', 42])('refuses %j', (id) => {
    expect(errorsOf(schema, { pension_plan_id: id })).toEqual({ pension_plan_id: [m.PENSION_PLAN_ID_FORMAT] });
  });
});

describe('POST /pension-info body', () => {
  const valid = { annual_income: 55_000, paid_pension: 1200, marital_status: 'married', pension_plan_id: 'IL-12345678' };
  it('accepts a full body', () => {
    expect(v.parse(PensionInfoRequestSchema, valid)).toEqual(valid);
  });
  it('reports each field', () => {
    expect(errorsOf(PensionInfoRequestSchema, { annual_income: -1, paid_pension: 'x', marital_status: 'widowed', pension_plan_id: 'nope', pension: 5 })).toEqual({
      annual_income: [m.POSITIVE_AMOUNT],
      paid_pension: [m.REQUIRED],
      marital_status: [m.MARITAL_STATUS_INVALID],
      pension_plan_id: [m.PENSION_PLAN_ID_FORMAT],
      pension: [m.UNKNOWN_FIELD],
    });
  });
});

describe('the Pension Setup form', () => {
  const typed = { annual_income: 60_000, paid_pension: 0, marital_status: 'married', pension_plan_id: '', spouse_annual_income: 20_000, assessment_basis: 'separate' };
  it('a married user sends the spouse’s income and the basis; an empty income is null (not known), no basis is joint', () => {
    expect(pensionSetupFormToRequest(v.parse(PensionSetupFormSchema, typed))).toMatchObject({ spouse_annual_income: 20_000, assessment_basis: 'separate' });
    expect(pensionSetupFormToRequest(v.parse(PensionSetupFormSchema, { ...typed, spouse_annual_income: '', assessment_basis: undefined }))).toMatchObject({
      spouse_annual_income: null,
      assessment_basis: 'joint',
    });
  });
  it('a single user sends neither (the server refuses them on a single profile)', () => {
    const sent = pensionSetupFormToRequest(v.parse(PensionSetupFormSchema, { ...typed, marital_status: 'single' }));
    expect(sent).not.toHaveProperty('spouse_annual_income');
    expect(sent).not.toHaveProperty('assessment_basis');
    expect(v.safeParse(PensionInfoRequestSchema, sent).success).toBe(true);
  });
  it('a negative spouse income is refused by name', () => {
    expect(errorsOf(PensionSetupFormSchema, { ...typed, spouse_annual_income: -5 })).toEqual({ spouse_annual_income: [m.POSITIVE_AMOUNT] });
  });
});

describe('POST /contribute body', () => {
  const schema = contributionRequestSchema(TODAY);
  const valid = { amount: 250.5, tax_year: 2026, source: 'sandbox-debit-card' };
  it('accepts this year and, until 31 October, last year', () => {
    expect(v.parse(schema, valid)).toEqual(valid);
    expect(v.safeParse(schema, { ...valid, tax_year: 2025 }).success).toBe(true);
    expect(v.safeParse(contributionRequestSchema(dayjs('2026-11-01')), { ...valid, tax_year: 2025 }).success).toBe(false);
  });
  it.each([1, 1.01, 114_999.99, 115_000])('accepts €%s, inside the limits or exactly on them', (amount) => {
    expect(errorsOf(schema, { ...valid, amount })).toEqual({});
  });
  it.each<[Record<string, unknown>, Record<string, string[]>]>([
    [{ amount: 0 }, { amount: [m.CONTRIBUTION_MIN] }],
    [{ amount: 0.99 }, { amount: [m.CONTRIBUTION_MIN] }],
    [{ amount: -10 }, { amount: [m.POSITIVE_AMOUNT] }],
    [{ amount: 0.5 }, { amount: [m.CONTRIBUTION_MIN] }],
    [{ amount: 115_000.01 }, { amount: [m.CONTRIBUTION_MAX] }],
    [{ amount: 1e308 }, { amount: [m.CONTRIBUTION_MAX] }],
    [{ amount: 10.001 }, { amount: [m.CENTS_ONLY] }],
    [{ amount: '100' }, { amount: [m.REQUIRED] }],
    [{ amount: null }, { amount: [m.REQUIRED] }],
    [{ tax_year: 2024 }, { tax_year: [m.TAX_YEAR_NOT_ASSIGNABLE] }],
    [{ tax_year: 2027 }, { tax_year: [m.TAX_YEAR_NOT_ASSIGNABLE] }],
    [{ tax_year: 2026.5 }, { tax_year: [m.TAX_YEAR_NOT_ASSIGNABLE] }],
    [{ source: 'card; DROP TABLE' }, { source: [m.SOURCE_UNKNOWN] }],
    [{ source: 7 }, { source: [m.SOURCE_UNKNOWN] }],
    [{ kind: 'round_up' }, { kind: [m.UNKNOWN_FIELD] }],
  ])('refuses %j', (change, errors) => {
    expect(errorsOf(schema, { ...valid, ...change })).toEqual(errors);
  });
});

describe('POST /direct-debit body', () => {
  const schema = directDebitRequestSchema(TODAY);
  const valid = { iban: 'IE29AIBK93115212345678', amount: 200, day_of_month: 15, start_date: '2026-06-01', mandate_accepted: true };
  it('accepts a new mandate, and a change without the IBAN', () => {
    expect(v.parse(schema, valid)).toEqual(valid);
    const { iban: _iban, ...change } = valid;
    expect(v.parse(schema, change)).toEqual(change);
  });
  it.each<[Record<string, unknown>, Record<string, string[]>]>([
    [{ amount: 9.99 }, { amount: [m.DIRECT_DEBIT_MIN] }],
    [{ amount: 10_000.01 }, { amount: [m.DIRECT_DEBIT_MAX] }],
    [{ day_of_month: 29 }, { day_of_month: [m.DAY_OF_MONTH_RANGE] }],
    [{ day_of_month: 0 }, { day_of_month: [m.DAY_OF_MONTH_RANGE] }],
    [{ day_of_month: 1.5 }, { day_of_month: [m.DAY_OF_MONTH_RANGE] }],
    [{ start_date: '2026-05-10' }, { start_date: [m.START_DATE_RANGE] }],
    [{ start_date: '2027-05-12' }, { start_date: [m.START_DATE_RANGE] }],
    [{ start_date: '2026-02-30' }, { start_date: [m.DATE_INVALID] }],
    [{ mandate_accepted: false }, { mandate_accepted: [m.MANDATE_REQUIRED] }],
    [{ iban: 'IE00AIBK93115212345678' }, { iban: [m.IBAN_INVALID] }],
  ])('refuses %j', (change, errors) => {
    expect(errorsOf(schema, { ...valid, ...change })).toEqual(errors);
  });
});
