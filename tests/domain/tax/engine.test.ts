import { describe, expect, it } from 'vitest';
import { FORM11_CATEGORIES, INCOME_TYPE_IDS, isIncomeTypeId } from '../../../src/domain/catalogue.ts';
import { form11Sample } from '../../../src/domain/schemas/form11/index.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { RULES, calculateRefund, calculateRefunds, signedAmount } from '../../../src/domain/tax/engine.ts';
import { taxProfileOf } from '../../../src/domain/tax/profile.ts';
import { SUPPORTED_TAX_YEARS } from '../../../src/domain/tax/years.ts';
import { TODAY, profile, refund } from './helpers.ts';

const rentSample = form11Sample('rent-tax-credit');

describe('failures are values with field errors, never throws', () => {
  it.each([2021, 2027, '2024', null, undefined, 2024.5])('year %o is unsupported', (year) => {
    expect(calculateRefund(year, 'rent-tax-credit', rentSample, profile())).toEqual({
      ok: false,
      error: 'unsupported-year',
      message: m.TAX_YEAR_UNSUPPORTED,
      errors: { year: [m.TAX_YEAR_UNSUPPORTED] },
    });
  });

  it.each(['final-form', '', 42, null, 'toString', '__proto__'])('category %o is unknown', (category) => {
    expect(calculateRefund(2024, category, rentSample, profile())).toEqual({
      ok: false,
      error: 'unknown-category',
      message: m.CATEGORY_UNKNOWN,
      errors: { category: [m.CATEGORY_UNKNOWN] },
    });
  });

  it('invalid data gives the form’s own field errors', () => {
    const result = calculateRefund(2024, 'rent-tax-credit', { ...rentSample, rentPaid: -5, eircode: '' }, profile(), { today: TODAY });
    expect(result).toEqual({
      ok: false,
      error: 'invalid-data',
      message: m.REFUND_DATA_INVALID,
      errors: { eircode: [m.REQUIRED], rentPaid: [m.POSITIVE_AMOUNT] },
    });
  });

  it.each([null, undefined, 'text', 12, [], { nested: { deep: true } }])('data %o fails without throwing', (data) => {
    const result = calculateRefund(2024, 'medical-insurance-relief', data, profile());
    expect(result.ok).toBe(false);
  });
});

describe('every category, every year', () => {
  it('has a rule', () => {
    expect(Object.keys(RULES).sort()).toEqual([...FORM11_CATEGORIES].sort());
  });

  const cases = FORM11_CATEGORIES.flatMap((category) => SUPPORTED_TAX_YEARS.map((year) => [category, year] as const));

  it.each(cases)('%s %i: its sample gives an explained estimate', (category, year) => {
    const estimate = refund(year, category, form11Sample(category));
    expect(estimate.category).toBe(category);
    expect(estimate.year).toBe(year);
    expect(Number.isFinite(estimate.amount)).toBe(true);
    expect(estimate.amount).toBeGreaterThanOrEqual(0);
    expect(Math.round(estimate.amount * 100) / 100).toBe(estimate.amount);
    expect(estimate.direction).toBe(isIncomeTypeId(category) ? 'taxDue' : 'taxBack');
    expect(estimate.rule.length).toBeGreaterThan(5);
    expect(estimate.explanation).toMatch(/^.{10,}[.]$/);
    expect(estimate.explanation).not.toContain('\n');
    expect(estimate.explanation).not.toMatch(/NaN|undefined|Infinity/);
    expect(estimate.source).toMatch(/^R\d+(, R\d+)*$/);
    expect(estimate.sections.every((s) => /^§\d$/.test(s))).toBe(true);
    for (const [name, value] of Object.entries(estimate.figures)) expect(Number.isFinite(value), name).toBe(true);
  });
});

