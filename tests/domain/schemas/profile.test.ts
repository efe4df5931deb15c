import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../src/domain/dates.ts';
import { ppsnCheckCharacter } from '../../../src/domain/schemas/fields.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import {
  isValidPensionPlanId,
  normalisePensionPlanId,
  profileFormSchema,
  profileFormToRequest,
  profilePensionPlanIdField,
} from '../../../src/domain/schemas/profile.ts';
import { messagesOf, outputOf } from './helpers.ts';

const TODAY = dayjs('2026-01-15');
const plan = v.object({ pension_plan_id: profilePensionPlanIdField });

describe('pension plan ID on the profile', () => {
  it.each([
    ['IL-12345678', 'IL-12345678'],
    [' il-12345678 ', 'IL-12345678'],
    ['IL12345678', 'IL-12345678'],
    ['il 1234 5678', 'IL-12345678'],
  ])('%j is read as %s', (input, expected) => {
    expect(outputOf(plan, { pension_plan_id: input })).toEqual({ pension_plan_id: expected });
  });

  it('null, empty and blank clear it; missing leaves it alone', () => {
    expect(outputOf(plan, { pension_plan_id: null })).toEqual({ pension_plan_id: null });
    expect(outputOf(plan, { pension_plan_id: '' })).toEqual({ pension_plan_id: null });
    expect(outputOf(plan, { pension_plan_id: '   ' })).toEqual({ pension_plan_id: null });
    expect(outputOf(plan, {})).toEqual({});
  });

  it.each(['IL-1234567', 'IL-123456789', 'XX-12345678', 'IL-1234567A', 'PLAN-1', "IL-12345678'--", 42, true])('refuses %j', (input) => {
    expect(messagesOf(plan, { pension_plan_id: input })).toEqual([m.PENSION_PLAN_ID_FORMAT]);
  });

  it('normalises only what looks like a plan ID', () => {
    expect(normalisePensionPlanId('abc')).toBe('ABC');
    expect(isValidPensionPlanId('IL-00000000')).toBe(true);
    expect(isValidPensionPlanId('IL-0000000')).toBe(false);
  });
});

describe('profile form', () => {
  const schema = profileFormSchema(TODAY);
  const ppsn = `1234567${ppsnCheckCharacter('1234567')}`;
  const valid = { first_name: 'Aoife', surname: 'Ní Bhriain', ppsn: ppsn.toLowerCase(), date_of_birth: '15.06.1990', pension_plan_id: 'il12345678' };

  it('turns the typed values into the POST /edit-profile body', () => {
    expect(profileFormToRequest(outputOf(schema, valid))).toEqual({
      first_name: 'Aoife',
      surname: 'Ní Bhriain',
      ppsn,
      date_of_birth: '1990-06-15',
      pension_plan_id: 'IL-12345678',
    });
    expect(profileFormToRequest(outputOf(schema, { ...valid, pension_plan_id: '' })).pension_plan_id).toBeNull();
  });

  it('takes the masked PPSN the profile arrives with as "unchanged"', () => {
    expect(outputOf(schema, { ...valid, ppsn: '•••••67T' }).ppsn).toBe('•••••67T');
    expect(messagesOf(schema, { ...valid, ppsn: '•••67T' })).toEqual([m.PPSN_INVALID]);
  });

  it('applies the spec’s rules to each field', () => {
    const wrongCheck = `1234567${ppsnCheckCharacter('1234567') === 'A' ? 'B' : 'A'}`;
    expect(messagesOf(schema, { ...valid, ppsn: wrongCheck })).toEqual([m.PPSN_CHECK_FAILED]);
    expect(messagesOf(schema, { ...valid, first_name: 'A' })).toEqual([m.MIN_2_CHARACTERS]);
    expect(messagesOf(schema, { ...valid, surname: '' })).toEqual([m.REQUIRED]);
    expect(messagesOf(schema, { ...valid, date_of_birth: '16.01.2010' })).toEqual([m.MIN_AGE]);
    expect(messagesOf(schema, { ...valid, date_of_birth: '31.02.1990' })).toEqual([m.DATE_INVALID]);
  });
});
