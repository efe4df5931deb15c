/**
 * A year's claim as one computation: the five measured cases, Revenue's worked examples
 * for couples on one and two incomes, a single parent and a claim that uses up the liability, and
 * the pieces a claim shares (one pension limit, the Home Carer choice, the basis of assessment).
 */
import { describe, expect, it } from 'vitest';
import { form11Sample } from '../../../src/domain/schemas/form11/index.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { NO_INCOME_NOTE } from '../../../src/domain/tax/claim.ts';
import { calculateRefunds, signedAmount } from '../../../src/domain/tax/engine.ts';
import type { BulkRefundResult, RefundEstimate, TaxProfile } from '../../../src/domain/tax/types.ts';
import { TODAY, profile } from './helpers.ts';

type Claimed = Extract<BulkRefundResult, { ok: true }>;

function claim(year: number, items: { category: string; data: unknown }[], who: TaxProfile, options: { pensionPaid?: { payroll: number; maxOut: number } } = {}): Claimed {
  const result = calculateRefunds({ year, items }, who, { today: TODAY, ...options });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result;
}

function line(result: Claimed, category: string): RefundEstimate {
  const found = result.results.find((r) => r.category === category);
  if (!found) throw new Error(`no ${category}`);
  return found;
}

const rent = (rentPaid: number) => ({ ...form11Sample('rent-tax-credit'), rentPaid });
const child = { children: [{ childName: 'Ciara Kelly', childDateOfBirth: '03.09.2012', incapacity: 'Cerebral palsy', carerReliefClaimed: 'no' }] };
const blind = { ...form11Sample('blind-person-tax-credit'), whoIsBlind: 'me' };
const nursingHome = (feesPaid: number) => ({ residentName: 'Mary Murphy', nursingHomeName: 'Sunnybank', feesPaid });
const maintenance = (amountPaid: number) => ({ recipientName: 'Niamh Doyle', amountPaid, legallyEnforceable: 'yes', jointlyAssessed: 'no' });
const pension = (contributionsPaid: number) => ({ providerName: 'Irish Life', policyNumber: 'P-1', contributionsPaid });

describe('the issue’s measured cases (2025), now as Revenue computes them', () => {
  it('single, €30,000: rent €9,000 + incapacitated child + blind person → €2,000, the liability after personal and employee credits', () => {
    const result = claim(
      2025,
      [
        { category: 'rent-tax-credit', data: rent(9000) },
        { category: 'incapacitated-child-tax-credit', data: child },
        { category: 'blind-person-tax-credit', data: blind },
      ],
      profile({ annualIncome: 30_000 }),
    );
    // 30,000 × 20% = 6,000 less 2,000 + 2,000 credits: €2,000 of tax, and credits are not refunded (R60).
    expect(result.claim.taxBefore).toBe(2000);
    expect(result.netTotal).toBe(2000);
    expect(result.amounts).toEqual([1000, 1000, 0]);
    expect(line(result, 'incapacitated-child-tax-credit').explanation).toContain(
      '€3,800.00 of credit, €1,000.00 of it usable this year: the rest of your tax for 2025 was used by the Rent Tax Credit.',
    );
    const cut = line(result, 'blind-person-tax-credit');
    expect(cut.cut).toBe(
      '€1,950.00 of credit, €0.00 of it usable this year: your tax for 2025 was already used up by the Rent Tax Credit and the Incapacitated Child Tax Credit. The unused €1,950.00 is not refunded or carried to another year.',
    );
    expect(cut).toMatchObject({ standalone: 1950, unused: 1950, amount: 0 });
    expect(result.claim.unused).toBe(2800 + 1950);
  });

  it('single, €50,000: nursing home €10,000 + maintenance €6,000 → €4,400 (the €6,000 slice at 40% is used once)', () => {
    const result = claim(
      2025,
      [
        { category: 'nursing-home-expenses', data: nursingHome(10_000) },
        { category: 'maintenance-payment-relief', data: maintenance(6000) },
      ],
      profile({ annualIncome: 50_000 }),
    );
    // 6,000 above the €44,000 band at 40% and the other 10,000 at 20%.
    expect(result.netTotal).toBe(4400);
    expect(line(result, 'nursing-home-expenses').explanation).toBe('€10,000.00 of fees comes off your taxable income (€6,000.00 at 40% and €4,000.00 at 20%), saving €3,200.00.');
    expect(line(result, 'maintenance-payment-relief').amount).toBe(1200);
    expect(line(result, 'maintenance-payment-relief').cut).toBe(
      'On its own this would save €2,400.00; in this claim €1,200.00, because the Nursing Home Expenses already took €6,000.00 of your income taxed at 40%.',
    );
    // Relief at 20% instead of 40% is not relief lost: nothing unused.
    expect(line(result, 'maintenance-payment-relief').unused).toBe(0);
  });

  it('age 45, €60,000: AVC + PRSA + retirement annuity of €15,000 each → €6,000 (one limit: 25% of €60,000)', () => {
    const result = claim(
      2025,
      [
        { category: 'additional-voluntary-contributions', data: pension(15_000) },
        { category: 'personal-retirement-savings', data: pension(15_000) },
        { category: 'retirement-annuity-relief', data: pension(15_000) },
      ],
      profile({ annualIncome: 60_000, dateOfBirth: '1980-03-01' }),
    );
    expect(result.netTotal).toBe(6000);
    expect(result.amounts).toEqual([6000, 0, 0]);
    expect(result.claim.pensionCarriedForward).toBe(30_000);
    expect(line(result, 'personal-retirement-savings').explanation).toContain('€15,000.00 of it is already used by contributions counted before this one');
    expect(line(result, 'personal-retirement-savings').figures).toMatchObject({ relievable: 0, carriedForward: 15_000, alreadyCounted: 15_000 });
  });

  it('single parent, €46,000: SPCCC + nursing home €2,000 → €2,700 (the €48,000 band applies to the nursing home too)', () => {
    const result = claim(
      2025,
      [
        { category: 'single-person-child-carer-credit', data: form11Sample('single-person-child-carer-credit') },
        { category: 'nursing-home-expenses', data: nursingHome(2000) },
      ],
      profile({ annualIncome: 46_000 }),
    );
    // Before: 44,000 × 20% + 2,000 × 40% − 4,000 = 5,600. After: 44,000 × 20% − 5,900 = 2,900.
    expect(result.claim.taxBefore).toBe(5600);
    expect(result.netTotal).toBe(2700);
    expect(line(result, 'single-person-child-carer-credit').amount).toBe(2300); // 1,900 credit + 2,000 moved from 40% to 20%
    expect(line(result, 'nursing-home-expenses').explanation).toContain('(€2,000.00 at 20%)');
  });

  it('single profile: the blind person’s credit "for my spouse" is refused, naming the field', () => {
    const result = calculateRefunds({ year: 2025, items: [{ category: 'blind-person-tax-credit', data: { ...blind, whoIsBlind: 'spouse' } }] }, profile(), { today: TODAY });
    expect(result).toMatchObject({ ok: false, error: 'invalid-data', errors: { 'items.0.data.whoIsBlind': [m.BLIND_SPOUSE_NEEDS_MARRIED] }, index: 0 });
  });
});

