import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { emptyValue, formValuesOf, itemResolverFor, parseValues, resolverFor } from '../../../src/app/screens/form11/formValues.ts';
import { numberValue } from '../../../src/app/components/numberValue.ts';
import { FORM11_FORMS, form11Fields } from '../../../src/domain/schemas/form11/index.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { TODAY } from './render.tsx';

const today = () => TODAY;

describe('form values', () => {
  it('start empty per kind: lists [], ticks false, everything else ""', () => {
    expect(formValuesOf(form11Fields('medical-insurance-relief'))).toEqual({ selectedEmployment: '', insurances: [] });
    expect(formValuesOf(form11Fields('assistance-dog-allowance'))).toEqual({ organisationName: '', accreditedOrganisation: false });
    expect(emptyValue({ name: 'x', kind: 'amount', label: 'X', required: true })).toBe('');
  });

  it('prefill: saved values kept, API dates shown as typed (DD.MM.YYYY), nulls emptied, unknown keys dropped', () => {
    const values = formValuesOf(form11Fields('incapacitated-child-tax-credit'), {
      children: [{ childName: 'Ciara Kelly', childDateOfBirth: '2012-09-03', incapacity: null, carerReliefClaimed: 'no', extra: 1 }],
      marginalRate: 0.4,
    });
    expect(values).toEqual({ children: [{ childName: 'Ciara Kelly', childDateOfBirth: '03.09.2012', incapacity: '', carerReliefClaimed: 'no' }] });
  });

  it('the resolver gives the first message per dotted path', () => {
    const resolve = resolverFor(FORM11_FORMS['medical-insurance-relief'].schema, today);
    expect(resolve({ selectedEmployment: '', insurances: [] })).toEqual({ selectedEmployment: m.REQUIRED, insurances: m.ADD_AT_LEAST_ONE_INSURANCE });
  });

  it('an entry is checked on its own with the page schema, keyed by its own field names', () => {
    const validate = itemResolverFor(FORM11_FORMS['medical-insurance-relief'].schema, 'insurances', today);
    expect(validate({ nameOfPersonCoveredByPolicy: '', amountOfGrossPremium: -1, amountOfMonthsPolicyWasActive: 13, isChild: false, isForOfficeUseOnly: false })).toEqual({
      nameOfPersonCoveredByPolicy: m.REQUIRED,
      amountOfGrossPremium: m.POSITIVE_AMOUNT,
      amountOfMonthsPolicyWasActive: m.MONTHS_RANGE,
    });
    // The rest of the page (an empty employment name) is not the dialog's business.
    expect(validate({ nameOfPersonCoveredByPolicy: 'Ann Lee', amountOfGrossPremium: 100, amountOfMonthsPolicyWasActive: 1 })).toEqual({});
  });

  it('a list nested one level down (a sub-form keyed by id, as in the final form) is checked the same way', () => {
    const schema = (day: typeof TODAY) => v.object({ 'study-form': FORM11_FORMS['tuition-fees'].schema(day) });
    const validate = itemResolverFor(schema, 'study-form.courses', today);
    expect(validate({ studentName: 'Aoife Ryan', collegeName: 'U', courseName: 'BA', fullTime: '', feesPaid: 10 })).toEqual({
      collegeName: m.MIN_2_CHARACTERS,
      fullTime: m.REQUIRED,
    });
  });

  it('parsing gives the schema output (trimmed, normalised) or null', () => {
    const schema = FORM11_FORMS['rent-tax-credit'].schema;
    const sample = { ...FORM11_FORMS['rent-tax-credit'].sample, landlordName: ' Harbour Lettings Ltd ', eircode: 'h91x2y3' };
    expect(parseValues(schema, TODAY, sample)).toMatchObject({ landlordName: 'Harbour Lettings Ltd', eircode: 'H91 X2Y3' });
    expect(parseValues(schema, TODAY, {})).toBeNull();
  });
});

describe('numberValue: what a number input holds', () => {
  it.each([
    [12, 12],
    ['12.50', 12.5],
    ['12.', 12],
    ['0.0', 0],
    ['-3.10', -3.1],
    ['', ''],
    ['-', '-'],
    ['.', '.'],
    ['1e5', '1e5'],
  ] as const)('%j → %j', (input, expected) => {
    expect(numberValue(input)).toBe(expected);
  });
});
