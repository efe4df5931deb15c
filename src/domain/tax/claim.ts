/**
 * A year's claim as one computation, the way Revenue works out the year (reference
 * "Conventions"; R60): income declared is added, every deduction comes off the one income (the
 * 40% slice first, then the 20% one), tax is charged at the household's bands, and every credit
 * comes off the one liability, which never goes below nil: a credit that finds no tax left is
 * unused, never refunded. Pension contributions share one age-related limit with what was paid
 * through payroll and through MaxOut for that year; the excess is carried forward.
 *
 * The lines are a split of that one result that adds up to it to the cent: items are applied in
 * a fixed order (CLAIM_ORDER) and each line is the tax it takes off (or adds) given the ones
 * before it. A line worth less than it would be on its own says so in euro, and why.
 */
import { categoryTitle, type Form11Category } from '../catalogue.ts';
import { centsToEuro, euroToCents, roundToCents } from '../money.ts';
import type { Form11Data } from '../schemas/form11/index.ts';
import { ageInYear, createContext, euro } from './context.ts';
import { ageRelatedPensionLimit } from '../pension.ts';
import { baselineState, describeBasis, householdRows, taxOf, type TaxComputation, type TaxState } from './household.ts';
import { RULES } from './rules/index.ts';
import type { Rule } from './rules/outcome.ts';
import { referencesFor } from './sources.ts';
import type { LineValue, RefundEstimate, RuleOutcome, TaxProfile } from './types.ts';
import { PARAMETERS, isUnconfirmed, type ParameterName, type TaxYear } from './years.ts';

/**
 * The order items are applied in. It never changes the total (the computation is one), only
 * which line shows a cut: income first (it raises the tax the reliefs come off), then what
 * changes the band (the single-parent band, the Home Carer Credit instead of the band increase),
 * then deductions (off income, before any credit, as Revenue computes), then credits, the ones
 * Revenue gives for the person's circumstances first, and last the one credit whose unused part
 * is carried forward rather than lost (Home Renovation Incentive).
 */
export const CLAIM_ORDER: readonly Form11Category[] = [
  'emp-off-pen',
  'foreign-salary',
  'foreign-pensions',
  'irish-taxed-income',
  'untaxed-state-income',
  'dividends-distributions',
  'uk-dividends',
  'us-dividends',
  'canadian-dividends',
  'rental-income',
  'trading-profit',
  'fees-commissions',
  'maintenance-payments',
  'single-person-child-carer-credit',
  'home-carer-tax-credit',
  'additional-voluntary-contributions',
  'personal-retirement-savings',
  'retirement-annuity-relief',
  'flat-rate-expenses',
  'remote-working-relief',
  'seafarer-allowance',
  'nursing-home-expenses',
  'employing-carer-relief',
  'maintenance-payment-relief',
  'permanent-health-benefit',
  'income-continuance',
  'approved-sports-bodies',
  'startup-relief-entrepreneurs',
  'employment-investment-incentive',
  'owner-occupier-relief',
  'widowed-person-tax-credit',
  'widowed-parent-tax-credit',
  'age-tax-credit',
  'earned-income-tax-credit',
  'rent-tax-credit',
  'mortgage-interest-tax-credit',
  'incapacitated-child-tax-credit',
  'dependant-relevant-tax-credit',
  'blind-person-tax-credit',
  'guide-dog-allowance',
  'assistance-dog-allowance',
  'health-expenses',
  'medical-insurance-relief',
  'tuition-fees',
  'fisher-tax-credit',
  'naval-service-credit',
  'employee-tax-credit',
  'home-renovation-incentive',
];

const ORDER_INDEX = new Map(CLAIM_ORDER.map((category, index) => [category, index]));

/** One item of a claim: a category and its data as the category's form schema parsed it. */
export interface ClaimItem<C extends Form11Category = Form11Category> {
  readonly category: C;
  readonly data: Form11Data<C>;
}

