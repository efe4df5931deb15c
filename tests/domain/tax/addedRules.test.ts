/**
 * The rules issue 20 tightened or added, one case each through the single-category call (a claim
 * of one item): mortgage interest for part of a year, the rent credit for a child's course, the
 * age credit from the date of birth, the widowed credits by years since the bereavement, relief
 * for employing a carer, and an estimate without an income.
 */
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../src/domain/dates.ts';
import { form11Sample } from '../../../src/domain/schemas/form11/index.ts';
import { NO_INCOME_NOTE, calculateRefund, figure, type RefundResult, type TaxProfile } from '../../../src/domain/tax/index.ts';

const TODAY = dayjs('2026-11-20');
const SINGLE: TaxProfile = { maritalStatus: 'single', annualIncome: 60_000, dateOfBirth: '1980-06-01' };
const ok = (result: RefundResult) => {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result;
};
const amountOf = (year: number, category: Parameters<typeof calculateRefund>[1], data: unknown, profile: TaxProfile = SINGLE) =>
  ok(calculateRefund(year, category, data, profile, { today: TODAY })).amount;

describe('mortgage interest for part of a year', () => {
  const [property] = form11Sample('mortgage-interest-tax-credit').properties;
  const withProperty = (changes: Record<string, unknown>) => ({ properties: [{ ...property, ...changes }] });

  it('a loan taken out in July 2022: 6 months of €3,000 read as €6,000 for the year, so the 2024 increase is €5,000 → €1,000', () => {
    expect(amountOf(2024, 'mortgage-interest-tax-credit', withProperty({ interestPaid2022: 3000, monthsWithLoanIn2022: 6, interestPaidThisYear: 11_000 }))).toBe(1000);
    // Read as a full year it would have been an €8,000 increase, capped at €1,250.
    expect(amountOf(2024, 'mortgage-interest-tax-credit', withProperty({ interestPaid2022: 3000, monthsWithLoanIn2022: 12, interestPaidThisYear: 11_000 }))).toBe(1250);
  });

  it('a loan redeemed after 6 months of the claim year: the 2022 base and the cap are halved', () => {
    // Base 6,000 × 6/12 = 3,000; increase 5,500 − 3,000 = 2,500 × 20% = 500, under the half cap of 625.
    expect(amountOf(2024, 'mortgage-interest-tax-credit', withProperty({ interestPaidThisYear: 5500, monthsWithLoanThisYear: 6 }))).toBe(500);
    const result = ok(calculateRefund(2024, 'mortgage-interest-tax-credit', withProperty({ interestPaidThisYear: 5500, monthsWithLoanThisYear: 6 }), SINGLE, { today: TODAY }));
    expect(result.explanation).toContain('pro-rated');
  });
});

describe('rent credit for a child’s course', () => {
  const course = { ...form11Sample('rent-tax-credit'), purpose: 'child-course' };
  it('asks whether the child was under 23 when the course began: yes is the credit, no or unanswered is €0 with the reason', () => {
    expect(amountOf(2025, 'rent-tax-credit', { ...course, childUnder23AtCourseStart: 'yes' })).toBe(1000);
    const no = ok(calculateRefund(2025, 'rent-tax-credit', { ...course, childUnder23AtCourseStart: 'no' }, SINGLE, { today: TODAY }));
    expect(no.amount).toBe(0);
    expect(no.explanation).toContain('23');
    expect(amountOf(2025, 'rent-tax-credit', { ...course, childUnder23AtCourseStart: '' })).toBe(0);
  });
});

describe('age credit from the date of birth', () => {
  it('65 by the end of the year: born June 1960 qualifies for 2025, not for 2024', () => {
    const born1960 = { ...SINGLE, dateOfBirth: '1960-06-01' };
    expect(amountOf(2025, 'age-tax-credit', { spouseAged65OrOver: 'no' }, born1960)).toBe(figure('ageCreditSingle', 2025));
    expect(amountOf(2024, 'age-tax-credit', { spouseAged65OrOver: 'no' }, born1960)).toBe(0);
  });
  it('a couple gets the couple’s credit when either is 65', () => {
    const couple: TaxProfile = { maritalStatus: 'married', annualIncome: 60_000, dateOfBirth: '1970-01-01', spouseAnnualIncome: 0, assessmentBasis: 'joint' };
    expect(amountOf(2025, 'age-tax-credit', { spouseAged65OrOver: 'yes' }, couple)).toBe(figure('ageCreditCouple', 2025));
    expect(amountOf(2025, 'age-tax-credit', { spouseAged65OrOver: 'no' }, couple)).toBe(0);
  });
});

describe('widowed credits by the years since the bereavement', () => {
  const parent = { dateOfDeath: '14.03.2022', qualifyingChild: 'yes', remarriedOrCohabiting: 'no' };
  it('the widowed parent credit falls over the five years after the year of death, and stops', () => {
    // 2023 is year 1, 2025 year 3.
    expect(amountOf(2023, 'widowed-parent-tax-credit', parent)).toBe(figure('widowedParentCredit', 2023)[0]);
    expect(amountOf(2025, 'widowed-parent-tax-credit', parent)).toBe(figure('widowedParentCredit', 2025)[2]);
    expect(amountOf(2022, 'widowed-parent-tax-credit', parent)).toBe(0);
    expect(amountOf(2025, 'widowed-parent-tax-credit', { ...parent, remarriedOrCohabiting: 'yes' })).toBe(0);
  });
});

describe('relief for employing a carer', () => {
  const carer = form11Sample('employing-carer-relief');
  it('at the marginal rate, up to €75,000 a year less what was paid back', () => {
    const rich: TaxProfile = { ...SINGLE, annualIncome: 200_000 };
    expect(amountOf(2025, 'employing-carer-relief', { ...carer, carerCost: 90_000, amountReimbursed: 0 }, rich)).toBe(75_000 * 0.4);
    expect(amountOf(2025, 'employing-carer-relief', { ...carer, carerCost: 20_000, amountReimbursed: 5_000 }, rich)).toBe(15_000 * 0.4);
  });
});

describe('an estimate without an income', () => {
  it('is the most that could come back, and asks for the income', () => {
    const result = ok(calculateRefund(2025, 'blind-person-tax-credit', form11Sample('blind-person-tax-credit'), { ...SINGLE, annualIncome: null }, { today: TODAY }));
    expect(result.amount).toBe(1950);
    expect(result.caveats.join(' ') + result.explanation).toContain(NO_INCOME_NOTE.slice(0, 40));
  });
});

describe('each line names the credit and the year', () => {
  it('"Incapacitated Child Tax Credit 2024: 1 × €3,500", and Revenue’s page for that credit as a link a user can open', () => {
    const result = ok(calculateRefund(2024, 'incapacitated-child-tax-credit', form11Sample('incapacitated-child-tax-credit'), SINGLE, { today: TODAY }));
    expect(result.explanation).toContain('Incapacitated Child Tax Credit 2024: 1 × €3,500');
    expect(result.references.pages[0]?.label).toMatch(/^Revenue: /);
    expect(result.references.pages[0]?.url).toMatch(/^https:\/\/www\.revenue\.ie\//);
  });
});
