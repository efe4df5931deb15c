import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { FORM11_CATEGORIES, type Form11Category } from '../../../src/domain/catalogue.ts';
import { dayjs } from '../../../src/domain/dates.ts';
import { dateOfBirthField, emailField, passwordField, ppsnField, selectedOptionsField } from '../../../src/domain/schemas/fields.ts';
import { FORM11_FORMS, form11Fields, form11Sample, form11Schema } from '../../../src/domain/schemas/form11/index.ts';
import { fieldErrors } from '../../../src/domain/schemas/issues.ts';
import * as m from '../../../src/domain/schemas/messages.ts';

const TODAY = dayjs(new Date(2026, 10, 20)); // 20 November 2026

function errorsOf(category: Form11Category, input: unknown): Record<string, string[]> {
  const result = v.safeParse(form11Schema(category, TODAY), input);
  return result.success ? {} : fieldErrors(result.issues);
}

/** The sample of a category with some fields replaced. */
function sampleWith(category: Form11Category, changes: Record<string, unknown>): Record<string, unknown> {
  return { ...(form11Sample(category) as Record<string, unknown>), ...changes };
}

function withFirstItem(category: Form11Category, list: string, changes: Record<string, unknown>): Record<string, unknown> {
  const sample = form11Sample(category) as Record<string, unknown>;
  const items = sample[list] as Record<string, unknown>[];
  return { ...sample, [list]: [{ ...items[0], ...changes }, ...items.slice(1)] };
}

describe('every category has a form', () => {
  it('one per category, 43 in all', () => {
    expect(Object.keys(FORM11_FORMS).sort()).toEqual([...FORM11_CATEGORIES].sort());
  });

  it.each(FORM11_CATEGORIES)('%s: its sample is valid', (category) => {
    expect(errorsOf(category, form11Sample(category))).toEqual({});
  });

  it.each(FORM11_CATEGORIES)('%s: every field is listed with a label, and required fields are required', (category) => {
    const fields = form11Fields(category);
    expect(fields.length).toBeGreaterThan(0);
    const sample = form11Sample(category) as Record<string, unknown>;
    expect(Object.keys(sample).sort()).toEqual(fields.map((f) => f.name).sort());
    for (const field of fields) {
      expect(field.label.length, field.name).toBeGreaterThan(1);
      const { [field.name]: _dropped, ...without } = sample;
      const errors = errorsOf(category, without);
      if (field.required) expect(errors[field.name], field.name).toBeDefined();
      else expect(errors, field.name).toEqual({});
      if (field.kind === 'list') {
        expect(field.addLabel).toMatch(/^Add /);
        const items = sample[field.name] as Record<string, unknown>[];
        expect(Object.keys(items[0] ?? {}).sort()).toEqual((field.item ?? []).map((f) => f.name).sort());
        for (const itemField of field.item ?? []) {
          const { [itemField.name]: _gone, ...rest } = items[0] ?? {};
          const itemErrors = errorsOf(category, { ...sample, [field.name]: [rest] });
          if (itemField.required) expect(itemErrors[`${field.name}.0.${itemField.name}`], itemField.name).toBeDefined();
          else expect(itemErrors, itemField.name).toEqual({});
        }
      }
      if (field.kind === 'choice') expect(field.options?.length).toBeGreaterThan(1);
    }
  });

  it('unknown keys (such as the marginalRate the client sends) are dropped, not refused', () => {
    const result = v.safeParse(form11Schema('rent-tax-credit', TODAY), sampleWith('rent-tax-credit', { marginalRate: 0.4 }));
    expect(result.success).toBe(true);
    expect(result.output).not.toHaveProperty('marginalRate');
  });

  it('a body that is not an object is an invalid request', () => {
    expect(errorsOf('rent-tax-credit', 'rent')).toEqual({ _form: [m.INVALID_REQUEST] });
  });
});

