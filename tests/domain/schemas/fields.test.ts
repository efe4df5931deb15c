import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import { dayjs } from '../../../src/domain/dates.ts';
import {
  addressField,
  amountField,
  apiDateOfBirthField,
  companyNameField,
  confirmField,
  dateField,
  dateOfBirthField,
  daysField,
  eircodeField,
  emailField,
  isValidPpsn,
  leaseMonthsField,
  loanValueField,
  maritalStatusField,
  monthsField,
  nameField,
  newPasswordField,
  nonEmptyList,
  normalisePpsn,
  nullablePensionPlanIdField,
  optionalAmountField,
  optionalDaysField,
  passwordField,
  pastDateField,
  ppsnCheckCharacter,
  ppsnField,
  propertyIdField,
  requiredTextField,
  selectedOptionsField,
  taxReferenceField,
  yesNoField,
} from '../../../src/domain/schemas/fields.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { messagesOf, outputOf } from './helpers.ts';
import { keptPensionPlanIdField, profileFormToRequest, registerPensionPlanIdField } from '../../../src/domain/schemas/profile.ts';

const TODAY = dayjs(new Date(2025, 5, 15)); // 15 June 2025

describe('messages: the exact text of spec sections 5 and 8', () => {
  it.each([
    [m.REQUIRED, 'This field is required'],
    [m.EMAIL_REQUIRED, 'Email is required'],
    [m.EMAIL_INVALID, 'Please enter a valid email address'],
    [m.MIN_2_CHARACTERS, 'Must be at least 2 characters'],
    [m.NAME_CHARACTERS, 'Can only contain letters, spaces, hyphens and apostrophes'],
    [m.PASSWORD_REQUIRED, 'Password is required'],
    [m.PPSN_INVALID, 'Please enter a valid PPSN (7 digits followed by 1-2 letters)'],
    [m.MIN_AGE, 'You must be at least 16 years old to register'],
    [m.DATE_INVALID, 'Please enter a valid date'],
    [m.DATE_OF_BIRTH_INVALID, 'Invalid date of birth'],
    [m.MONTHS_RANGE, 'Must be between 1 and 12 months'],
    [m.POSITIVE_AMOUNT, 'Must be a positive amount'],
    [m.DAYS_MAX, 'Cannot exceed 365 days'],
    [m.LEASE_MIN, 'Must be at least 1 month'],
    [m.LEASE_MAX, 'Must be less than 120 months'],
    [m.LOAN_MIN, 'Loan value must be at least €60,000'],
    [m.LOAN_MAX, 'Loan value must be less than €500,000'],
    [m.CONFIRM_REQUIRED, 'You must confirm this statement'],
    [m.SELECT_AT_LEAST_ONE, 'Please select at least one option to continue'],
    [m.ADD_AT_LEAST_ONE_INSURANCE, 'Please add at least one insurance'],
    [m.PASSWORD_MIN, 'Password must be at least 8 characters'],
    [m.PASSWORD_MAX, 'Password must be at most 128 characters'],
    [m.PASSWORDS_DO_NOT_MATCH, 'Passwords do not match'],
    [m.LOGIN_INVALID_CREDENTIALS, 'Invalid email or password. Please check your credentials and try again.'],
    [m.LOGIN_FORMAT, 'Please check your email and password format.'],
    [m.SERVER_ERROR, 'Server error, team has been notified. Please try again later.'],
    [m.GENERIC_ERROR, 'Something went wrong, team has been notified. Please try again later.'],
    [m.PAYE_AUTHORISATION_FAILED, 'Something went wrong. Please try again.'],
    [m.OPT_OUT_UPDATE_FAILED, 'Failed to update preference. Please try again.'],
    [m.NO_REFRESH_TOKEN, 'No refresh token'],
    [m.PENSION_PLAN_REQUIRED_TITLE, 'Pension Plan ID Required'],
    [
      m.PENSION_PLAN_REQUIRED_TEXT,
      'To make contributions to your pension, you need to set up your Irish Life Pension Plan ID first.',
    ],
    [m.PENSION_PLAN_REQUIRED_BUTTON, 'Set up now'],
    [m.SESSION_TIMEOUT_TITLE, 'Session Timeout Warning'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('templated messages', () => {
    expect(m.loginFailed('timeout')).toBe('Login failed: timeout');
    expect(m.registerFailed('boom')).toBe('Something went wrong. Please try again. (Error: boom)');
    expect(m.sessionTimeoutText('4:59')).toBe(
      'Due to inactivity, you will be automatically logged out in 4:59. Would you like to continue your session?',
    );
  });
});

describe('requiredTextField', () => {
  it('trims and requires', () => {
    expect(outputOf(requiredTextField, '  x ')).toBe('x');
    expect(messagesOf(requiredTextField, '   ')).toEqual([m.REQUIRED]);
    expect(messagesOf(requiredTextField, undefined)).toEqual([m.REQUIRED]);
  });
});

describe('emailField', () => {
  it.each(['ann@example.ie', 'a.b+tag@sub.example.com', "o'brien@example.ie", 'x_y-z@my-domain.co.uk', '1@2.ie'])('accepts %s', (email) => {
    expect(outputOf(emailField, email)).toBe(email);
  });

  it('trims and lower-cases', () => {
    expect(outputOf(emailField, '  Ann.Murphy@Example.IE ')).toBe('ann.murphy@example.ie');
  });

  it.each([[''], ['   '], [undefined], [null], [42]])('%o → Email is required', (input) => {
    expect(messagesOf(emailField, input)).toEqual([m.EMAIL_REQUIRED]);
  });

  it.each([
    'ann',
    'ann@',
    '@example.ie',
    'ann@example',
    'ann example@x.ie',
    'ann@@example.ie',
    '.ann@x.ie',
    'ann.@x.ie',
    'ann..b@x.ie',
    'ann@-x.ie',
    'ann@x.i',
    'ann@x.ie.',
    '"ann"@x.ie',
    'ann@x.ie<script>',
    `${'a'.repeat(65)}@x.ie`,
    `${'a'.repeat(250)}@x.ie`,
  ])(
    '%s → Please enter a valid email address (one message only)',
    (input) => {
      expect(messagesOf(emailField, input)).toEqual([m.EMAIL_INVALID]);
    },
  );
});

describe('nameField', () => {
  it.each([
    'Jo',
    'Aoife',
    'Seán',
    'Ó Súilleabháin',
    'Ní Bhriain',
    "O'Brien",
    'D’Arcy', // typographic apostrophe
    'Mary-Jane',
    'Mac Giolla Phádraig',
    'Zoë',
    'Łukasz',
    'Jürgen',
    'Ægir',
    'Дмитрий',
    'محمد',
    '李',
  ].filter((n) => n.length >= 2))('accepts %s', (name) => {
    expect(outputOf(nameField, name)).toBe(name);
  });

  it('trims', () => {
    expect(outputOf(nameField, '  Aoife  ')).toBe('Aoife');
  });

  it('normalises to NFC, so a decomposed Ó is one letter', () => {
    const decomposed = 'O\u0301'; // O + combining acute: 2 code units
    expect(messagesOf(nameField, decomposed)).toEqual([m.MIN_2_CHARACTERS]);
    expect(outputOf(nameField, `${decomposed}g`)).toBe('Óg');
  });

  it.each([[''], ['  '], [undefined], [null]])('%o → This field is required', (input) => {
    expect(messagesOf(nameField, input)).toEqual([m.REQUIRED]);
  });

  it.each(['A', ' B ', 'é'])('%o → Must be at least 2 characters', (input) => {
    expect(messagesOf(nameField, input)).toEqual([m.MIN_2_CHARACTERS]);
  });

  it.each([
    'R2D2',
    'Ann1',
    'ann@example',
    'Bobby"; DROP TABLE users;--',
    "Robert'); DROP TABLE students;--",
    "' OR '1'='1",
    'x OR 1=1',
    'a; b',
    'a=b',
    'a*b',
    'a%b',
    'a_b',
    '<script>',
    'Ann\tMurphy',
    'Ann\nMurphy',
    'Ann.Murphy',
    'Ann,Murphy',
    '- \'',
    '😀😀',
  ])('%o → Can only contain letters, spaces, hyphens and apostrophes', (input) => {
    expect(messagesOf(nameField, input)).toEqual([m.NAME_CHARACTERS]);
  });

  it('has an upper bound', () => {
    expect(outputOf(nameField, 'a'.repeat(100))).toHaveLength(100);
    expect(messagesOf(nameField, 'a'.repeat(101))).toEqual([m.MAX_100_CHARACTERS]);
  });
});

describe('passwordField (login)', () => {
  it('requires a value and never trims it', () => {
    expect(outputOf(passwordField, ' x ')).toBe(' x ');
    expect(messagesOf(passwordField, '')).toEqual([m.PASSWORD_REQUIRED]);
    expect(messagesOf(passwordField, undefined)).toEqual([m.PASSWORD_REQUIRED]);
  });

  it('accepts any short password (the policy is for new ones)', () => {
    expect(outputOf(passwordField, 'a')).toBe('a');
  });

  it('refuses more than 128 characters', () => {
    expect(messagesOf(passwordField, 'x'.repeat(129))).toEqual([m.PASSWORD_MAX]);
  });
});

describe('newPasswordField', () => {
  it.each([
    ['12345678', 'exactly 8'],
    ['password', 'no composition rules'],
    ['        ', '8 spaces'],
    ['x'.repeat(128), 'exactly 128'],
    ['😀😀😀😀😀😀😀😀', '8 emoji (16 UTF-16 units)'],
    ['ÓÓÓÓÓÓÓÓ', 'accented letters'],
  ])('accepts %o (%s)', (password) => {
    expect(outputOf(newPasswordField, password)).toBe(password);
  });

  it.each([
    ['', m.PASSWORD_REQUIRED],
    [undefined, m.PASSWORD_REQUIRED],
    ['1234567', m.PASSWORD_MIN],
    ['😀😀😀😀', m.PASSWORD_MIN], // 8 UTF-16 units but 4 characters
    ['x'.repeat(129), m.PASSWORD_MAX],
    ['😀'.repeat(129), m.PASSWORD_MAX],
  ])('%o → %s', (password, message) => {
    expect(messagesOf(newPasswordField, password)).toEqual([message]);
  });

  it('counts 128 emoji (256 UTF-16 units) as 128 characters', () => {
    expect(messagesOf(newPasswordField, '😀'.repeat(128))).toEqual([]);
  });
});

/** An independent mod-23 implementation for the generated examples (table lookups, no charCode maths). */
function referenceCheck(digits: string, second = ''): string {
  const weights = [8, 7, 6, 5, 4, 3, 2];
  const letterValue: Record<string, number> = { '': 0, W: 0, A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, I: 9 };
  const sum = weights.reduce((total, w, i) => total + w * Number(digits[i]), 0) + 9 * (letterValue[second] ?? NaN);
  return 'WABCDEFGHIJKLMNOPQRSTUV'[sum % 23] ?? '?';
}

describe('ppsnCheckCharacter', () => {
  it.each([
    // 1×8 + 2×7 + 3×6 + 4×5 + 5×4 + 6×3 + 7×2 = 112; 112 mod 23 = 20 → T
    ['1234567', undefined, 'T'],
    // 112 + 9×W(0) = 112 → T
    ['1234567', 'W', 'T'],
    // 112 + 9×A(1) = 121; 121 mod 23 = 6 → F
    ['1234567', 'A', 'F'],
    // 112 + 9×I(9) = 193; 193 mod 23 = 9 → I
    ['1234567', 'I', 'I'],
    // 8×8 + 7×7 + 6×6 + 5×5 + 4×4 + 3×3 + 2×2 = 203; 203 mod 23 = 19 → S
    ['8765432', undefined, 'S'],
    // 0 → W
    ['0000000', undefined, 'W'],
    // 9×(8+7+6+5+4+3+2) = 315; 315 mod 23 = 16 → P
    ['9999999', undefined, 'P'],
    // 2×8 = 16 → P ; with B: 16 + 18 = 34 mod 23 = 11 → K
    ['2000000', undefined, 'P'],
    ['2000000', 'B', 'K'],
    ['2000000', 'b', 'K'], // lower case second letter
  ])('%s + %s → %s', (digits, second, expected) => {
    expect(ppsnCheckCharacter(digits, second)).toBe(expected);
  });

  it('agrees with an independent implementation on 5,000 generated numbers', () => {
    const seconds = ['', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'W'];
    let seed = 20_250_615;
    for (let n = 0; n < 5_000; n += 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31; // deterministic LCG
      const digits = String(seed % 10_000_000).padStart(7, '0');
      const second = seconds[n % seconds.length] ?? '';
      const check = ppsnCheckCharacter(digits, second || undefined);
      expect(check).toBe(referenceCheck(digits, second));
      expect(isValidPpsn(`${digits}${check}${second}`)).toBe(true);
    }
  });

  it('throws on bad input', () => {
    expect(() => ppsnCheckCharacter('123456')).toThrow(RangeError);
    expect(() => ppsnCheckCharacter('12345678')).toThrow(RangeError);
    expect(() => ppsnCheckCharacter('123456a')).toThrow(RangeError);
    expect(() => ppsnCheckCharacter('1234567', 'J')).toThrow(RangeError);
    expect(() => ppsnCheckCharacter('1234567', 'AB')).toThrow(RangeError);
  });
});

describe('ppsnField', () => {
  it.each([
    ['1234567T', '1234567T'],
    ['1234567t', '1234567T'],
    [' 1234567 t ', '1234567T'],
    ['1234567TW', '1234567TW'],
    ['1234567FA', '1234567FA'],
    ['1234567fa', '1234567FA'],
    ['1234567II', '1234567II'],
    ['8765432S', '8765432S'],
    ['2000000KB', '2000000KB'],
  ])('accepts %o as %o', (input, output) => {
    expect(outputOf(ppsnField, input)).toBe(output);
  });

  it.each([
    '1234567A', // wrong check character (T expected)
    '1234567U',
    '1234567TA', // with A the check is F
    '1234567FW', // with W the check is T
    '8765432T',
    '123456T', // 6 digits
    '12345678T', // 8 digits
    '1234567', // no letter
    '1234567X', // X, Y, Z are not check characters
    '1234567TJ', // second letter outside A-I/W
    '1234567TX',
    '1234567TAA', // 3 letters
    'T1234567',
    '1234-567T',
    'ABCDEFGT',
  ])('%o → the PPSN message (format or check character)', (input) => {
    expect(messagesOf(ppsnField, input)).toEqual([m.PPSN_INVALID]);
  });

  it.each([[''], ['   '], [undefined], [null]])('%o → This field is required', (input) => {
    expect(messagesOf(ppsnField, input)).toEqual([m.REQUIRED]);
  });

  it('normalisePpsn', () => {
    expect(normalisePpsn(' 1234 567 ta ')).toBe('1234567TA');
  });
});

describe('dateOfBirthField (DD.MM.YYYY), today 15.06.2025', () => {
  const field = dateOfBirthField(TODAY);

  it.each([
    '15.06.2009', // 16 today: passes
    '14.06.2009',
    '01.01.1990',
    '15.06.1905', // 120 today
    '14.06.1905', // 120 since yesterday
  ])('accepts %s', (input) => {
    expect(outputOf(field, input)).toBe(input);
  });

  it.each([
    ['', m.REQUIRED],
    ['   ', m.REQUIRED],
    [undefined, m.REQUIRED],
    ['16.06.2009', m.MIN_AGE], // 16 tomorrow
    ['15.06.2025', m.MIN_AGE], // born today
    ['01.01.2020', m.MIN_AGE],
    ['16.06.2025', m.DATE_INVALID], // tomorrow: in the future
    ['01.01.2030', m.DATE_INVALID],
    ['31.02.2000', m.DATE_INVALID],
    ['29.02.2001', m.DATE_INVALID],
    ['2000-01-01', m.DATE_INVALID], // the API form is not the typed form
    ['01.01.00', m.DATE_INVALID],
    ['abc', m.DATE_INVALID],
    ['01.01', m.DATE_INVALID],
    ['14.06.1904', m.DATE_INVALID], // 121: not a plausible date of birth
    ['15.06.1904', m.DATE_INVALID], // 121 today
  ])('%o → %s', (input, message) => {
    expect(messagesOf(field, input)).toEqual([message]);
  });

  it('29 February birthdays: 16 on 29.02.2024, not on 28.02.2024', () => {
    const dob = '29.02.2008';
    expect(messagesOf(dateOfBirthField(dayjs(new Date(2024, 1, 28))), dob)).toEqual([m.MIN_AGE]);
    expect(messagesOf(dateOfBirthField(dayjs(new Date(2024, 1, 29))), dob)).toEqual([]);
  });

  it('a 29 February 2008 child turns 16 in no common year before 2024; one born 1 March 2009 turns 16 on 1 March 2025', () => {
    expect(messagesOf(dateOfBirthField(dayjs(new Date(2025, 1, 28))), '01.03.2009')).toEqual([m.MIN_AGE]);
    expect(messagesOf(dateOfBirthField(dayjs(new Date(2025, 2, 1))), '01.03.2009')).toEqual([]);
  });

  it('the time of day of `today` does not matter', () => {
    expect(messagesOf(dateOfBirthField(dayjs(new Date(2025, 5, 15, 0, 0, 1))), '15.06.2009')).toEqual([]);
    expect(messagesOf(dateOfBirthField(dayjs(new Date(2025, 5, 15, 23, 59, 59))), '16.06.2009')).toEqual([m.MIN_AGE]);
  });
});

describe('apiDateOfBirthField (YYYY-MM-DD), today 2025-06-15', () => {
  const field = apiDateOfBirthField(TODAY);

  it('same rules, API form', () => {
    expect(outputOf(field, '2009-06-15')).toBe('2009-06-15');
    expect(messagesOf(field, '2009-06-16')).toEqual([m.MIN_AGE]);
    expect(messagesOf(field, '2025-06-16')).toEqual([m.DATE_INVALID]);
    expect(messagesOf(field, '')).toEqual([m.REQUIRED]);
    expect(messagesOf(field, '1904-06-14')).toEqual([m.DATE_INVALID]);
  });

  it.each(['15.06.2009', '2000-02-30', '2000-2-3', '2000-01-01T00:00:00Z', 'yesterday'])(
    '%o → Invalid date of birth',
    (input) => {
      expect(messagesOf(field, input)).toEqual([m.DATE_OF_BIRTH_INVALID]);
    },
  );
});

describe('pastDateField and dateField', () => {
  const field = pastDateField(TODAY);

  it('accepts today and earlier, in either date form', () => {
    expect(outputOf(field, '15.06.2025')).toBe('15.06.2025');
    expect(outputOf(field, '2025-06-15')).toBe('2025-06-15');
    expect(outputOf(field, '01.01.1990')).toBe('01.01.1990');
  });

  it.each([
    ['16.06.2025', m.DATE_INVALID],
    ['2025-06-16', m.DATE_INVALID],
    ['31.02.2024', m.DATE_INVALID],
    ['x', m.DATE_INVALID],
    ['', m.REQUIRED],
  ])('%o → %s', (input, message) => {
    expect(messagesOf(field, input)).toEqual([message]);
  });

  it('dateField accepts every form of spec section 5', () => {
    for (const text of ['31.12.1990', '31.12.1990 10:00:00', '1990-12-31', '1990-12-31T10:00:00.000Z']) {
      expect(messagesOf(dateField, text)).toEqual([]);
    }
    expect(messagesOf(dateField, '31.02.1990')).toEqual([m.DATE_INVALID]);
    expect(messagesOf(dateField, '')).toEqual([m.REQUIRED]);
  });
});

describe('amountField', () => {
  it.each([0, 0.01, 1234.56, 10_000_000])('accepts %d', (amount) => {
    expect(outputOf(amountField, amount)).toBe(amount);
  });

  it.each([
    [-0.01, m.POSITIVE_AMOUNT],
    [-100, m.POSITIVE_AMOUNT],
    [-Infinity, m.POSITIVE_AMOUNT],
    [10_000_000.01, m.AMOUNT_MAX],
    [Infinity, m.AMOUNT_MAX],
    [Number.NaN, m.REQUIRED],
    ['', m.REQUIRED],
    [undefined, m.REQUIRED],
    [null, m.REQUIRED],
    ['12', m.REQUIRED], // forms give numbers; strings are not amounts
  ])('%o → %s', (input, message) => {
    expect(messagesOf(amountField, input)).toEqual([message]);
  });

  it('optional variant: missing, null and "" become undefined', () => {
    const schema = v.object({ amount: optionalAmountField });
    expect(outputOf(schema, {})).toEqual({ amount: undefined });
    expect(outputOf(schema, { amount: '' })).toEqual({ amount: undefined });
    expect(outputOf(schema, { amount: null })).toEqual({ amount: undefined });
    expect(outputOf(schema, { amount: 0 })).toEqual({ amount: 0 });
    expect(outputOf(schema, { amount: 12.5 })).toEqual({ amount: 12.5 });
    expect(messagesOf(schema, { amount: -1 })).toEqual([m.POSITIVE_AMOUNT]);
    expect(messagesOf(schema, { amount: 'abc' })).toEqual([m.POSITIVE_AMOUNT]);
  });
});

describe('monthsField (1 to 12)', () => {
  it.each([1, 6, 12])('accepts %d', (months) => {
    expect(outputOf(monthsField, months)).toBe(months);
  });

  it.each([
    [0, m.MONTHS_RANGE],
    [13, m.MONTHS_RANGE],
    [-1, m.MONTHS_RANGE],
    [1.5, m.MONTHS_RANGE],
    [undefined, m.REQUIRED],
    ['', m.REQUIRED],
  ])('%o → %s', (input, message) => {
    expect(messagesOf(monthsField, input)).toEqual([message]);
  });
});

describe('daysField (0 to 365) and its optional variant', () => {
  it.each([0, 1, 364, 365])('accepts %d', (days) => {
    expect(outputOf(daysField, days)).toBe(days);
  });

  it.each([
    [366, m.DAYS_MAX],
    [1000, m.DAYS_MAX],
    [-1, m.POSITIVE_AMOUNT],
    [1.5, m.WHOLE_NUMBER],
    [undefined, m.REQUIRED],
  ])('%o → %s', (input, message) => {
    expect(messagesOf(daysField, input)).toEqual([message]);
  });

  it('optional', () => {
    const schema = v.object({ days: optionalDaysField });
    expect(outputOf(schema, {})).toEqual({ days: undefined });
    expect(outputOf(schema, { days: '' })).toEqual({ days: undefined });
    expect(outputOf(schema, { days: 365 })).toEqual({ days: 365 });
    expect(messagesOf(schema, { days: 366 })).toEqual([m.DAYS_MAX]);
  });
});

describe('leaseMonthsField (1 to 120)', () => {
  it.each([1, 60, 119, 120])('accepts %d (the spec range is 1 to 120)', (months) => {
    expect(outputOf(leaseMonthsField, months)).toBe(months);
  });

  it.each([
    [0, m.LEASE_MIN],
    [-5, m.LEASE_MIN],
    [121, m.LEASE_MAX],
    [2.5, m.WHOLE_NUMBER],
    [undefined, m.REQUIRED],
  ])('%o → %s', (input, message) => {
    expect(messagesOf(leaseMonthsField, input)).toEqual([message]);
  });
});

describe('loanValueField (60,000 to 500,000)', () => {
  it.each([60_000, 250_000.5, 500_000])('accepts %d', (value) => {
    expect(outputOf(loanValueField, value)).toBe(value);
  });

  it.each([
    [59_999.99, m.LOAN_MIN],
    [0, m.LOAN_MIN],
    [500_000.01, m.LOAN_MAX],
    [1_000_000, m.LOAN_MAX],
    [undefined, m.REQUIRED],
  ])('%o → %s', (input, message) => {
    expect(messagesOf(loanValueField, input)).toEqual([message]);
  });
});

describe('taxReferenceField', () => {
  it('exactly 7 digits, trimmed', () => {
    expect(outputOf(taxReferenceField, ' 1234567 ')).toBe('1234567');
    expect(outputOf(taxReferenceField, '0000001')).toBe('0000001');
  });

  it.each([
    ['123456', m.TAX_REFERENCE_INVALID],
    ['12345678', m.TAX_REFERENCE_INVALID],
    ['123456A', m.TAX_REFERENCE_INVALID],
    ['123 4567', m.TAX_REFERENCE_INVALID],
    ['', m.REQUIRED],
  ])('%o → %s', (input, message) => {
    expect(messagesOf(taxReferenceField, input)).toEqual([message]);
  });
});

describe('companyNameField and addressField', () => {
  it('company name: at least 2 characters', () => {
    expect(outputOf(companyNameField, ' AB ')).toBe('AB');
    expect(outputOf(companyNameField, 'Smith & Sons Ltd.')).toBe('Smith & Sons Ltd.');
    expect(messagesOf(companyNameField, 'A')).toEqual([m.MIN_2_CHARACTERS]);
    expect(messagesOf(companyNameField, '')).toEqual([m.REQUIRED]);
    expect(messagesOf(companyNameField, 'x'.repeat(201))).toEqual([m.MAX_200_CHARACTERS]);
  });

  it('address: at least 5 characters', () => {
    expect(outputOf(addressField, '1 Main St, Cork')).toBe('1 Main St, Cork');
    expect(outputOf(addressField, 'abcde')).toBe('abcde');
    expect(messagesOf(addressField, 'abcd')).toEqual([m.MIN_5_CHARACTERS]);
    expect(messagesOf(addressField, '  abcd  ')).toEqual([m.MIN_5_CHARACTERS]);
    expect(messagesOf(addressField, '')).toEqual([m.REQUIRED]);
  });
});

describe('propertyIdField (optional, 8 × A-Z/0-9)', () => {
  const schema = v.object({ propertyId: propertyIdField });

  it('accepts and upper-cases 8 letters or digits', () => {
    expect(outputOf(schema, { propertyId: 'AB12CD34' })).toEqual({ propertyId: 'AB12CD34' });
    expect(outputOf(schema, { propertyId: ' ab12cd34 ' })).toEqual({ propertyId: 'AB12CD34' });
  });

  it('is optional', () => {
    expect(outputOf(schema, {})).toEqual({ propertyId: undefined });
    expect(outputOf(schema, { propertyId: '' })).toEqual({ propertyId: undefined });
  });

  it.each(['AB12CD3', 'AB12CD345', 'AB12-D34', 'ÁB12CD34'])('%o → invalid', (input) => {
    expect(messagesOf(schema, { propertyId: input })).toEqual([m.PROPERTY_ID_INVALID]);
  });
});

describe('eircodeField', () => {
  it.each([
    ['A65 F4E2', 'A65 F4E2'],
    ['a65f4e2', 'A65 F4E2'],
    ['D6W 1234', 'D6W 1234'],
    [' T12  XY34 ', 'T12 XY34'],
  ])('%o → %o', (input, output) => {
    expect(outputOf(eircodeField, input)).toBe(output);
  });

  it.each([
    ['B65 F4E2', m.EIRCODE_INVALID], // B is not a routing-key letter
    ['A65 F4E', m.EIRCODE_INVALID],
    ['A6 F4E2', m.EIRCODE_INVALID],
    ['A65 F4B2', m.EIRCODE_INVALID],
    ['', m.REQUIRED],
  ])('%o → %s', (input, message) => {
    expect(messagesOf(eircodeField, input)).toEqual([message]);
  });
});

describe('choices', () => {
  it('yesNoField', () => {
    expect(outputOf(yesNoField, 'yes')).toBe('yes');
    expect(outputOf(yesNoField, 'no')).toBe('no');
    expect(messagesOf(yesNoField, '')).toEqual([m.REQUIRED]);
    expect(messagesOf(yesNoField, undefined)).toEqual([m.REQUIRED]);
    expect(messagesOf(yesNoField, 'maybe')).toEqual([m.YES_OR_NO]);
    expect(messagesOf(yesNoField, 'Yes')).toEqual([m.YES_OR_NO]);
  });

  it('confirmField: only true', () => {
    expect(outputOf(confirmField, true)).toBe(true);
    for (const input of [false, undefined, 'true', 1]) {
      expect(messagesOf(confirmField, input)).toEqual([m.CONFIRM_REQUIRED]);
    }
  });

  it('maritalStatusField', () => {
    expect(outputOf(maritalStatusField, 'single')).toBe('single');
    expect(outputOf(maritalStatusField, 'married')).toBe('married');
    expect(messagesOf(maritalStatusField, '')).toEqual([m.REQUIRED]);
    expect(messagesOf(maritalStatusField, undefined)).toEqual([m.REQUIRED]);
    expect(messagesOf(maritalStatusField, 'divorced')).toEqual([m.MARITAL_STATUS_INVALID]);
  });

  it('selectedOptionsField: at least one option', () => {
    expect(outputOf(selectedOptionsField, ['health-expenses'])).toEqual(['health-expenses']);
    expect(messagesOf(selectedOptionsField, [])).toEqual([m.SELECT_AT_LEAST_ONE]);
    expect(messagesOf(selectedOptionsField, undefined)).toEqual([m.SELECT_AT_LEAST_ONE]);
  });

  it('nonEmptyList: at least one insurance', () => {
    const insurances = nonEmptyList(v.object({ name: requiredTextField }), m.ADD_AT_LEAST_ONE_INSURANCE);
    expect(messagesOf(insurances, [])).toEqual([m.ADD_AT_LEAST_ONE_INSURANCE]);
    expect(outputOf(insurances, [{ name: 'Aoife' }])).toEqual([{ name: 'Aoife' }]);
  });
});

describe('pension plan ID', () => {
  const register = v.object({ pensionPlanId: registerPensionPlanIdField });
  const profile = v.object({ pension_plan_id: nullablePensionPlanIdField });

  it('registration takes the Pension Setup format: optional, "" → undefined, IL- and 8 digits however typed', () => {
    expect(outputOf(register, {})).toEqual({ pensionPlanId: undefined });
    expect(outputOf(register, { pensionPlanId: '   ' })).toEqual({ pensionPlanId: undefined });
    expect(outputOf(register, { pensionPlanId: ' il 1234 5678 ' })).toEqual({ pensionPlanId: 'IL-12345678' });
    expect(outputOf(register, { pensionPlanId: 'IL12345678' })).toEqual({ pensionPlanId: 'IL-12345678' });
  });

  it.each([['IL-12345'], ['PLAN-1'], ['a'.repeat(65)], ["1'; DROP TABLE x"], [12345]])('registration refuses %o', (input) => {
    expect(messagesOf(register, { pensionPlanId: input })).toEqual([m.PENSION_PLAN_ID_FORMAT]);
  });

  it('a form filled from the profile accepts the stored ID in an older format untouched, and sends nothing for it', () => {
    const form = v.object({ pension_plan_id: keptPensionPlanIdField('PLAN-1') });
    expect(outputOf(form, { pension_plan_id: 'PLAN-1' })).toEqual({ pension_plan_id: 'PLAN-1' });
    expect(messagesOf(form, { pension_plan_id: 'PLAN-2' })).toEqual([m.PENSION_PLAN_ID_FORMAT]);
    expect(outputOf(form, { pension_plan_id: 'il 1234 5678' })).toEqual({ pension_plan_id: 'IL-12345678' });
    const values = { first_name: 'Ann', surname: 'Byrne', ppsn: '1234567T', date_of_birth: '01.05.1990', pension_plan_id: 'PLAN-1' };
    expect(profileFormToRequest(values, 'PLAN-1')).not.toHaveProperty('pension_plan_id');
    expect(profileFormToRequest({ ...values, pension_plan_id: 'IL-12345678' }, 'PLAN-1')).toMatchObject({ pension_plan_id: 'IL-12345678' });
    expect(profileFormToRequest({ ...values, pension_plan_id: null }, 'PLAN-1')).toMatchObject({ pension_plan_id: null });
  });

  it('profile: null or "" clears it', () => {
    expect(outputOf(profile, { pension_plan_id: null })).toEqual({ pension_plan_id: null });
    expect(outputOf(profile, { pension_plan_id: '' })).toEqual({ pension_plan_id: null });
    expect(outputOf(profile, { pension_plan_id: 'P-1' })).toEqual({ pension_plan_id: 'P-1' });
    expect(outputOf(profile, {})).toEqual({});
  });
});
