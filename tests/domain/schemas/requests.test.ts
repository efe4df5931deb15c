import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import { dayjs } from '../../../src/domain/dates.ts';
import {
  FORM_ERROR_KEY,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  ResetPasswordRequestSchema,
  SessionResponseSchema,
  UserSchema,
  editProfileRequestSchema,
  fieldErrors,
  firstErrorPerField,
  registerRequestSchema,
} from '../../../src/domain/schemas/index.ts';
import type { LoginRequest, RegisterRequest, SessionResponse, User } from '../../../src/domain/schemas/index.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { outputOf } from './helpers.ts';

const TODAY = dayjs(new Date(2025, 5, 15)); // 15 June 2025

/** The `{ field: [messages] }` map for an input, {} when it passes. */
function errorsOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
}

describe('LoginRequest', () => {
  it('accepts email and password, normalising the email', () => {
    const body: LoginRequest = outputOf(LoginRequestSchema, { email: ' Ann@Example.ie ', password: ' secret ' });
    expect(body).toEqual({ email: 'ann@example.ie', password: ' secret ' });
  });

  it('reports each field with its own message, missing or empty', () => {
    expect(errorsOf(LoginRequestSchema, {})).toEqual({ email: [m.EMAIL_REQUIRED], password: [m.PASSWORD_REQUIRED] });
    expect(errorsOf(LoginRequestSchema, { email: '', password: '' })).toEqual({
      email: [m.EMAIL_REQUIRED],
      password: [m.PASSWORD_REQUIRED],
    });
    expect(errorsOf(LoginRequestSchema, { email: 'nope', password: 'x' })).toEqual({ email: [m.EMAIL_INVALID] });
  });

  it('rejects unknown fields (strict)', () => {
    expect(errorsOf(LoginRequestSchema, { email: 'a@b.ie', password: 'x', remember_me: true })).toEqual({
      remember_me: [m.UNKNOWN_FIELD],
    });
  });

  it.each([[null], ['text'], [42]])('a body that is not an object (%o) is an invalid request', (body) => {
    expect(errorsOf(LoginRequestSchema, body)).toEqual({ [FORM_ERROR_KEY]: [m.INVALID_REQUEST] });
  });

  it('an absent body is "required"', () => {
    expect(errorsOf(LoginRequestSchema, undefined)).toEqual({ [FORM_ERROR_KEY]: [m.REQUIRED] });
  });
});

describe('RegisterRequest', () => {
  const schema = registerRequestSchema(TODAY);
  const valid = { email: 'ann@example.ie', details: { dob: '1990-12-31', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } };

  it('accepts the spec payload', () => {
    const body: RegisterRequest = outputOf(schema, valid);
    expect(body).toEqual(valid);
  });

  it('the pension plan ID is optional and trimmed', () => {
    expect(outputOf(schema, { email: 'a@b.ie', details: { dob: '1990-12-31', maritalStatus: 'married' } })).toEqual({
      email: 'a@b.ie',
      details: { dob: '1990-12-31', maritalStatus: 'married' },
    });
    expect(outputOf(schema, { ...valid, details: { ...valid.details, pensionPlanId: ' il 1234 5678 ' } }).details.pensionPlanId).toBe('IL-12345678');
    expect(outputOf(schema, { ...valid, details: { ...valid.details, pensionPlanId: '' } }).details.pensionPlanId).toBeUndefined();
  });

  it('16 today passes, 16 tomorrow fails', () => {
    expect(errorsOf(schema, { ...valid, details: { ...valid.details, dob: '2009-06-15' } })).toEqual({});
    expect(errorsOf(schema, { ...valid, details: { ...valid.details, dob: '2009-06-16' } })).toEqual({
      'details.dob': [m.MIN_AGE],
    });
  });

  it('reports nested fields by dotted path, in field order', () => {
    expect(errorsOf(schema, { email: 'x', details: { dob: '31.12.1990', maritalStatus: 'widowed', pensionPlanId: 'a b' } })).toEqual({
      email: [m.EMAIL_INVALID],
      'details.dob': [m.DATE_OF_BIRTH_INVALID],
      'details.maritalStatus': [m.MARITAL_STATUS_INVALID],
      'details.pensionPlanId': [m.PENSION_PLAN_ID_FORMAT],
    });
    expect(Object.keys(errorsOf(schema, { details: {} }))).toEqual(['email', 'details.dob', 'details.maritalStatus']);
  });

  it('a missing details object is required', () => {
    expect(errorsOf(schema, { email: 'a@b.ie' })).toEqual({ details: [m.REQUIRED] });
  });

  it('rejects extra fields at both levels (no password at registration)', () => {
    expect(errorsOf(schema, { ...valid, password: 'x', details: { ...valid.details, is_admin: true } })).toEqual({
      'details.is_admin': [m.UNKNOWN_FIELD],
      password: [m.UNKNOWN_FIELD],
    });
  });
});