describe('Revenue’s worked examples', () => {
  it('a couple on one income, 2024 (R6, R10, R46): the married band of €51,000 and the married credit', () => {
    const couple = profile({ maritalStatus: 'married', annualIncome: 60_000, spouseAnnualIncome: 0 });
    const result = claim(2024, [{ category: 'health-expenses', data: { doctorsAndConsultants: 1000 } }], couple);
    // 51,000 × 20% + 9,000 × 40% = 13,800, less 3,750 married + 1,875 Employee credits = 8,175.
    expect(result.claim.taxBefore).toBe(8175);
    expect(result.netTotal).toBe(200);
    expect(result.claim.basis).toBe('Joint assessment (2024): you and your spouse are taxed together on one income, with the married band of €51,000 and the married personal credit.');
    expect(result.results[0]?.basis).toBe(result.claim.basis);
  });

  it('a couple on two incomes, 2024 (reference example 12; R46): €60,000 and €20,000 → €10,300, and a deduction at 40% only above the band', () => {
    const couple = profile({ maritalStatus: 'married', annualIncome: 60_000, spouseAnnualIncome: 20_000 });
    const result = claim(2024, [{ category: 'nursing-home-expenses', data: nursingHome(12_000) }], couple);
    // Band 51,000 + 20,000 = 71,000; 80,000 − 71,000 = 9,000 at 40%.
    expect(result.claim.taxBefore).toBe(10_300);
    expect(result.netTotal).toBe(9000 * 0.4 + 3000 * 0.2);
    expect(line(result, 'nursing-home-expenses').explanation).toContain('(€9,000.00 at 40% and €3,000.00 at 20%)');
    expect(line(result, 'nursing-home-expenses').references.pages.map((p) => p.label)).toContain('Revenue: Tax rates, bands and reliefs');
    expect(line(result, 'nursing-home-expenses').references.legislation).toEqual(['Taxes Consolidation Act 1997, s469', 'Taxes Consolidation Act 1997, s15 (rate bands)', 'Finance (No. 2) Act 2023, s9']);
  });

  it('the same couple assessed separately: each on their own band and credits, and the rent credit’s single limit', () => {
    const separately = profile({ maritalStatus: 'married', annualIncome: 60_000, spouseAnnualIncome: 20_000, assessmentBasis: 'separate' });
    const result = claim(2024, [{ category: 'rent-tax-credit', data: rent(14_400) }], separately);
    // Own band 42,000: 42,000 × 20% + 18,000 × 40% = 15,600, less 1,875 + 1,875.
    expect(result.claim.taxBefore).toBe(11_850);
    expect(result.netTotal).toBe(1000);
    expect(result.claim.basis).toContain('Separate assessment (2024)');
    const jointly = claim(2024, [{ category: 'rent-tax-credit', data: rent(14_400) }], { ...separately, assessmentBasis: 'joint' });
    expect(jointly.netTotal).toBe(2000);
  });

  it('a single parent, 2024 (R44, R6): the credit and the €46,000 band', () => {
    const result = claim(2024, [{ category: 'single-person-child-carer-credit', data: form11Sample('single-person-child-carer-credit') }], profile({ annualIncome: 50_000 }));
    // 1,750 + 4,000 × (40% − 20%).
    expect(result.netTotal).toBe(2550);
  });

  it('a claim that uses up the liability, 2023 (reference example 3; R60): the student’s rent credit is worth €0', () => {
    const result = claim(2023, [{ category: 'rent-tax-credit', data: rent(14_400) }], profile({ annualIncome: 12_000 }));
    expect(result.netTotal).toBe(0);
    expect(result.results[0]?.cut).toBe(
      'Your estimated income tax for 2023 after personal and employee credits is €0.00, so you can get back at most that: €500.00 of credit, €0.00 of it usable this year. The unused €500.00 is not refunded or carried to another year.',
    );
    expect(result.results[0]?.references.pages.map((p) => p.label)).toContain('Revenue: Tax credits');
  });

  it('the Home Carer Credit or the band increase, whichever is worth more (reference example 11; R45, R46)', () => {
    const carer = { ...form11Sample('home-carer-tax-credit'), carerIncome: 9000 };
    // Spouse earns €9,000: the increase of €9,000 moves 9,000 from 40% to 20% (€1,800), more than the tapered €900 credit.
    const earning = claim(2024, [{ category: 'home-carer-tax-credit', data: carer }], profile({ maritalStatus: 'married', annualIncome: 70_000, spouseAnnualIncome: 9000 }));
    expect(earning.netTotal).toBe(0);
    expect(earning.results[0]?.cut).toContain('the band increase is worth more');
    // No income of the carer's own: no increase to lose, the full €1,800.
    const atHome = claim(2024, [{ category: 'home-carer-tax-credit', data: { ...carer, carerIncome: 0 } }], profile({ maritalStatus: 'married', annualIncome: 70_000, spouseAnnualIncome: 0 }));
    expect(atHome.netTotal).toBe(1800);
  });
});

