/**
 * Property-based tests of the refund engine: random valid data for every category (built from the
 * forms' own field lists), random profiles (single or married, on each basis of assessment) and
 * years; single categories, and whole claims of several.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORM11_CATEGORIES, isIncomeTypeId, type Form11Category } from '../../../src/domain/catalogue.ts';
import { form11Fields, form11Sample, type FieldSpec } from '../../../src/domain/schemas/form11/index.ts';
import { marginalRateFor } from '../../../src/domain/tax/context.ts';
import { calculateRefund, calculateRefunds, signedAmount } from '../../../src/domain/tax/engine.ts';
import { flatRateExpense } from '../../../src/domain/tax/flatRateExpenses.ts';
import { taxOf } from '../../../src/domain/tax/household.ts';
import type { BulkItem, BulkRefundResult, RefundEstimate, TaxProfile } from '../../../src/domain/tax/types.ts';
import { SUPPORTED_TAX_YEARS, figure, type TaxYear } from '../../../src/domain/tax/years.ts';
import { TODAY } from './helpers.ts';

type Data = Record<string, unknown>;

const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);

const pastDate = fc
  .date({ min: new Date(1950, 0, 1), max: new Date(2026, 10, 20), noInvalidDate: true })
  .map((d) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`);

/** A valid value for a field; text-like fields keep the sample's value. */
function fieldValue(field: FieldSpec, sampleValue: unknown): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case 'amount':
      return field.required ? cents(200_000) : fc.option(cents(200_000), { nil: undefined });
    case 'months':
      return fc.integer({ min: 1, max: 12 });
    case 'days':
      return field.required ? fc.integer({ min: 0, max: 365 }) : fc.option(fc.integer({ min: 0, max: 365 }), { nil: undefined });
    case 'leaseMonths':
      return fc.integer({ min: 1, max: 120 });
    case 'loanValue':
      return fc.integer({ min: 60_000, max: 500_000 });
    case 'percent':
      return fc.integer({ min: 1, max: 100 });
    case 'yesNo':
      return fc.constantFrom('yes', 'no');
    case 'choice':
      return fc.constantFrom(...(field.options ?? []).map((o) => o.value));
    case 'flag':
      return fc.boolean();
    case 'confirm':
      return fc.constant(true);
    case 'date':
      return pastDate;
    case 'list': {
      const item = (sampleValue as Data[])[0] ?? {};
      return fc.array(objectOf(field.item ?? [], item), { minLength: 1, maxLength: 4 });
    }
    default:
      return fc.constant(sampleValue);
  }
}

function objectOf(fields: readonly FieldSpec[], sample: Data): fc.Arbitrary<Data> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fields) record[field.name] = fieldValue(field, sample[field.name]);
  return fc.record(record);
}

const dataFor = (category: Form11Category) => objectOf(form11Fields(category), form11Sample(category) as Data);

const yearArb = fc.constantFrom(...SUPPORTED_TAX_YEARS);