describe('RefreshRequest and LogoutRequest', () => {
  it('refresh needs a refresh token', () => {
    expect(outputOf(RefreshRequestSchema, { refresh_token: 'abc' })).toEqual({ refresh_token: 'abc' });
    expect(errorsOf(RefreshRequestSchema, {})).toEqual({ refresh_token: [m.TOKEN_REQUIRED] });
    expect(errorsOf(RefreshRequestSchema, { refresh_token: '' })).toEqual({ refresh_token: [m.TOKEN_REQUIRED] });
    expect(errorsOf(RefreshRequestSchema, { refresh_token: 'x'.repeat(4097) })).toEqual({ refresh_token: [m.TOKEN_INVALID] });
  });

  it('logout takes an optional refresh token', () => {
    expect(outputOf(LogoutRequestSchema, {})).toEqual({});
    expect(outputOf(LogoutRequestSchema, { refresh_token: 'abc' })).toEqual({ refresh_token: 'abc' });
    expect(errorsOf(LogoutRequestSchema, { refresh_token: '' })).toEqual({ refresh_token: [m.TOKEN_REQUIRED] });
    expect(errorsOf(LogoutRequestSchema, { access_token: 'x' })).toEqual({ access_token: [m.UNKNOWN_FIELD] });
  });
});

describe('ForgotPasswordRequest', () => {
  it('needs a valid email', () => {
    expect(outputOf(ForgotPasswordRequestSchema, { email: 'A@B.ie' })).toEqual({ email: 'a@b.ie' });
    expect(errorsOf(ForgotPasswordRequestSchema, {})).toEqual({ email: [m.EMAIL_REQUIRED] });
    expect(errorsOf(ForgotPasswordRequestSchema, { email: 'x@' })).toEqual({ email: [m.EMAIL_INVALID] });
  });
});

describe('ResetPasswordRequest', () => {
  const valid = { token: 't0k3n', password: 'correct horse', password_confirmation: 'correct horse' };

  it('accepts matching passwords', () => {
    expect(outputOf(ResetPasswordRequestSchema, valid)).toEqual(valid);
  });

  it('a mismatch is reported on password_confirmation', () => {
    expect(errorsOf(ResetPasswordRequestSchema, { ...valid, password_confirmation: 'correct horsE' })).toEqual({
      password_confirmation: [m.PASSWORDS_DO_NOT_MATCH],
    });
  });

  it('applies the new-password policy', () => {
    expect(errorsOf(ResetPasswordRequestSchema, { ...valid, password: 'short', password_confirmation: 'short' })).toEqual({
      password: [m.PASSWORD_MIN],
    });
    const long = 'x'.repeat(129);
    expect(errorsOf(ResetPasswordRequestSchema, { ...valid, password: long, password_confirmation: long })).toEqual({
      password: [m.PASSWORD_MAX],
    });
  });

  it('reports every missing field', () => {
    expect(errorsOf(ResetPasswordRequestSchema, {})).toEqual({
      token: [m.TOKEN_REQUIRED],
      password: [m.PASSWORD_REQUIRED],
      password_confirmation: [m.REQUIRED],
    });
  });

  it('does not claim a mismatch while the confirmation is empty', () => {
    expect(errorsOf(ResetPasswordRequestSchema, { ...valid, password_confirmation: '' })).toEqual({
      password_confirmation: [m.REQUIRED],
    });
  });

  it('rejects extra fields', () => {
    expect(errorsOf(ResetPasswordRequestSchema, { ...valid, email: 'a@b.ie' })).toEqual({ email: [m.UNKNOWN_FIELD] });
  });
});

