/**
 * You & Your Family: §2 (Dependent Relative, Incapacitated Child, SPCCC), §3 (Rent Tax
 * Credit) and §4 (tuition fees, maintenance) of the reference.
 */
import { ageOn, dayjs, parseDate } from '../../dates.ts';
import { deductionFigures, deductionRelief, deductionWords, euro, money, pct, type RuleContext } from '../context.ts';
import { credit, marginalDeduction, standardRateRelief, type RuleTable } from './outcome.ts';

type FamilyCategory =
  | 'dependant-relevant-tax-credit'
  | 'incapacitated-child-tax-credit'
  | 'maintenance-payment-relief'
  | 'single-person-child-carer-credit'
  | 'rent-tax-credit'
  | 'tuition-fees';

/** Legally enforceable maintenance: deducted by the payer, taxed on the recipient (no cap). */
export const MAINTENANCE_SOURCE = '§4; R31';

/** Whether a child born on `text` (any accepted date form) was born by the end of the tax year. */
function bornBy(text: string, ctx: RuleContext): boolean {
  const born = parseDate(text);
  return born !== null && born.year() <= ctx.year;
}

/** Age at the start of the tax year (1 January), or null for an unreadable date. */
function ageAtStartOfYear(text: string, ctx: RuleContext): number | null {
  const born = parseDate(text);
  return born === null ? null : ageOn(born, dayjs(new Date(ctx.year, 0, 1)));
}