describe('estimates explain themselves', () => {
  it('rent 2024: the rule, the year’s figures, the sources and a how-we-got-this line', () => {
    expect(refund(2024, 'rent-tax-credit', rentSample)).toEqual({
      category: 'rent-tax-credit',
      year: 2024,
      direction: 'taxBack',
      kind: 'credit',
      amount: 1000,
      rule: '20% of rent paid, up to €1,000.00 (single)',
      figures: { rentPaid: 14_400, rate: 0.2, cap: 1000 },
      source: 'R14, R15, R16, R12',
      sections: ['§3'],
      explanation: '20% of €14,400.00 rent is €2,880.00; the 2024 limit is €1,000.00, so €1,000.00.',
      caveats: [],
      parameters: ['rentCreditRate', 'rentCreditCapSingle'],
      references: {
        pages: [{ label: 'Revenue: Rent Tax Credit', url: 'https://www.revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/land-and-property/rent-credit/how-much-claim.aspx' }],
        legislation: ['Taxes Consolidation Act 1997, s473B'],
      },
      basis: null,
      standalone: 1000,
      unused: 0,
      cut: null,
    });
  });

  it('an unconfirmed figure is flagged for the year it is unconfirmed in', () => {
    const data = form11Sample('dependant-relevant-tax-credit');
    expect(refund(2026, 'dependant-relevant-tax-credit', data).caveats).toEqual([
      'The 2026 income limit for a dependent relative (€18,548) is not confirmed yet.',
    ]);
    expect(refund(2025, 'dependant-relevant-tax-credit', data).caveats).toEqual([]);
  });

  it('the liability cap is cited only when it changes the amount', () => {
    const capped = refund(2024, 'incapacitated-child-tax-credit', form11Sample('incapacitated-child-tax-credit'), profile({ annualIncome: 25_000 }));
    // 25,000 × 20% = 5,000 less 1,875 + 1,875 credits = 1,250 of tax to take it from.
    expect(capped.amount).toBe(1250);
    expect(capped.figures).toMatchObject({ uncappedAmount: 3500, incomeTaxLiability: 1250 });
    expect(capped.parameters).toContain('employeeCredit');
    expect(capped.source).toContain('R3');
    expect(capped.source).toContain('R60');

    const uncapped = refund(2024, 'incapacitated-child-tax-credit', form11Sample('incapacitated-child-tax-credit'));
    expect(uncapped.amount).toBe(3500);
    expect(uncapped.parameters).toEqual(['incapacitatedChildCredit']);
  });

  it('income tax due: credits left over cover it first; beyond them nothing caps it', () => {
    // Changed with the whole-claim engine: on €10,000 the 2024 credits (€3,750) exceed the tax on
    // €14,000 (€2,800), so Revenue charges nothing more on the profit (credits come off the whole
    // liability). The earlier engine said €800.
    expect(refund(2024, 'trading-profit', { tradeDescription: 'Stall', profit: 4000 }, profile({ annualIncome: 10_000 })).amount).toBe(0);
    // On €25,000 the credits are used already: the profit is taxed in full, 4,000 × 20%.
    expect(refund(2024, 'trading-profit', { tradeDescription: 'Stall', profit: 4000 }, profile({ annualIncome: 25_000 })).amount).toBe(800);
  });
});

describe('without an annual income', () => {
  const noIncome = profile({ annualIncome: null });

  it('deductions use the marginal rate the client sent, and nothing caps them', () => {
    const fre = { occupation: 'nurse-supply-and-launder', employerName: 'HSE' }; // €733
    expect(refund(2025, 'flat-rate-expenses', fre, { ...noIncome, marginalRate: 0.4 }).amount).toBe(293.2);
    expect(refund(2025, 'flat-rate-expenses', fre, { ...noIncome, marginalRate: 0.2 }).amount).toBe(146.6);
    expect(refund(2025, 'flat-rate-expenses', fre, noIncome).amount).toBe(146.6);
  });

  it('a pension limit that needs the income says so', () => {
    const estimate = refund(2025, 'retirement-annuity-relief', form11Sample('retirement-annuity-relief'), noIncome);
    expect(estimate.caveats.join(' ')).toContain('annual income is needed');
  });

  it('an income given wins over a marginal rate sent', () => {
    const fre = { occupation: 'rte-orchestra-musician', employerName: 'RTÉ' }; // €2,476
    expect(refund(2025, 'flat-rate-expenses', fre, profile({ annualIncome: 30_000, marginalRate: 0.4 })).amount).toBe(495.2);
  });
});

describe('dates in the data', () => {
  const sports = (donationDate: string) => ({ ...form11Sample('approved-sports-bodies'), donationDate });

  it('without a day given, dates are checked against the end of the tax year', () => {
    expect(calculateRefund(2025, 'approved-sports-bodies', sports('31.12.2025'), profile()).ok).toBe(true);
    expect(calculateRefund(2025, 'approved-sports-bodies', sports('01.01.2026'), profile())).toMatchObject({
      ok: false,
      errors: { donationDate: [m.DATE_INVALID] },
    });
  });

  it('with a day given, against that day', () => {
    expect(calculateRefund(2026, 'approved-sports-bodies', sports('21.11.2026'), profile(), { today: TODAY }).ok).toBe(false);
    expect(calculateRefund(2026, 'approved-sports-bodies', sports('20.11.2026'), profile(), { today: TODAY }).ok).toBe(true);
  });
});