describe('EditProfileRequest', () => {
  const schema = editProfileRequestSchema(TODAY);

  it('every field is optional', () => {
    expect(outputOf(schema, {})).toEqual({});
    expect(outputOf(schema, { opt_out_paye_auth: false })).toEqual({ opt_out_paye_auth: false });
  });

  it('the PAYE authorisation update of spec section 7', () => {
    expect(
      outputOf(schema, { first_name: ' Seán ', surname: "Ó Briain", ppsn: '1234567t', opt_out_paye_auth: false }),
    ).toEqual({ first_name: 'Seán', surname: 'Ó Briain', ppsn: '1234567T', opt_out_paye_auth: false });
  });

  it('a full profile update', () => {
    const input = {
      annual_income: 60_000,
      paid_pension: 1_000,
      marital_status: 'married',
      pension_plan_id: 'IL-00000042',
      date_of_birth: '1985-03-01',
    };
    expect(outputOf(schema, input)).toEqual(input);
  });

  it('pension_plan_id: null clears it', () => {
    expect(outputOf(schema, { pension_plan_id: null })).toEqual({ pension_plan_id: null });
  });

  it.each([
    [{ first_name: 'A' }, { first_name: [m.MIN_2_CHARACTERS] }],
    [{ surname: 'Sm1th' }, { surname: [m.NAME_CHARACTERS] }],
    [{ ppsn: '1234567A' }, { ppsn: [m.PPSN_INVALID] }],
    [{ ppsn: '' }, { ppsn: [m.REQUIRED] }],
    [{ opt_out_paye_auth: 'false' }, { opt_out_paye_auth: [m.BOOLEAN_INVALID] }],
    [{ annual_income: -1 }, { annual_income: [m.POSITIVE_AMOUNT] }],
    [{ annual_income: 10_000_001 }, { annual_income: [m.AMOUNT_MAX] }],
    [{ annual_income: null }, { annual_income: [m.REQUIRED] }],
    [{ paid_pension: -5 }, { paid_pension: [m.POSITIVE_AMOUNT] }],
    [{ paid_pension: Number.NaN }, { paid_pension: [m.REQUIRED] }],
    [{ marital_status: 'other' }, { marital_status: [m.MARITAL_STATUS_INVALID] }],
    [{ date_of_birth: '2010-01-01' }, { date_of_birth: [m.MIN_AGE] }],
    [{ date_of_birth: '01.01.1990' }, { date_of_birth: [m.DATE_OF_BIRTH_INVALID] }],
    [{ pension_plan_id: 'x'.repeat(65) }, { pension_plan_id: [m.PENSION_PLAN_ID_FORMAT] }],
    [{ pension_plan_id: 'PLAN-42' }, { pension_plan_id: [m.PENSION_PLAN_ID_FORMAT] }],
  ])('%o → %o', (input, errors) => {
    expect(errorsOf(schema, input)).toEqual(errors);
  });

  it('annual income bounds are inclusive', () => {
    expect(outputOf(schema, { annual_income: 0 })).toEqual({ annual_income: 0 });
    expect(outputOf(schema, { annual_income: 10_000_000 })).toEqual({ annual_income: 10_000_000 });
  });

  it.each(['email', 'taxback', 'pension', 'paye_a1_authorized', 'form11', 'id'])('refuses server-owned field %s', (field) => {
    expect(errorsOf(schema, { [field]: 'x' })).toEqual({ [field]: [m.UNKNOWN_FIELD] });
  });
});