export interface ClaimOptions {
  /**
   * Pension contributions already relieved for the year outside this claim: through payroll (the
   * Pension Setup figure; this tax year only) and through MaxOut (the ledger for that year).
   * They come first in the year's one pension limit.
   */
  readonly pensionPaid?: { readonly payroll: number; readonly maxOut: number };
}

export interface ClaimSummary {
  readonly year: TaxYear;
  /** The household's income tax before the claim (after payroll and MaxOut pension relief); null without an income. */
  readonly taxBefore: number | null;
  /** After it (tax already paid on declared income not counted); null without an income. */
  readonly taxAfter: number | null;
  /** Tax back less tax due: the lines' sum, to the cent. */
  readonly total: number;
  /** Credit and relief the claim could not use (not refunded). */
  readonly unused: number;
  /** Pension contributions over the year's limit, carried forward to the next year. */
  readonly pensionCarriedForward: number;
  /** Married users: the basis of assessment used, in words. */
  readonly basis: string | null;
  /** Without an income the tax is unknown: every line is the most it could be worth. */
  readonly upperBound: boolean;
}

export interface ClaimResult {
  /** One estimate per item, in the order the items were given. */
  readonly lines: readonly RefundEstimate[];
  readonly summary: ClaimSummary;
}

/** The note on every line worked out without an income (issue: say it is the most, ask for the income). */
export const NO_INCOME_NOTE =
  'This is the most that could come back: we do not know your income yet, so we cannot check how much tax you paid. Record your annual income on Pension Setup for the real figure.';

interface Prepared {
  readonly index: number;
  readonly category: Form11Category;
  readonly outcome: RuleOutcome;
  readonly used: readonly ParameterName[];
}

/** What the claim made of one item, before it becomes an estimate. */
interface Worked {
  readonly prepared: Prepared;
  /** Cents: + tax back, tax due as a positive amount for income. */
  readonly cents: number;
  readonly value: LineValue;
  /** Euro the line would be worth on its own (relief lines); equals the amount when nothing was cut. */
  readonly standalone: number;
  /** Euro of tax left for this line before it was applied. */
  readonly taxLeft: number;
  /** The line rests on the year's bands and rates. */
  readonly usesRates: boolean;
  /** The line stands in for the band increase of a second income (the Home Carer choice). */
  readonly replacedByBandIncrease: boolean;
  /** Deductions: euro it would save applied first (before the claim's other deductions), before the nil floor. */
  readonly alone: number | null;
  readonly extraFigures: Readonly<Record<string, number>>;
}

const ZERO_VALUE: LineValue = { amount: 0, atHigherRate: 0, atStandardRate: 0, tax: 0, credited: 0, relievable: 0, carriedForward: 0, limit: null, alreadyCounted: 0 };

const toCents = euroToCents;
const fromCents = centsToEuro;
const positive = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

function prepare(year: TaxYear, profile: TaxProfile, items: readonly ClaimItem[]): Prepared[] {
  return items.map((item, index) => {
    const ctx = createContext(year, profile);
    const rule = RULES[item.category] as Rule<Form11Category>;
    const outcome = rule(item.data as never, ctx);
    return { index, category: item.category, outcome, used: [...ctx.used] };
  });
}

function byClaimOrder(a: Prepared, b: Prepared): number {
  return (ORDER_INDEX.get(a.category) ?? 0) - (ORDER_INDEX.get(b.category) ?? 0) || a.index - b.index;
}

/** The split of a change of taxable income over the two rates, from the computations before and after. */
function rateSplit(before: TaxComputation, after: TaxComputation) {
  return {
    atStandardRate: Math.abs(before.atStandardRate - after.atStandardRate),
    atHigherRate: Math.abs(before.atHigherRate - after.atHigherRate),
  };
}

/**
 * The year's one pension limit (§5; R37): the share for the age reached in the year × earnings
 * up to the year's cap. Null when the income or the date of birth is not known.
 */