describe('medical insurance relief: exactly the spec payload', () => {
  const valid = {
    selectedEmployment: 'Acme Software Ltd',
    insurances: [
      { nameOfPersonCoveredByPolicy: 'Seán Ó Briain', amountOfGrossPremium: 1200, amountOfMonthsPolicyWasActive: 12, isChild: false, isForOfficeUseOnly: false },
      { nameOfPersonCoveredByPolicy: 'Aoife Ní Bhriain', amountOfGrossPremium: 450, amountOfMonthsPolicyWasActive: 6, isChild: true, isForOfficeUseOnly: true },
    ],
  };

  it('accepts the page payload with its list of insurances', () => {
    const result = v.safeParse(form11Schema('medical-insurance-relief', TODAY), valid);
    expect(result.success).toBe(true);
    expect(result.output).toEqual(valid);
  });

  it('the flags default to false', () => {
    const result = v.safeParse(form11Schema('medical-insurance-relief', TODAY), {
      selectedEmployment: 'Acme',
      insurances: [{ nameOfPersonCoveredByPolicy: 'Ann Lee', amountOfGrossPremium: 100, amountOfMonthsPolicyWasActive: 1 }],
    });
    expect(result.output).toMatchObject({ insurances: [{ isChild: false, isForOfficeUseOnly: false }] });
  });

  it('Next without an insurance: "Please add at least one insurance"', () => {
    expect(errorsOf('medical-insurance-relief', { ...valid, insurances: [] })).toEqual({ insurances: [m.ADD_AT_LEAST_ONE_INSURANCE] });
    expect(errorsOf('medical-insurance-relief', { selectedEmployment: 'Acme' })).toEqual({ insurances: [m.ADD_AT_LEAST_ONE_INSURANCE] });
  });

  it('the page requires an employment name; the dialog requires name, gross premium and months', () => {
    expect(errorsOf('medical-insurance-relief', { ...valid, selectedEmployment: '  ' })).toEqual({ selectedEmployment: [m.REQUIRED] });
    expect(
      errorsOf('medical-insurance-relief', {
        selectedEmployment: 'Acme',
        insurances: [{ nameOfPersonCoveredByPolicy: '', amountOfGrossPremium: '', amountOfMonthsPolicyWasActive: '' }],
      }),
    ).toEqual({
      'insurances.0.nameOfPersonCoveredByPolicy': [m.REQUIRED],
      'insurances.0.amountOfGrossPremium': [m.REQUIRED],
      'insurances.0.amountOfMonthsPolicyWasActive': [m.REQUIRED],
    });
  });

  it.each([0, 13, 2.5])('months active %s: "Must be between 1 and 12 months"', (months) => {
    expect(errorsOf('medical-insurance-relief', withFirstItem('medical-insurance-relief', 'insurances', { amountOfMonthsPolicyWasActive: months }))).toEqual({
      'insurances.0.amountOfMonthsPolicyWasActive': [m.MONTHS_RANGE],
    });
  });

  it('months 1 and 12 pass', () => {
    for (const months of [1, 12]) {
      expect(errorsOf('medical-insurance-relief', withFirstItem('medical-insurance-relief', 'insurances', { amountOfMonthsPolicyWasActive: months }))).toEqual({});
    }
  });
});

