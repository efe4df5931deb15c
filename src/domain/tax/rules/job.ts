/**
 * Your Job: pension contributions (§5), flat rate expenses and remote working (§4), and the
 * Employee and Earned Income credits (§2) of the reference.
 */
import type { Form11Data } from '../../schemas/form11/index.ts';
import { ageInYear, euro, money, pct, pensionAgeShare, rateWords, type RuleContext } from '../context.ts';
import { ageRelatedPensionLimit } from '../../pension.ts';
import { flatRateExpense } from '../flatRateExpenses.ts';
import { credit, informational, marginalDeduction, pensionDeduction, type RuleTable } from './outcome.ts';

type JobCategory =
  | 'additional-voluntary-contributions'
  | 'personal-retirement-savings'
  | 'retirement-annuity-relief'
  | 'flat-rate-expenses'
  | 'remote-working-relief'
  | 'employee-tax-credit'
  | 'earned-income-tax-credit';

/**
 * AVCs, PRSAs and RACs: contributions up to the age-related share of earnings (capped at
 * €115,000) come off income at the marginal rate; the excess is carried forward (§5; R37). The
 * limit is one for the year: the claim shares it with every other contribution of the year
 * (payroll, MaxOut, the other contracts), in that order.
 */
function pensionContribution(data: Form11Data<'additional-voluntary-contributions'>, ctx: RuleContext) {
  const paid = money(data.contributionsPaid);
  const earningsCap = ctx.get('pensionEarningsCap');
  const age = ageInYear(ctx);
  if (age === null) {
    return pensionDeduction(0, 0, {
      rule: 'Contributions up to an age-related share of earnings, relieved at your marginal rate',
      figures: { contributionsPaid: paid, earningsCap },
      explanation: 'Your date of birth is needed to work out your age-related limit, so no estimate yet.',
    });
  }
  const share = pensionAgeShare(age);
  const income = ctx.profile.annualIncome;
  const limit = income === null ? null : ageRelatedPensionLimit(money(income), age, ctx.year);
  return pensionDeduction(paid, limit, {
    rule: `Contributions up to ${pct(share)} of earnings (at most ${euro(earningsCap)}), relieved at your marginal rate`,
    figures: { contributionsPaid: paid, ageInYear: age, ageRelatedShare: share, earningsCap, ...(limit === null ? {} : { limit }) },
    explanation: (v) => {
      const counted = v.alreadyCounted > 0 ? `; ${euro(v.alreadyCounted)} of it is already used by contributions counted before this one` : '';
      return (
        `At ${age} your limit is ${pct(share)} of earnings${limit === null ? '' : ` (${euro(limit)})`}${counted}; ${euro(v.relievable)} is relieved (${rateWords(v)}), saving ${euro(v.amount)}` +
        (v.carriedForward > 0 ? `; the other ${euro(v.carriedForward)} is carried forward to next year.` : '.')
      );
    },
    caveats: [
      ...(limit === null ? ['Your annual income is needed to check the age-related limit; the whole contribution was counted.'] : []),
      'AVCs, PRSAs and retirement annuities share one age-related limit with what you paid through payroll and MaxOut.',
    ],
  });
}

/** Days in the tax year (Revenue's formula divides by "days in the year": 366 in 2024). */
function daysInYear(year: number): number {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

export const JOB_RULES: RuleTable<JobCategory> = {
  'additional-voluntary-contributions': pensionContribution,
  'personal-retirement-savings': pensionContribution,
  'retirement-annuity-relief': pensionContribution,

  'flat-rate-expenses': (data, ctx) => {
    const entry = flatRateExpense(data.occupation);
    if (!entry) {
      return marginalDeduction(0, {
        rule: 'The flat rate expense Revenue agreed for your occupation, deducted from income at your marginal rate',
        figures: { flatRateExpense: 0 },
        explanation: 'Choose your occupation from Revenue’s list of flat rate expenses to claim this.',
      });
    }
    const amount = entry.amounts[ctx.year];
    return marginalDeduction(amount, {
      rule: 'The flat rate expense Revenue agreed for your occupation, deducted from income at your marginal rate',
      figures: { flatRateExpense: amount },
      explanation: (v) => `The ${ctx.year} flat rate expense for ${entry.title.toLowerCase()} is ${euro(amount)}; it comes off your taxable income (${rateWords(v)}), saving ${euro(v.amount)}.`,
      caveats: [
        `The ${euro(amount)} for this occupation is as ${entry.quotedBy} quotes Revenue's list; check it against Revenue's list.`,
        ...(entry.note ? [entry.note] : []),
        ...(ctx.year >= 2025 ? ['From 2025 a flat rate expense must be claimed every year.'] : []),
      ],
    });
  },

  'remote-working-relief': (data, ctx) => {
    const share = ctx.get('remoteWorkingShare');
    const bills = money(data.electricityCost) + money(data.heatingCost) + money(data.broadbandCost);
    const yearDays = daysInYear(ctx.year);
    const apportioned = (bills * data.daysWorkedFromHome) / yearDays;
    const allowance = money(data.employerAllowance);
    const deductible = Math.max(0, apportioned - allowance) * share;
    return marginalDeduction(deductible, {
      rule: `${pct(share)} of bills apportioned to days worked at home, less any employer allowance, relieved at your marginal rate`,
      figures: {
        bills,
        daysWorkedFromHome: data.daysWorkedFromHome,
        daysInYear: yearDays,
        apportionedBills: apportioned,
        employerAllowance: allowance,
        share,
        deductible,
      },
      explanation: (v) =>
        `${euro(bills)} × ${data.daysWorkedFromHome}/${yearDays} days = ${euro(apportioned)}${allowance > 0 ? `, less ${euro(allowance)} allowance` : ''}, × ${pct(share)} = ${euro(deductible)} deduction (${rateWords(v)}), saving ${euro(v.amount)}.`,
    });
  },

  'employee-tax-credit': (_data, ctx) => {
    const employeeCredit = ctx.get('employeeCredit');
    return informational({
      rule: 'Given through payroll; nothing to claim',
      figures: { employeeCredit },
      explanation: `Your employer already gives you the ${ctx.year} Employee Tax Credit of ${euro(employeeCredit)} through PAYE, so there is nothing more to claim.`,
    });
  },

  'earned-income-tax-credit': (data, ctx) => {
    const earnedCredit = ctx.get('earnedIncomeCredit');
    const employeeMaximum = ctx.get('employeeCredit');
    const received = money(data.employeeCreditReceived);
    const room = Math.max(0, employeeMaximum - received);
    const amount = money(data.earnedIncome) > 0 ? Math.min(earnedCredit, room) : 0;
    return credit(amount, {
      rule: `Earned Income Credit of ${euro(earnedCredit)}; with the Employee credit, together at most ${euro(employeeMaximum)}`,
      figures: { earnedIncomeCredit: earnedCredit, employeeCreditMaximum: employeeMaximum, employeeCreditReceived: received },
      explanation:
        money(data.earnedIncome) === 0
          ? 'There is no self-employed income or director’s pay, so no credit.'
          : received > 0
            ? `You already get ${euro(received)} of Employee Tax Credit; the two together cannot exceed ${euro(employeeMaximum)}, leaving ${euro(amount)}.`
            : `${ctx.year} Earned Income Credit: ${euro(amount)}.`,
    });
  },
};