export function pensionLimitOf(year: TaxYear, profile: TaxProfile): number | null {
  const ctx = createContext(year, profile);
  const age = ageInYear(ctx);
  if (age === null || profile.annualIncome === null) return null;
  return ageRelatedPensionLimit(positive(profile.annualIncome), age, year);
}

/** The year's pension limit pool: what payroll and MaxOut already used, and what the claim's contributions use. */
interface PensionPool {
  limit: number | null;
  used: number;
}

/**
 * Applies the items in claim order to one household and returns what each came to, with the
 * household before and after. `homeCarer` false leaves the Home Carer Credit out (the other
 * option of the Home Carer choice).
 */
function applyAll(year: TaxYear, profile: TaxProfile, ordered: readonly Prepared[], options: ClaimOptions, homeCarer: boolean) {
  const paidElsewhere = positive(options.pensionPaid?.payroll) + positive(options.pensionPaid?.maxOut);
  // The limit (a date parse) only when a contribution is in the year.
  const limit = paidElsewhere > 0 || ordered.some((p) => p.outcome.effect.type === 'pension') ? pensionLimitOf(year, profile) : null;
  const pool: PensionPool = { limit, used: 0 };
  // Payroll and MaxOut contributions were relieved already: they come off income before the claim.
  const counted = limit === null ? paidElsewhere : Math.min(paidElsewhere, limit);
  pool.used = counted;
  let state: TaxState = { ...baselineState(profile), deductions: counted };
  const baseline = taxOf(year, state);
  const start = state;
  let positionCents = toCents(baseline.net);
  const worked: Worked[] = [];

  for (const prepared of ordered) {
    const { effect } = prepared.outcome;
    const before = taxOf(year, state);
    const beforeCents = toCents(before.net);
    const taxLeft = fromCents(beforeCents);
    let next = state;
    let value: LineValue = ZERO_VALUE;
    let standalone = 0;
    let cents: number;
    let usesRates = false;
    let replacedByBandIncrease = false;
    let extraFigures: Record<string, number> = {};

    switch (effect.type) {
      case 'none':
        break;
      case 'credit': {
        next = { ...state, credits: state.credits + effect.amount };
        break;
      }
      case 'single-parent': {
        next = state.basis === 'single' ? { ...state, credits: state.credits + effect.amount, singleParentBand: true } : { ...state, credits: state.credits + effect.amount };
        usesRates = true;
        break;
      }
      case 'home-carer': {
        if (!homeCarer) {
          replacedByBandIncrease = true;
          break;
        }
        next = { ...state, credits: state.credits + effect.amount, homeCarer: true };
        usesRates = true;
        break;
      }
      case 'deduction': {
        next = { ...state, deductions: state.deductions + effect.amount };
        usesRates = true;
        break;
      }
      case 'pension': {
        const room = pool.limit === null ? effect.amount : Math.max(0, pool.limit - pool.used);
        const relievable = Math.min(effect.amount, room);
        const alreadyCounted = pool.used;
        pool.used += relievable;
        next = { ...state, deductions: state.deductions + relievable };
        usesRates = true;
        const carriedForward = effect.amount - relievable;
        value = { ...ZERO_VALUE, relievable, carriedForward, limit: pool.limit, alreadyCounted };
        extraFigures = { relievable, carriedForward, ...(alreadyCounted > 0 ? { alreadyCounted } : {}) };
        break;
      }
      case 'income': {
        next = { ...state, addedIncome: state.addedIncome + effect.taxable };
        usesRates = true;
        break;
      }
    }

    const after = taxOf(year, next);
    const afterCents = toCents(after.net);
    if (effect.type === 'income') {
      const taxCents = afterCents - beforeCents;
      const paidCents = toCents(effect.taxPaid);
      const creditedCents = effect.foreign ? Math.min(paidCents, taxCents) : paidCents;
      cents = Math.max(0, taxCents - creditedCents);
      const split = rateSplit(before, after);
      value = { ...ZERO_VALUE, amount: fromCents(cents), ...split, tax: fromCents(taxCents), credited: fromCents(creditedCents) };
      extraFigures = { incomeTax: fromCents(taxCents), taxCredited: fromCents(creditedCents), deductionAtHigherRate: split.atHigherRate, deductionAtStandardRate: split.atStandardRate };
      positionCents += cents;
      standalone = fromCents(cents);
    } else {
      cents = beforeCents - afterCents;
      positionCents -= cents;
      // On its own the line would take off the whole change of tax before the nil floor; the
      // same rounding as the line, so a line that was not cut equals it to the cent.
      if (effect.type !== 'none' && !replacedByBandIncrease) standalone = fromCents(toCents(before.gross - before.credits) - toCents(after.gross - after.credits));
      if (effect.type === 'deduction' || effect.type === 'pension') {
        const split = rateSplit(before, after);
        value = { ...value, amount: fromCents(cents), ...split };
        extraFigures = { ...extraFigures, deductionAtHigherRate: split.atHigherRate, deductionAtStandardRate: split.atStandardRate };
      } else {
        value = { ...ZERO_VALUE, amount: fromCents(cents) };
      }
    }
    // What a deduction would save applied first: more than here means earlier ones took the 40% slice.
    const firstAfter = effect.type === 'deduction' ? taxOf(year, { ...start, deductions: start.deductions + effect.amount }) : null;
    const alone = firstAfter === null ? null : fromCents(toCents(baseline.gross - baseline.credits) - toCents(firstAfter.gross - firstAfter.credits));
    worked.push({ prepared, cents, value, standalone: Math.max(standalone, fromCents(cents)), taxLeft, usesRates, replacedByBandIncrease, alone, extraFigures });
    state = next;
  }

  return { worked, baseline, final: taxOf(year, state), state, positionCents, baselineCents: toCents(baseline.net), pool };
}