describe('every validation message of spec section 5, triggered', () => {
  const cases: [message: string, errors: () => Record<string, string[]>, key: string][] = [
    ['This field is required', () => errorsOf('flat-rate-expenses', sampleWith('flat-rate-expenses', { employerName: '' })), 'employerName'],
    ['Must be at least 2 characters', () => errorsOf('flat-rate-expenses', sampleWith('flat-rate-expenses', { employerName: 'A' })), 'employerName'],
    [
      'Can only contain letters, spaces, hyphens and apostrophes',
      () => errorsOf('nursing-home-expenses', sampleWith('nursing-home-expenses', { residentName: 'R2D2' })),
      'residentName',
    ],
    ['Must be between 1 and 12 months', () => errorsOf('medical-insurance-relief', withFirstItem('medical-insurance-relief', 'insurances', { amountOfMonthsPolicyWasActive: 13 })), 'insurances.0.amountOfMonthsPolicyWasActive'],
    ['Must be a positive amount', () => errorsOf('rent-tax-credit', sampleWith('rent-tax-credit', { rentPaid: -1 })), 'rentPaid'],
    ['Must be a positive amount', () => errorsOf('health-expenses', sampleWith('health-expenses', { amountRefunded: -0.01 })), 'amountRefunded'],
    ['Cannot exceed 365 days', () => errorsOf('remote-working-relief', sampleWith('remote-working-relief', { daysWorkedFromHome: 366 })), 'daysWorkedFromHome'],
    ['Cannot exceed 365 days', () => errorsOf('foreign-salary', sampleWith('foreign-salary', { daysWorkedAbroad: 400 })), 'daysWorkedAbroad'],
    ['Must be at least 1 month', () => errorsOf('rental-income', sampleWith('rental-income', { leaseMonths: 0 })), 'leaseMonths'],
    ['Must be less than 120 months', () => errorsOf('rental-income', sampleWith('rental-income', { leaseMonths: 121 })), 'leaseMonths'],
    [
      'Loan value must be at least €60,000',
      () => errorsOf('mortgage-interest-tax-credit', withFirstItem('mortgage-interest-tax-credit', 'properties', { balanceOn31December2022: 59_999 })),
      'properties.0.balanceOn31December2022',
    ],
    [
      'Loan value must be less than €500,000',
      () => errorsOf('mortgage-interest-tax-credit', withFirstItem('mortgage-interest-tax-credit', 'properties', { balanceOn31December2022: 500_001 })),
      'properties.0.balanceOn31December2022',
    ],
    [m.TAX_REFERENCE_INVALID, () => errorsOf('startup-relief-entrepreneurs', sampleWith('startup-relief-entrepreneurs', { companyTaxReference: '123456' })), 'companyTaxReference'],
    [m.TAX_REFERENCE_INVALID, () => errorsOf('employment-investment-incentive', sampleWith('employment-investment-incentive', { companyTaxReference: '12345678' })), 'companyTaxReference'],
    [m.MIN_5_CHARACTERS, () => errorsOf('rent-tax-credit', sampleWith('rent-tax-credit', { propertyAddress: 'Cork' })), 'propertyAddress'],
    [m.PROPERTY_ID_INVALID, () => errorsOf('rent-tax-credit', sampleWith('rent-tax-credit', { propertyId: 'AB12' })), 'propertyId'],
    ['This field is required', () => errorsOf('rent-tax-credit', sampleWith('rent-tax-credit', { eircode: '' })), 'eircode'],
    [m.EIRCODE_INVALID, () => errorsOf('rent-tax-credit', sampleWith('rent-tax-credit', { eircode: 'B12 3456' })), 'eircode'],
    ['This field is required', () => errorsOf('rental-income', sampleWith('rental-income', { lptId: '' })), 'lptId'],
    [m.PROPERTY_ID_INVALID, () => errorsOf('owner-occupier-relief', sampleWith('owner-occupier-relief', { lptId: 'AB-12345' })), 'lptId'],
    [m.YES_OR_NO, () => errorsOf('rent-tax-credit', sampleWith('rent-tax-credit', { landlordIsRelative: 'maybe' })), 'landlordIsRelative'],
    ['You must confirm this statement', () => errorsOf('assistance-dog-allowance', sampleWith('assistance-dog-allowance', { accreditedOrganisation: false })), 'accreditedOrganisation'],
    ['Please enter a valid date', () => errorsOf('approved-sports-bodies', sampleWith('approved-sports-bodies', { donationDate: '21.11.2026' })), 'donationDate'],
    ['Please enter a valid date', () => errorsOf('approved-sports-bodies', sampleWith('approved-sports-bodies', { donationDate: '31.02.2025' })), 'donationDate'],
    ['Please add at least one insurance', () => errorsOf('medical-insurance-relief', sampleWith('medical-insurance-relief', { insurances: [] })), 'insurances'],
    [m.ADD_AT_LEAST_ONE_COURSE, () => errorsOf('tuition-fees', { courses: [] }), 'courses'],
    [m.ADD_AT_LEAST_ONE_CHILD, () => errorsOf('incapacitated-child-tax-credit', { children: [] }), 'children'],
    [m.ADD_AT_LEAST_ONE_RELATIVE, () => errorsOf('dependant-relevant-tax-credit', { relatives: [] }), 'relatives'],
    [m.ADD_AT_LEAST_ONE_PROPERTY, () => errorsOf('mortgage-interest-tax-credit', { properties: [] }), 'properties'],
    [m.PERCENT_RANGE, () => errorsOf('dependant-relevant-tax-credit', withFirstItem('dependant-relevant-tax-credit', 'relatives', { yourSharePercent: 0 })), 'relatives.0.yourSharePercent'],
    [m.CHOOSE_AN_OPTION, () => errorsOf('rent-tax-credit', sampleWith('rent-tax-credit', { purpose: 'holiday' })), 'purpose'],
  ];

  it.each(cases)('%s', (message, errors, key) => {
    expect(errors()).toEqual({ [key]: [message] });
  });

  // The section 5 messages no Form 11 form carries, through the field schemas that do.
  function messagesOf(schema: v.GenericSchema, input: unknown): string[] {
    const result = v.safeParse(schema, input);
    return result.success ? [] : result.issues.map((i) => i.message);
  }

  it.each([
    ['Email is required', emailField, ''],
    ['Please enter a valid email address', emailField, 'nope'],
    ['Password is required', passwordField, ''],
    ['Please enter a valid PPSN (7 digits followed by 1-2 letters)', ppsnField, '123456T'],
    ['This PPSN does not check out: look for a typo', ppsnField, '1234567A'],
    ['You must be at least 16 years old to register', dateOfBirthField(TODAY), '21.11.2010'],
    ['Please select at least one option to continue', selectedOptionsField, []],
  ] as const)('%s', (message, schema, input) => {
    expect(messagesOf(schema, input)).toEqual([message]);
  });
});