describe('bulk', () => {
  const items = [
    { category: 'rent-tax-credit', data: rentSample },
    { category: 'health-expenses', data: form11Sample('health-expenses') },
    { category: 'rental-income', data: form11Sample('rental-income') },
  ];

  it('returns the amounts in the order given, each what a single call gives', () => {
    const result = calculateRefunds({ year: 2024, items }, profile(), { today: TODAY });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.amounts).toEqual([1000, 380, 5600]);
    expect(result.results.map((r) => r.category)).toEqual(['rent-tax-credit', 'health-expenses', 'rental-income']);
    expect(result.netTotal).toBe(1000 + 380 - 5600);
    items.forEach((item, i) => {
      const single = calculateRefund(2024, item.category, item.data, profile(), { today: TODAY });
      expect(single).toEqual({ ok: true, ...result.results[i] });
    });
  });

  it('an empty list is an empty answer', () => {
    expect(calculateRefunds({ year: 2024, items: [] }, profile())).toMatchObject({ ok: true, year: 2024, results: [], amounts: [], netTotal: 0, claim: { total: 0, unused: 0 } });
  });

  it('the first failing item fails the call, with its errors under items.<i>', () => {
    const bad = [...items, { category: 'rent-tax-credit', data: { ...rentSample, rentPaid: -1 } }, { category: 'nope', data: {} }];
    expect(calculateRefunds({ year: 2024, items: bad }, profile(), { today: TODAY })).toEqual({
      ok: false,
      error: 'invalid-data',
      message: m.REFUND_DATA_INVALID,
      errors: { 'items.3.data.rentPaid': [m.POSITIVE_AMOUNT] },
      index: 3,
    });
    expect(calculateRefunds({ year: 2024, items: [{ category: 'nope', data: {} }] }, profile())).toMatchObject({
      ok: false,
      error: 'unknown-category',
      errors: { 'items.0.category': [m.CATEGORY_UNKNOWN] },
      index: 0,
    });
  });

  it('an unsupported year fails as a whole', () => {
    expect(calculateRefunds({ year: 2030, items }, profile())).toMatchObject({ ok: false, error: 'unsupported-year', errors: { year: [m.TAX_YEAR_UNSUPPORTED] } });
  });
});

describe('signedAmount', () => {
  it('+ for tax back, − for tax due', () => {
    expect(signedAmount({ amount: 12.5, direction: 'taxBack' })).toBe(12.5);
    expect(signedAmount({ amount: 12.5, direction: 'taxDue' })).toBe(-12.5);
  });

  it('every income type is tax due', () => {
    for (const id of INCOME_TYPE_IDS) expect(refund(2025, id, form11Sample(id)).direction, id).toBe('taxDue');
  });
});

describe('taxProfileOf', () => {
  it('maps the user record; a missing income is null', () => {
    expect(taxProfileOf({ marital_status: 'married', annual_income: 61_000, date_of_birth: '1980-02-29' })).toEqual({
      maritalStatus: 'married',
      annualIncome: 61_000,
      dateOfBirth: '1980-02-29',
      spouseAnnualIncome: null,
      assessmentBasis: null,
    });
    // A married user's spouse and basis; this year's pension paid through payroll and MaxOut.
    expect(
      taxProfileOf({ marital_status: 'married', annual_income: 61_000, date_of_birth: '1980-02-29', spouse_annual_income: 9000, assessment_basis: 'separate', paid_pension: 500, pension: 1500 }, undefined, 2026),
    ).toMatchObject({ spouseAnnualIncome: 9000, assessmentBasis: 'separate', pensionPaid: { year: 2026, payroll: 500, maxOut: 1000 } });
    // A single user's record has no spouse to carry.
    expect(taxProfileOf({ marital_status: 'single', annual_income: 1, date_of_birth: '1980-02-29', spouse_annual_income: 9000 })).not.toHaveProperty('spouseAnnualIncome');
    expect(taxProfileOf({ marital_status: 'single', annual_income: null, date_of_birth: '1990-01-01' }, 0.4)).toMatchObject({ annualIncome: null, marginalRate: 0.4 });
  });
});