export const FAMILY_RULES: RuleTable<FamilyCategory> = {
  'dependant-relevant-tax-credit': (data, ctx) => {
    const perRelative = ctx.get('dependentRelativeCredit');
    const incomeLimit = ctx.get('dependentRelativeIncomeLimit');
    let total = 0;
    let overLimit = 0;
    for (const relative of data.relatives) {
      if (money(relative.relativeIncome) > incomeLimit) {
        overLimit += 1;
        continue;
      }
      total += (perRelative * relative.yourSharePercent) / 100;
    }
    const qualifying = data.relatives.length - overLimit;
    return credit(total, {
      rule: `${euro(perRelative)} per relative whose own income is at most ${euro(incomeLimit)}, shared by who supports them`,
      figures: { creditPerRelative: perRelative, relativeIncomeLimit: incomeLimit, relatives: data.relatives.length, qualifyingRelatives: qualifying },
      explanation:
        qualifying === 0
          ? `No relative qualifies: each has an income above the ${ctx.year} limit of ${euro(incomeLimit)}.`
          : `${qualifying} ${qualifying === 1 ? 'relative qualifies' : 'relatives qualify'} for the ${euro(perRelative)} credit, times your share of their support: ${euro(total)}.`,
    });
  },

  'incapacitated-child-tax-credit': (data, ctx) => {
    const perChild = ctx.get('incapacitatedChildCredit');
    const qualifying = data.children.filter((c) => c.carerReliefClaimed === 'no' && bornBy(c.childDateOfBirth, ctx)).length;
    const total = qualifying * perChild;
    return credit(total, {
      rule: `${euro(perChild)} per incapacitated child (not with carer relief for the same child)`,
      figures: { creditPerChild: perChild, children: data.children.length, qualifyingChildren: qualifying },
      explanation:
        qualifying === data.children.length
          ? `${qualifying} × ${euro(perChild)} = ${euro(total)}.`
          : `${qualifying} of ${data.children.length} children qualify (not for a child with carer relief, or born after ${ctx.year}): ${qualifying} × ${euro(perChild)} = ${euro(total)}.`,
    });
  },

  'maintenance-payment-relief': (data, ctx) => {
    const paid = money(data.amountPaid);
    const forChildren = Math.min(paid, money(data.amountForChildrenOnly));
    if (data.legallyEnforceable !== 'yes' || data.jointlyAssessed === 'yes') {
      return marginalDeduction(0, {
        rule: 'Only legally enforceable maintenance to a former spouse or civil partner, not jointly assessed, is relieved',
        figures: { amountPaid: paid, amountForChildrenOnly: forChildren, deductible: 0 },
        cites: [MAINTENANCE_SOURCE],
        explanation:
          data.jointlyAssessed === 'yes'
            ? 'With joint assessment the payments are ignored for tax, so there is no relief.'
            : 'Voluntary payments get no relief; only payments under a court order or legally binding agreement do.',
      });
    }
    const deductible = paid - forChildren;
    const d = deductionRelief(deductible, ctx);
    return marginalDeduction(d.relief, {
      rule: 'Maintenance for a former spouse or civil partner deducted from income (no cap); child-only maintenance excluded',
      figures: { amountPaid: paid, amountForChildrenOnly: forChildren, deductible, ...deductionFigures(d) },
      cites: [MAINTENANCE_SOURCE],
      explanation: `${euro(paid)} paid less ${euro(forChildren)} for the children only leaves ${euro(deductible)} off your taxable income (${deductionWords(d)}), saving ${euro(d.relief)}.`,
    });
  },

  'single-person-child-carer-credit': (data, ctx) => {
    const amountOfCredit = ctx.get('singlePersonChildCarerCredit');
    const singleBand = ctx.get('standardRateBandSingle');
    const parentBand = ctx.get('standardRateBandSingleParent');
    const bandIncrease = parentBand - singleBand;
    const figures = { credit: amountOfCredit, singleBand, singleParentBand: parentBand, bandIncrease };
    const rule = `${euro(amountOfCredit)} credit plus a ${euro(bandIncrease)} wider 20% band`;
    const none = (why: string) => credit(0, { rule, figures: { ...figures, bandSaving: 0 }, explanation: why });

    if (ctx.profile.maritalStatus === 'married' || data.livingWithPartner === 'yes') {
      return none('The credit is only for someone who is not married, in a civil partnership or living with a partner.');
    }
    if (data.childLivesWithYou !== 'yes') return none('The child must live with you for more than half of the year.');
    const age = ageAtStartOfYear(data.childDateOfBirth, ctx);
    if (age === null || !bornBy(data.childDateOfBirth, ctx)) return none(`The child must be born by the end of ${ctx.year}.`);
    if (age >= 18 && data.childInEducationOrIncapacitated !== 'yes') {
      return none('A child aged 18 or over at the start of the year qualifies only in full-time education or if permanently incapacitated.');
    }
    // The wider band moves income from 40% to 20%: worth 20% of the part of the increase the income reaches.
    const income = ctx.profile.annualIncome;
    const moved = income === null ? (ctx.marginalRate === 0.4 ? bandIncrease : 0) : Math.min(bandIncrease, Math.max(0, money(income) - singleBand));
    const bandSaving = moved * (ctx.get('higherRate') - ctx.get('standardRate'));
    return credit(amountOfCredit + bandSaving, {
      rule,
      figures: { ...figures, incomeMovedTo20Percent: moved, bandSaving },
      explanation:
        bandSaving > 0
          ? `${euro(amountOfCredit)} credit, plus ${euro(moved)} of income taxed at 20% instead of 40% (${euro(bandSaving)}): ${euro(amountOfCredit + bandSaving)}.`
          : `${ctx.year} credit of ${euro(amountOfCredit)}; your income does not reach the 40% rate, so the wider band adds nothing.`,
    });
  },

  'rent-tax-credit': (data, ctx) => {
    const rate = ctx.get('rentCreditRate');
    const couple = ctx.profile.maritalStatus === 'married';
    const cap = couple ? ctx.get('rentCreditCapCouple') : ctx.get('rentCreditCapSingle');
    const rent = money(data.rentPaid);
    const figures = { rentPaid: rent, rate, cap };
    const rule = `${pct(rate)} of rent paid, up to ${euro(cap)} (${couple ? 'jointly assessed couple' : 'single'})`;
    if (data.landlordIsRelative === 'yes') {
      return credit(0, { rule, figures, explanation: 'Rent paid to a parent or other relative does not qualify.' });
    }
    if (data.housingSupport === 'yes') {
      return credit(0, { rule, figures, explanation: 'Rent supported by HAP, Rent Supplement, RAS or cost rental does not qualify.' });
    }
    const amount = Math.min(rent * rate, cap);
    return credit(amount, {
      rule,
      figures,
      explanation: `${pct(rate)} of ${euro(rent)} rent is ${euro(rent * rate)}; the ${ctx.year} limit is ${euro(cap)}, so ${euro(amount)}.`,
    });
  },

  'tuition-fees': (data, ctx) => {
    const rate = ctx.get('tuitionRate');
    const maxPerCourse = ctx.get('tuitionMaximumPerCourse');
    const anyFullTime = data.courses.some((c) => c.fullTime === 'yes');
    const disregard = anyFullTime ? ctx.get('tuitionDisregardFullTime') : ctx.get('tuitionDisregardPartTime');
    const capped = data.courses.reduce((sum, c) => sum + Math.min(money(c.feesPaid), maxPerCourse), 0);
    const qualifying = Math.max(0, capped - disregard);
    return standardRateRelief(qualifying * rate, {
      rule: `${pct(rate)} of fees (up to ${euro(maxPerCourse)} per course) less one ${anyFullTime ? 'full-time' : 'part-time'} disregard of ${euro(disregard)}`,
      figures: { feesCounted: capped, maximumPerCourse: maxPerCourse, disregard, qualifying, rate },
      explanation: `${euro(capped)} of fees counts; less the ${euro(disregard)} ${anyFullTime ? 'full-time' : 'part-time'} disregard leaves ${euro(qualifying)}; ${pct(rate)} of that is ${euro(qualifying * rate)}.`,
    });
  },
};