describe('one pension limit for the year', () => {
  it('payroll and MaxOut contributions come first; the claim gets what is left, the rest is carried forward', () => {
    const who = profile({ annualIncome: 60_000, dateOfBirth: '1980-03-01' }); // 45 in 2025: 25% × 60,000 = 15,000
    const result = claim(2025, [{ category: 'retirement-annuity-relief', data: pension(10_000) }], who, { pensionPaid: { payroll: 3000, maxOut: 4000 } });
    expect(result.results[0]?.figures).toMatchObject({ relievable: 8000, carriedForward: 2000, alreadyCounted: 7000 });
    // 60,000 − 7,000 = 53,000: 9,000 above the band, so the 8,000 is all at 40%.
    expect(result.netTotal).toBe(3200);
    expect(result.claim.taxBefore).toBe(44_000 * 0.2 + 9000 * 0.4 - 4000);
  });
});

describe('without an income', () => {
  it('each credit is the most that could come back, and says so', () => {
    const result = claim(2025, [{ category: 'rent-tax-credit', data: rent(14_400) }], profile({ annualIncome: null }));
    expect(result.claim).toMatchObject({ upperBound: true, taxBefore: null, total: 1000 });
    expect(result.results[0]?.caveats).toContain(NO_INCOME_NOTE);
  });
});

describe('the lines add up', () => {
  it('to the claim’s total, with income declared', () => {
    const result = claim(
      2025,
      [
        { category: 'rental-income', data: form11Sample('rental-income') },
        { category: 'rent-tax-credit', data: rent(14_400) },
        { category: 'flat-rate-expenses', data: form11Sample('flat-rate-expenses') },
      ],
      profile({ annualIncome: 41_000 }),
    );
    expect(result.results.reduce((sum, r) => sum + Math.round(signedAmount(r) * 100), 0)).toBe(Math.round(result.netTotal * 100));
    // €14,000 of rent less expenses on €41,000: 3,000 left in the band at 20%, 11,000 at 40%.
    expect(line(result, 'rental-income').amount).toBe(3000 * 0.2 + 11_000 * 0.4);
  });

  it('a category appears once in a claim', () => {
    const result = calculateRefunds({ year: 2025, items: [{ category: 'rent-tax-credit', data: rent(1000) }, { category: 'rent-tax-credit', data: rent(2000) }] }, profile(), { today: TODAY });
    expect(result).toMatchObject({ ok: false, error: 'duplicate-category', errors: { 'items.1.category': [m.CATEGORY_TWICE] }, index: 1 });
  });
});
