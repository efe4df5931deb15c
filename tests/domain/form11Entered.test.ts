import { describe, expect, it } from 'vitest';
import { FORM11_CATEGORIES } from '../../src/domain/catalogue.ts';
import { amountsEntered } from '../../src/domain/schemas/form11/entered.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';

describe('amountsEntered: whether a Form 11 answer has anything to claim', () => {
  it('an empty or all-zero Health Expenses page has nothing; one amount is enough', () => {
    expect(amountsEntered('health-expenses', {})).toBe(false);
    expect(amountsEntered('health-expenses', { doctorsAndConsultants: 0, prescribedMedicines: undefined })).toBe(false);
    expect(amountsEntered('health-expenses', { prescribedMedicines: 120.5 })).toBe(true);
  });

  it('looks into list entries (medical insurance premiums)', () => {
    const insurance = { nameOfPersonCoveredByPolicy: 'Seán', amountOfMonthsPolicyWasActive: 12, isChild: false, isForOfficeUseOnly: false };
    expect(amountsEntered('medical-insurance-relief', { selectedEmployment: 'Acme', insurances: [{ ...insurance, amountOfGrossPremium: 0 }] })).toBe(false);
    expect(amountsEntered('medical-insurance-relief', { selectedEmployment: 'Acme', insurances: [{ ...insurance, amountOfGrossPremium: 900 }] })).toBe(true);
  });

  it('a form without amounts (a credit for a status) always has something; every sample has something', () => {
    expect(amountsEntered('blind-person-tax-credit', {})).toBe(true);
    for (const category of FORM11_CATEGORIES) expect(amountsEntered(category, form11Sample(category)), category).toBe(true);
  });
});