const profileArb: fc.Arbitrary<TaxProfile> = fc.record({
  maritalStatus: fc.constantFrom('single', 'married'),
  annualIncome: fc.option(cents(400_000), { nil: null }),
  dateOfBirth: fc.option(
    fc.date({ min: new Date(1940, 0, 1), max: new Date(2008, 0, 1), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    { nil: null },
  ),
  marginalRate: fc.constantFrom(0.2, 0.4),
  spouseAnnualIncome: fc.option(cents(200_000), { nil: null }),
  assessmentBasis: fc.constantFrom('joint', 'separate', 'separate-treatment', null),
});

/** A profile with an income (the claim's liability is known). */
const earningProfileArb = profileArb.filter((who) => who.annualIncome !== null);

/** Data the profile allows: a single person claims the blind person's credit for themselves only (a profile check refuses the rest). */
function allowed(category: Form11Category, data: Data, who: TaxProfile): Data {
  return category === 'blind-person-tax-credit' && who.maritalStatus !== 'married' ? { ...data, whoIsBlind: 'me' } : data;
}

function run(year: TaxYear, category: Form11Category, data: unknown, who: TaxProfile): RefundEstimate {
  const result = calculateRefund(year, category, allowed(category, data as Data, who), who, { today: TODAY });
  if (!result.ok) throw new Error(`${category} ${year} refused ${JSON.stringify(data)}: ${JSON.stringify(result.errors)}`);
  const { ok: _ok, ...estimate } = result;
  return estimate;
}

type Item = { category: Form11Category; data: Data };

/** One claim of the items (each category once, as a claim holds them). */
function claim(year: TaxYear, items: readonly Item[], who: TaxProfile): Extract<BulkRefundResult, { ok: true }> {
  const bulk = calculateRefunds({ year, items: items.map((item) => ({ category: item.category, data: allowed(item.category, item.data, who) })) as BulkItem[] }, who, { today: TODAY });
  if (!bulk.ok) throw new Error(JSON.stringify(bulk));
  return bulk;
}

const itemArb: fc.Arbitrary<Item> = fc.constantFrom(...FORM11_CATEGORIES).chain((category) => dataFor(category).map((data) => ({ category, data })));
/** Several items, each category at most once. */
const itemsArb = fc.uniqueArray(itemArb, { maxLength: 8, selector: (item) => item.category });
const reliefItemArb = itemArb.filter((item) => !isIncomeTypeId(item.category));

const toCents = (euro: number) => Math.round(euro * 100);

describe('never negative, always finite, always explained', () => {
  it.each(FORM11_CATEGORIES)('%s', (category) => {
    fc.assert(
      fc.property(yearArb, dataFor(category), profileArb, (year, data, who) => {
        const estimate = run(year, category, data, who);
        expect(estimate.amount).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(estimate.amount)).toBe(true);
        expect(estimate.explanation).not.toMatch(/NaN|undefined|Infinity/);
        expect(estimate.source).not.toBe('');
      }),
      { numRuns: 60 },
    );
  });
});

describe('a tax-back amount never exceeds the income tax on the income', () => {
  it.each(FORM11_CATEGORIES.filter((c) => !isIncomeTypeId(c)))('%s', (category) => {
    fc.assert(
      fc.property(yearArb, dataFor(category), earningProfileArb, (year, data, who) => {
        const one = claim(year, [{ category, data }], who);
        expect(one.results[0]?.amount).toBeLessThanOrEqual(one.claim.taxBefore ?? 0);
      }),
      { numRuns: 25 },
    );
  });
});

/** Data with one numeric field (top level or in the first list entry) set. */
function setField(data: Data, path: string, value: number): Data {
  const [head, inner] = path.split('.') as [string, string | undefined];
  if (inner === undefined) return { ...data, [head]: value };
  const list = data[head] as Data[];
  return { ...data, [head]: [{ ...list[0], [inner]: value }, ...list.slice(1)] };
}

// The amount each refund grows with (or, for income, the tax due grows with).
const MONOTONE: [Form11Category, string, number][] = [
  ['health-expenses', 'doctorsAndConsultants', 50_000],
  ['nursing-home-expenses', 'feesPaid', 100_000],
  ['medical-insurance-relief', 'insurances.amountOfGrossPremium', 5000],
  ['permanent-health-benefit', 'premiumsPaid', 20_000],
  ['income-continuance', 'premiumsPaid', 20_000],
  ['dependant-relevant-tax-credit', 'relatives.yourSharePercent', 100],
  ['maintenance-payment-relief', 'amountPaid', 50_000],
  ['rent-tax-credit', 'rentPaid', 40_000],
  ['tuition-fees', 'courses.feesPaid', 20_000],
  ['additional-voluntary-contributions', 'contributionsPaid', 80_000],
  ['personal-retirement-savings', 'contributionsPaid', 80_000],
  ['retirement-annuity-relief', 'contributionsPaid', 80_000],
  ['remote-working-relief', 'electricityCost', 5000],
  ['remote-working-relief', 'daysWorkedFromHome', 365],
  ['seafarer-allowance', 'seafarerIncome', 100_000],
  ['owner-occupier-relief', 'qualifyingSpend', 500_000],
  ['home-renovation-incentive', 'creditCarriedForward', 5000],
  ['approved-sports-bodies', 'donationAmount', 50_000],
  ['startup-relief-entrepreneurs', 'amountForThisYear', 300_000],
  ['employment-investment-incentive', 'amountInvested', 2_000_000],
  ['mortgage-interest-tax-credit', 'properties.interestPaidThisYear', 40_000],
  ['earned-income-tax-credit', 'earnedIncome', 100_000],
  ['canadian-dividends', 'grossAmount', 100_000],
  ['dividends-distributions', 'grossAmount', 100_000],
  ['emp-off-pen', 'grossAmount', 100_000],
  ['fees-commissions', 'grossAmount', 100_000],
  ['foreign-pensions', 'grossAmount', 100_000],
  ['foreign-salary', 'grossAmount', 100_000],
  ['maintenance-payments', 'amountReceived', 100_000],
  ['rental-income', 'grossRent', 100_000],
  ['trading-profit', 'profit', 100_000],
  ['uk-dividends', 'grossAmount', 100_000],
  ['us-dividends', 'grossAmount', 100_000],
  ['untaxed-state-income', 'amountReceived', 100_000],
  ['irish-taxed-income', 'grossAmount', 100_000],
];

describe('monotone: more entered never gives less (up to the cap)', () => {
  it.each(MONOTONE)('%s, %s', (category, path, max) => {
    const low = path.endsWith('Percent') || path.endsWith('FromHome') ? 1 : 0;
    const value = fc.integer({ min: low, max });
    fc.assert(
      fc.property(yearArb, dataFor(category), profileArb, value, value, (year, data, who, a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const lower = run(year, category, setField(data, path, small), who).amount;
        const higher = run(year, category, setField(data, path, large), who).amount;
        expect(higher).toBeGreaterThanOrEqual(lower);
      }),
      { numRuns: 40 },
    );
  });
});

describe('caps respected', () => {
  it('rent: at most the year’s cap: the couple’s when jointly assessed, else one person’s', () => {
    fc.assert(
      fc.property(yearArb, dataFor('rent-tax-credit'), profileArb, (year, data, who) => {
        const joint = who.maritalStatus === 'married' && (who.assessmentBasis ?? 'joint') === 'joint';
        const cap = joint ? figure('rentCreditCapCouple', year) : figure('rentCreditCapSingle', year);
        expect(run(year, 'rent-tax-credit', data, who).amount).toBeLessThanOrEqual(cap);
      }),
    );
  });

  it('medical insurance: at most 20% of €1,000 per adult and €500 per child', () => {
    fc.assert(
      fc.property(yearArb, dataFor('medical-insurance-relief'), profileArb, (year, data, who) => {
        const insurances = data.insurances as { isChild: boolean }[];
        const cap = insurances.reduce((sum, i) => sum + (i.isChild ? 500 : 1000), 0) * 0.2;
        expect(run(year, 'medical-insurance-relief', data, who).amount).toBeLessThanOrEqual(cap + 1e-9);
      }),
    );
  });

  it('tuition: at most 20% of €7,000 per course less the disregard', () => {
    fc.assert(
      fc.property(yearArb, dataFor('tuition-fees'), profileArb, (year, data, who) => {
        const courses = data.courses as { fullTime: string }[];
        const disregard = courses.some((c) => c.fullTime === 'yes') ? 3000 : 1500;
        expect(run(year, 'tuition-fees', data, who).amount).toBeLessThanOrEqual(Math.max(0, courses.length * 7000 - disregard) * 0.2 + 1e-9);
      }),
    );
  });

  it('mortgage interest: at most the per-property cap times the properties', () => {
    fc.assert(
      fc.property(yearArb, dataFor('mortgage-interest-tax-credit'), profileArb, (year, data, who) => {
        const properties = (data.properties as unknown[]).length;
        expect(run(year, 'mortgage-interest-tax-credit', data, who).amount).toBeLessThanOrEqual(properties * figure('mortgageInterestCreditCapPerProperty', year));
      }),
    );
  });

  it('flat credits: never more than the year’s credit', () => {
    const credits: [Form11Category, number | ((y: TaxYear) => number)][] = [
      ['fisher-tax-credit', 1270],
      ['naval-service-credit', 1500],
      ['assistance-dog-allowance', 165],
      ['guide-dog-allowance', 165],
      ['blind-person-tax-credit', (y) => figure('blindPersonCreditBothSpouses', y)],
      ['earned-income-tax-credit', (y) => figure('earnedIncomeCredit', y)],
      ['employee-tax-credit', 0],
      ['age-tax-credit', (y) => figure('ageCreditCouple', y)],
      ['widowed-parent-tax-credit', 3600],
      ['widowed-person-tax-credit', (y) => figure('personalCreditMarried', y) - figure('personalCreditSingle', y)],
    ];
    for (const [category, cap] of credits) {
      fc.assert(
        fc.property(yearArb, dataFor(category), profileArb, (year, data, who) => {
          const limit = typeof cap === 'number' ? cap : cap(year);
          expect(run(year, category, data, who).amount, category).toBeLessThanOrEqual(limit);
        }),
        { numRuns: 30 },
      );
    }
  });

  it('deductions with a cap: PHB ≤ 10% of income, pension ≤ the age limit, SURE and EII ≤ the year’s cap', () => {
    fc.assert(
      fc.property(yearArb, dataFor('permanent-health-benefit'), profileArb, (year, data, who) => {
        const { figures } = run(year, 'permanent-health-benefit', data, who);
        if (who.annualIncome !== null) expect(figures.deductible).toBeLessThanOrEqual(Math.round(who.annualIncome * 10) / 100 + 0.01);
      }),
    );
    fc.assert(
      fc.property(yearArb, dataFor('retirement-annuity-relief'), profileArb, (year, data, who) => {
        const { figures } = run(year, 'retirement-annuity-relief', data, who);
        if (figures.limit !== undefined) expect(figures.relievable).toBeLessThanOrEqual(figures.limit);
        if (figures.limit !== undefined) expect(figures.limit).toBeLessThanOrEqual(115_000 * 0.4);
      }),
    );
    fc.assert(
      fc.property(yearArb, dataFor('startup-relief-entrepreneurs'), profileArb, (year, data, who) => {
        expect(run(year, 'startup-relief-entrepreneurs', data, who).figures.deductible ?? 0).toBeLessThanOrEqual(figure('sureAnnualCap', year));
      }),
    );
    fc.assert(
      fc.property(yearArb, dataFor('employment-investment-incentive'), profileArb, (year, data, who) => {
        expect(run(year, 'employment-investment-incentive', data, who).figures.deductible ?? 0).toBeLessThanOrEqual(figure('eiiAnnualCapSevenYear', year));
      }),
    );
  });

  it('a deduction saves at most 40% of itself', () => {
    fc.assert(
      fc.property(yearArb, dataFor('flat-rate-expenses'), profileArb, (year, data, who) => {
        const estimate = run(year, 'flat-rate-expenses', data, who);
        const deduction = flatRateExpense(data.occupation as string)?.amounts[year] ?? 0;
        expect(estimate.amount).toBeLessThanOrEqual(deduction * 0.4 + 0.005);
      }),
    );
  });
});

describe('a claim is one computation', () => {
  it('the total never exceeds the income tax the user paid (tax already paid on declared income included)', () => {
    fc.assert(
      fc.property(yearArb, itemsArb, earningProfileArb, (year, items, who) => {
        const result = claim(year, items, who);
        const taxPaidOnIncome = result.results
          .filter((line) => line.direction === 'taxDue')
          .reduce((sum, line) => sum + (line.figures.taxCredited ?? 0), 0);
        expect(result.netTotal).toBeLessThanOrEqual((result.claim.taxBefore ?? 0) + taxPaidOnIncome + 0.005);
      }),
      { numRuns: 150 },
    );
  });

  it('the lines add up to the total, to the cent', () => {
    fc.assert(
      fc.property(yearArb, itemsArb, profileArb, (year, items, who) => {
        const result = claim(year, items, who);
        expect(result.results.reduce((sum, line) => sum + toCents(signedAmount(line)), 0)).toBe(toCents(result.netTotal));
        expect(result.amounts).toEqual(result.results.map((line) => line.amount));
      }),
      { numRuns: 150 },
    );
  });

  it('the total and every line do not depend on the order of the items', () => {
    fc.assert(
      fc.property(yearArb, itemsArb, profileArb, fc.integer({ min: 0, max: 1000 }), (year, items, who, seed) => {
        const shuffled = [...items].sort((a, b) => ((a.category.length * 31 + seed) % 17) - ((b.category.length * 31 + seed) % 17) || b.category.localeCompare(a.category));
        const first = claim(year, items, who);
        const second = claim(year, shuffled, who);
        expect(second.netTotal).toBe(first.netTotal);
        const byCategory = (r: typeof first) => Object.fromEntries(r.results.map((line) => [line.category, line.amount]));
        expect(byCategory(second)).toEqual(byCategory(first));
      }),
      { numRuns: 100 },
    );
  });

  it('adding a credit or relief never lowers the total', () => {
    fc.assert(
      fc.property(yearArb, itemsArb, reliefItemArb, profileArb, (year, items, extra, who) => {
        fc.pre(!items.some((item) => item.category === extra.category));
        const before = claim(year, items, who).netTotal;
        const after = claim(year, [...items, extra], who).netTotal;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it('joint assessment never leaves a couple more tax than two separate assessments', () => {
    const marriedArb = earningProfileArb.map((who) => ({ ...who, maritalStatus: 'married' as const, spouseAnnualIncome: who.spouseAnnualIncome ?? 0 }));
    fc.assert(
      fc.property(yearArb, itemsArb, marriedArb, (year, items, who) => {
        const joint = claim(year, items, { ...who, assessmentBasis: 'joint' });
        const separate = claim(year, items, { ...who, assessmentBasis: 'separate' });
        // The spouse on their own: their income, a single person's band and credits, nothing claimed.
        const spouse = taxOf(year, { basis: 'separate', pay: who.spouseAnnualIncome ?? 0, spouseIncome: 0, addedIncome: 0, deductions: 0, credits: 0, singleParentBand: false, homeCarer: false });
        expect(joint.claim.taxAfter ?? 0).toBeLessThanOrEqual((separate.claim.taxAfter ?? 0) + toCents(spouse.net) / 100 + 0.02); // each side rounded to the cent
        expect(joint.claim.taxBefore ?? 0).toBeLessThanOrEqual((separate.claim.taxBefore ?? 0) + toCents(spouse.net) / 100 + 0.02); // each side rounded to the cent
      }),
      { numRuns: 150 },
    );
  });

  it('a claim of one item is what the single call gives', () => {
    fc.assert(
      fc.property(yearArb, itemArb, profileArb, (year, item, who) => {
        const bulk = claim(year, [item], who);
        expect(bulk.results[0]).toEqual(run(year, item.category, item.data, who));
      }),
      { numRuns: 60 },
    );
  });
});

describe('marginal rate', () => {
  it('is 0.2 or 0.4 and never falls as income rises', () => {
    fc.assert(
      fc.property(yearArb, fc.constantFrom('single', 'married') as fc.Arbitrary<'single' | 'married'>, cents(200_000), cents(200_000), (year, status, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect([0.2, 0.4]).toContain(marginalRateFor(year, status, low));
        expect(marginalRateFor(year, status, high)).toBeGreaterThanOrEqual(marginalRateFor(year, status, low));
      }),
    );
  });
});