/** "the Rent Tax Credit and the Incapacitated Child Tax Credit". */
function namesOf(lines: readonly Worked[]): string {
  const names = lines.map((w) => `the ${categoryTitle(w.prepared.category)}`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Why a line came to less than on its own, in euro, and what cut it (null when nothing was cut). */
interface Cut {
  readonly text: string;
  /** 'liability': no tax left for it (R60); 'band-increase': the Home Carer choice; 'slice': earlier deductions took the 40% slice. */
  readonly kind: 'liability' | 'band-increase' | 'slice';
}

function cutOf(year: TaxYear, line: Worked, earlier: readonly Worked[]): Cut | null {
  if (line.replacedByBandIncrease) {
    return {
      kind: 'band-increase',
      text: 'The couple cannot have both the Home Carer Credit and the band increase for a second income, and the band increase is worth more, so the claim uses it instead.',
    };
  }
  const amount = fromCents(line.cents);
  const unused = roundToCents(line.standalone - amount);
  if (line.prepared.outcome.effect.type === 'income') return null;
  if (unused <= 0) {
    // Not cut by the liability, but worth less than applied first: earlier deductions used the income taxed at 40%.
    const sliceTakers = earlier.filter((w) => w.prepared.outcome.effect.type === 'deduction' && w.value.atHigherRate > 0);
    if (line.alone === null || sliceTakers.length === 0 || roundToCents(line.alone - amount) <= 0) return null;
    const taken = sliceTakers.reduce((sum, w) => sum + w.value.atHigherRate, 0);
    return {
      kind: 'slice',
      text: `On its own this would save ${euro(line.alone)}; in this claim ${euro(amount)}, because ${namesOf(sliceTakers)} already took ${euro(taken)} of your income taxed at 40%.`,
    };
  }
  const what = line.prepared.outcome.effect.type === 'credit' ? 'credit' : 'relief';
  const tookTax = earlier.filter((w) => w.prepared.outcome.effect.type !== 'income' && w.cents > 0);
  const fate =
    line.prepared.category === 'home-renovation-incentive'
      ? ` The unused ${euro(unused)} is carried forward to next year.`
      : ` The unused ${euro(unused)} is not refunded or carried to another year.`;
  if (tookTax.length === 0) {
    return {
      kind: 'liability',
      text: `Your estimated income tax for ${year} after personal and employee credits is ${euro(line.taxLeft)}, so you can get back at most that: ${euro(line.standalone)} of ${what}, ${euro(amount)} of it usable this year.${fate}`,
    };
  }
  return {
    kind: 'liability',
    text:
      amount === 0
        ? `${euro(line.standalone)} of ${what}, ${euro(0)} of it usable this year: your tax for ${year} was already used up by ${namesOf(tookTax)}.${fate}`
        : `${euro(line.standalone)} of ${what}, ${euro(amount)} of it usable this year: the rest of your tax for ${year} was used by ${namesOf(tookTax)}.${fate}`,
  };
}

/** 'R14, R15' and ['§3'] from the rows cited ('§3; R14, R15', or bare keys), in order, without repeats. */
function sourcesOf(cited: Iterable<string>): { source: string; sections: string[] } {
  const keys: string[] = [];
  const sections: string[] = [];
  for (const row of cited) {
    const [section = '', list = ''] = row.includes(';') ? row.split(';') : ['', row];
    if (section && !sections.includes(section.trim())) sections.push(section.trim());
    for (const key of list.split(',').map((k) => k.trim())) if (key && !keys.includes(key)) keys.push(key);
  }
  return { source: keys.join(', '), sections };
}

function roundedFigures(figures: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(figures)) out[name] = fromCents(toCents(value));
  return out;
}

/** One line as an estimate: the rule's words and what the claim made of them, with sources. */
function toEstimate(year: TaxYear, profile: TaxProfile, line: Worked, cut: Cut | null, state: Pick<TaxState, 'basis' | 'singleParentBand' | 'spouseIncome'>, extraCaveats: readonly string[]): RefundEstimate {
  const { prepared } = line;
  const { outcome } = prepared;
  const amount = fromCents(Math.max(0, line.cents));
  const value = { ...line.value, amount };
  const words = typeof outcome.explanation === 'function' ? outcome.explanation(value) : outcome.explanation;
  const byLiability = cut?.kind === 'liability';
  const rows = new Set<ParameterName>(prepared.used);
  if (line.usesRates || byLiability) for (const row of householdRows(state)) rows.add(row);
  const used = [...rows];
  const cites = [...(outcome.cites ?? []), ...(byLiability ? ['R60'] : []), ...(cut?.kind === 'band-increase' ? ['§1; R46'] : [])];
  const { source, sections } = sourcesOf([...used.map((name) => PARAMETERS[name].source), ...cites]);
  const unconfirmed = used
    .filter((name) => isUnconfirmed(PARAMETERS[name], year))
    // The Employee credit's 20% limit is read by every computation: flagged only where it changed the figures.
    .filter((name) => name !== 'employeeCreditPayShare')
    .map((name) => PARAMETERS[name].note ?? `A ${year} figure used here is not confirmed yet.`);
  const unused = roundToCents(Math.max(0, line.standalone - amount));
  return {
    category: prepared.category,
    year,
    direction: outcome.kind === 'income' ? 'taxDue' : 'taxBack',
    kind: outcome.kind,
    amount,
    rule: outcome.rule,
    figures: roundedFigures({
      ...outcome.figures,
      ...line.extraFigures,
      ...(byLiability ? { uncappedAmount: line.standalone, incomeTaxLiability: line.taxLeft, unusedCredit: unused } : {}),
    }),
    source,
    sections,
    explanation: cut ? `${words} ${cut.text}` : words,
    caveats: [...unconfirmed, ...(outcome.caveats ?? []), ...extraCaveats],
    parameters: used,
    references: referencesFor(prepared.category, year, { rates: line.usesRates || byLiability, bandIncrease: cut?.kind === 'band-increase', cut: byLiability }),
    basis: describeBasis(year, profile),
    standalone: outcome.kind === 'income' ? amount : roundToCents(line.standalone),
    unused: outcome.kind === 'income' ? 0 : unused,
    cut: cut?.text ?? null,
  };
}

/**
 * Without an income the tax paid is unknown: each line is what it is worth on its own at the
 * marginal rate the client sent (the most that could come back), and says so.
 */
function withoutIncome(year: TaxYear, profile: TaxProfile, prepared: readonly Prepared[], options: ClaimOptions): ClaimResult {
  const rate = createContext(year, profile).marginalRate;
  let pensionUsed = positive(options.pensionPaid?.payroll) + positive(options.pensionPaid?.maxOut);
  let carried = 0;
  const lines = [...prepared].sort(byClaimOrder).map((p) => {
    const { effect } = p.outcome;
    let euroAmount = 0;
    let value: LineValue = ZERO_VALUE;
    let extraFigures: Record<string, number> = {};
    switch (effect.type) {
      case 'credit':
      case 'single-parent':
      case 'home-carer':
        euroAmount = effect.amount;
        break;
      case 'deduction':
        euroAmount = effect.amount * rate;
        value = rate === 0.4 ? { ...ZERO_VALUE, atHigherRate: effect.amount } : { ...ZERO_VALUE, atStandardRate: effect.amount };
        extraFigures = { deductionAtHigherRate: value.atHigherRate, deductionAtStandardRate: value.atStandardRate };
        break;
      case 'pension': {
        const room = effect.limit === null ? effect.amount : Math.max(0, effect.limit - pensionUsed);
        const relievable = Math.min(effect.amount, room);
        const alreadyCounted = pensionUsed;
        pensionUsed += relievable;
        carried += effect.amount - relievable;
        euroAmount = relievable * rate;
        value = { ...ZERO_VALUE, relievable, carriedForward: effect.amount - relievable, limit: effect.limit, alreadyCounted, ...(rate === 0.4 ? { atHigherRate: relievable } : { atStandardRate: relievable }) };
        extraFigures = { relievable, carriedForward: effect.amount - relievable };
        break;
      }
      case 'income': {
        const tax = effect.taxable * rate;
        const credited = effect.foreign ? Math.min(effect.taxPaid, tax) : effect.taxPaid;
        euroAmount = Math.max(0, tax - credited);
        value = { ...ZERO_VALUE, tax, credited, ...(rate === 0.4 ? { atHigherRate: effect.taxable } : { atStandardRate: effect.taxable }) };
        extraFigures = { incomeTax: tax, taxCredited: credited };
        break;
      }
      case 'none':
        break;
    }
    const cents = toCents(euroAmount);
    const worked: Worked = {
      prepared: p,
      cents,
      value: { ...value, amount: fromCents(cents) },
      standalone: fromCents(cents),
      taxLeft: 0,
      usesRates: effect.type === 'deduction' || effect.type === 'pension' || effect.type === 'income',
      replacedByBandIncrease: false,
      alone: null,
      extraFigures,
    };
    const relief = effect.type !== 'none' && effect.type !== 'income';
    return toEstimate(year, profile, worked, null, { basis: 'single', singleParentBand: false, spouseIncome: 0 }, relief ? [NO_INCOME_NOTE] : []);
  });
  const byIndex = reorder(prepared, lines);
  const total = fromCents(byIndex.reduce((sum, e) => sum + (e.direction === 'taxDue' ? -toCents(e.amount) : toCents(e.amount)), 0));
  return {
    lines: byIndex,
    summary: { year, taxBefore: null, taxAfter: null, total, unused: 0, pensionCarriedForward: roundToCents(carried), basis: describeBasis(year, profile), upperBound: true },
  };
}

/** The estimates back in the order the items were given. */
function reorder(prepared: readonly Prepared[], estimatesInClaimOrder: readonly RefundEstimate[]): RefundEstimate[] {
  const ordered = [...prepared].sort(byClaimOrder);
  const out: RefundEstimate[] = new Array(prepared.length);
  ordered.forEach((p, i) => {
    out[p.index] = estimatesInClaimOrder[i] as RefundEstimate;
  });
  return out;
}

const PENSION_CONTRACT_PAGES: readonly string[] = ['additional-voluntary-contributions', 'personal-retirement-savings', 'retirement-annuity-relief'];

/**
 * The profile with the year's own income when a pension contract's answer gives it: relief on
 * pension paid for an earlier year depends on that year's earnings (its limit and its rate), so
 * the whole year is worked out from them rather than from today's annual income.
 */
function profileOfYear(profile: TaxProfile, items: readonly ClaimItem[]): TaxProfile {
  // In the pages' order, not the items': the same answers give the same year whatever order they came in.
  for (const page of PENSION_CONTRACT_PAGES) {
    const item = items.find((candidate) => candidate.category === page);
    const income = (item?.data as { incomeInYear?: unknown } | null | undefined)?.incomeInYear;
    if (typeof income === 'number' && Number.isFinite(income) && income >= 0) return { ...profile, annualIncome: income };
  }
  return profile;
}

/**
 * A year's claim: the items (each validated by its form schema) applied to the profile's
 * household as one computation; one estimate per item, in the order given, that add up to the
 * summary's total exactly.
 */
export function computeClaim(year: TaxYear, profileOfUser: TaxProfile, items: readonly ClaimItem[], given: ClaimOptions = {}): ClaimResult {
  const profile = profileOfYear(profileOfUser, items);
  // The profile may carry the pension already paid in its own year (the browser's view of the user).
  const options: ClaimOptions = given.pensionPaid || profile.pensionPaid?.year !== year ? given : { ...given, pensionPaid: profile.pensionPaid };
  const prepared = prepare(year, profile, items);
  if (profile.annualIncome === null) return withoutIncome(year, profile, prepared, options);
  const ordered = [...prepared].sort(byClaimOrder);

  // The Home Carer Credit and the band increase for a second income exclude each other: the
  // claim takes whichever leaves less tax (Revenue gives the more beneficial).
  let run = applyAll(year, profile, ordered, options, true);
  if (ordered.some((p) => p.outcome.effect.type === 'home-carer')) {
    const without = applyAll(year, profile, ordered, options, false);
    const carerLineNegative = run.worked.some((w) => w.prepared.outcome.effect.type === 'home-carer' && w.cents < 0);
    if (without.positionCents < run.positionCents || carerLineNegative) run = without;
  }

  const employeeLimited = run.baseline.employeeCreditLimited || run.final.employeeCreditLimited;
  const limitedNote = employeeLimited ? [PARAMETERS.employeeCreditPayShare.note ?? ''] : [];
  const estimates = run.worked.map((line, i) => {
    const cut = cutOf(year, line, run.worked.slice(0, i));
    return toEstimate(year, profile, line, cut, run.state, line.usesRates || cut !== null ? limitedNote : []);
  });
  const lines = reorder(prepared, estimates);
  const totalCents = run.worked.reduce((sum, w) => sum + (w.prepared.outcome.effect.type === 'income' ? -w.cents : w.cents), 0);
  const pensionCarriedForward = run.worked.reduce((sum, w) => sum + (w.prepared.outcome.effect.type === 'pension' ? w.value.carriedForward : 0), 0);
  return {
    lines,
    summary: {
      year,
      taxBefore: fromCents(run.baselineCents),
      taxAfter: fromCents(toCents(run.final.net)),
      total: fromCents(totalCents),
      unused: roundToCents(lines.reduce((sum, line) => sum + line.unused, 0)),
      pensionCarriedForward: roundToCents(pensionCarriedForward),
      basis: describeBasis(year, profile),
      upperBound: false,
    },
  };
}