describe('dates are checked against the given day', () => {
  it('today itself passes, tomorrow does not', () => {
    expect(errorsOf('approved-sports-bodies', sampleWith('approved-sports-bodies', { donationDate: '20.11.2026' }))).toEqual({});
    expect(errorsOf('approved-sports-bodies', sampleWith('approved-sports-bodies', { donationDate: '2026-11-21' }))).toEqual({ donationDate: [m.DATE_INVALID] });
  });
});

describe('every text field has a length limit and every amount is whole cents', () => {
  const kinds = (category: Form11Category) => form11Fields(category);

  it.each(FORM11_CATEGORIES)('%s: 201 characters in any text field is refused; 12.345 in any amount is refused', (category) => {
    const sample = form11Sample(category) as Record<string, unknown>;
    for (const field of kinds(category)) {
      if (!(field.name in sample)) continue;
      if (field.kind === 'text' || field.kind === 'companyName' || field.kind === 'address') {
        const errors = errorsOf(category, { ...sample, [field.name]: 'x'.repeat(201) });
        expect(errors[field.name], `${category}.${field.name}`).toEqual([m.MAX_200_CHARACTERS]);
      }
      if (field.kind === 'amount' && typeof sample[field.name] === 'number') {
        const errors = errorsOf(category, { ...sample, [field.name]: 12.345 });
        expect(errors[field.name], `${category}.${field.name}`).toEqual([m.AMOUNT_TWO_DECIMALS]);
        expect(errorsOf(category, { ...sample, [field.name]: 12.34 })[field.name], `${category}.${field.name}`).toBeUndefined();
      }
    }
  });

  it('the employment of medical insurance relief: at most 200 characters', () => {
    expect(errorsOf('medical-insurance-relief', sampleWith('medical-insurance-relief', { selectedEmployment: 'E'.repeat(201) }))).toEqual({ selectedEmployment: [m.MAX_200_CHARACTERS] });
  });
});