describe('User and SessionResponse', () => {
  const full = {
    first_name: 'Aoife',
    surname: 'Ní Bhriain',
    ppsn: '1234567T',
    date_of_birth: '1990-12-31',
    email: 'aoife@example.ie',
    annual_income: 60_000,
    paid_pension: 1_000,
    pension: 2_000,
    marital_status: 'single',
    pension_plan_id: 'IL-1',
    taxback: 12_345,
    form11: [
      {
        id: 'c1',
        year: 2023,
        snapshot: { 'rent-tax-credit': { amount: 12000 } },
        created_at: '2024-02-01T10:00:00.000Z',
        status: 'pending',
        categoryStatuses: { 'rent-tax-credit': 'pending' },
        categoryRefunds: { 'rent-tax-credit': 500 },
        totalApprovedRefund: 0,
      },
    ],
    paye_a1_authorized: true,
    opt_out_paye_auth: false,
    email_verified: true,
  };

  it('parses a full user', () => {
    const user: User = outputOf(UserSchema, full);
    expect(user).toEqual(full);
  });

  it('defaults what a new account has not filled in', () => {
    const user = outputOf(UserSchema, {
      date_of_birth: '1990-12-31',
      email: 'new@example.ie',
      marital_status: 'married',
      first_name: null,
      annual_income: null,
    });
    expect(user).toEqual({
      first_name: '',
      surname: '',
      ppsn: null,
      date_of_birth: '1990-12-31',
      email: 'new@example.ie',
      annual_income: null,
      paid_pension: 0,
      pension: 0,
      marital_status: 'married',
      pension_plan_id: null,
      taxback: 0,
      form11: [],
      paye_a1_authorized: false,
      opt_out_paye_auth: false,
    });
  });

  it('leaves out a Form 11 entry it cannot read instead of failing the profile', () => {
    const user = outputOf(UserSchema, { ...full, form11: [{ id: 1, year: 2023 }, ...full.form11] });
    expect(user.form11).toEqual(full.form11);
  });

  it('drops unknown fields rather than failing', () => {
    expect(outputOf(UserSchema, { ...full, id: 7, password_hash: 'x' })).toEqual(full);
  });

  it('requires email, date of birth and marital status', () => {
    expect(errorsOf(UserSchema, {})).toEqual({
      date_of_birth: [m.DATE_OF_BIRTH_INVALID],
      email: [m.EMAIL_REQUIRED],
      marital_status: [m.MARITAL_STATUS_INVALID],
    });
    expect(errorsOf(UserSchema, { ...full, date_of_birth: '31.12.1990' })).toEqual({ date_of_birth: [m.DATE_OF_BIRTH_INVALID] });
  });

  it('session: tokens required, user optional', () => {
    const withUser: SessionResponse = outputOf(SessionResponseSchema, { access_token: 'a', refresh_token: 'r', user: full });
    expect(withUser.user?.first_name).toBe('Aoife');
    expect(outputOf(SessionResponseSchema, { access_token: 'a', refresh_token: 'r' })).toEqual({ access_token: 'a', refresh_token: 'r' });
    expect(errorsOf(SessionResponseSchema, { access_token: 'a' })).toEqual({ refresh_token: [m.TOKEN_REQUIRED] });
    expect(errorsOf(SessionResponseSchema, { access_token: 'a', refresh_token: 'r', user: { ...full, email: 5 } })).toEqual({
      'user.email': [m.EMAIL_REQUIRED],
    });
  });
});

describe('fieldErrors', () => {
  it('is {} for no issues', () => {
    expect(fieldErrors([])).toEqual({});
    expect(fieldErrors(undefined)).toEqual({});
  });

  it('keeps first-issue order of fields and of messages, without duplicates', () => {
    const schema = v.object({
      b: v.pipe(v.string(), v.minLength(3, 'too short'), v.regex(/^\d+$/, 'digits only')),
      a: v.pipe(v.string(), v.minLength(3, 'too short'), v.minLength(2, 'too short')),
      list: v.array(v.object({ name: v.string('name required') })),
    });
    const result = v.safeParse(schema, { b: 'x', a: 'y', list: [{ name: 'ok' }, { name: 5 }] });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.issues);
    expect(errors).toEqual({ b: ['too short', 'digits only'], a: ['too short'], 'list.1.name': ['name required'] });
    expect(Object.keys(errors)).toEqual(['b', 'a', 'list.1.name']);
    expect(firstErrorPerField(result.issues)).toEqual({ b: 'too short', a: 'too short', 'list.1.name': 'name required' });
  });

  it('files root issues under the form key', () => {
    const result = v.safeParse(v.string('not text'), 5);
    expect(fieldErrors(result.issues)).toEqual({ [FORM_ERROR_KEY]: ['not text'] });
  });
});
