/**
 * Your Job: pension contributions (§5), flat rate expenses and remote working (§4), and the
 * Employee and Earned Income credits (§2) of the reference.
 */
import type { Form11Data } from '../../schemas/form11/index.ts';
import { ageInYear, deductionFigures, deductionRelief, deductionWords, euro, money, pct, pensionAgeShare, type RuleContext } from '../context.ts';
import { credit, informational, marginalDeduction, type RuleTable } from './outcome.ts';

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
 * €115,000) come off income at the marginal rate; the excess is carried forward (§5; R37).
 */
function pensionContribution(data: Form11Data<'additional-voluntary-contributions'>, ctx: RuleContext) {
  const paid = money(data.contributionsPaid);
  const earningsCap = ctx.get('pensionEarningsCap');
  const age = ageInYear(ctx);
  if (age === null) {
    return marginalDeduction(0, {
      rule: 'Contributions up to an age-related share of earnings, relieved at your marginal rate',
      figures: { contributionsPaid: paid, earningsCap },
      explanation: 'Your date of birth is needed to work out your age-related limit, so no estimate yet.',
    });
  }
  const share = pensionAgeShare(age);
  const income = ctx.profile.annualIncome;
  const limit = income === null ? null : Math.min(money(income), earningsCap) * share;
  const relievable = limit === null ? paid : Math.min(paid, limit);
  const carriedForward = paid - relievable;
  const d = deductionRelief(relievable, ctx);
  return marginalDeduction(d.relief, {
    rule: `Contributions up to ${pct(share)} of earnings (at most ${euro(earningsCap)}), relieved at your marginal rate`,
    figures: {
      contributionsPaid: paid,
      ageInYear: age,
      ageRelatedShare: share,
      earningsCap,
      ...(limit === null ? {} : { limit }),
      relievable,
      carriedForward,
      ...deductionFigures(d),
    },
    explanation:
      `At ${age} your limit is ${pct(share)} of earnings${limit === null ? '' : ` (${euro(limit)})`}; ${euro(relievable)} is relieved (${deductionWords(d)}), saving ${euro(d.relief)}` +
      (carriedForward > 0 ? `; the other ${euro(carriedForward)} is carried forward to next year.` : '.'),
    caveats: [
      ...(limit === null ? ['Your annual income is needed to check the age-related limit; the whole contribution was counted.'] : []),
      'AVCs, PRSAs and retirement annuities share one age-related limit.',
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
    const amount = money(data.flatRateAmount);
    const d = deductionRelief(amount, ctx);
    return marginalDeduction(d.relief, {
      rule: 'Flat rate expense for your job deducted from income at your marginal rate',
      figures: { flatRateExpense: amount, ...deductionFigures(d) },
      explanation: `The ${euro(amount)} flat rate expense for ${data.occupation} comes off your taxable income (${deductionWords(d)}), saving ${euro(d.relief)}.`,
      caveats: ctx.year >= 2025 ? ['From 2025 a flat rate expense must be claimed every year.'] : [],
    });
  },

  'remote-working-relief': (data, ctx) => {
    const share = ctx.get('remoteWorkingShare');
    const bills = money(data.electricityCost) + money(data.heatingCost) + money(data.broadbandCost);
    const yearDays = daysInYear(ctx.year);
    const apportioned = (bills * data.daysWorkedFromHome) / yearDays;
    const allowance = money(data.employerAllowance);
    const deductible = Math.max(0, apportioned - allowance) * share;
    const d = deductionRelief(deductible, ctx);
    return marginalDeduction(d.relief, {
      rule: `${pct(share)} of bills apportioned to days worked at home, less any employer allowance, relieved at your marginal rate`,
      figures: {
        bills,
        daysWorkedFromHome: data.daysWorkedFromHome,
        daysInYear: yearDays,
        apportionedBills: apportioned,
        employerAllowance: allowance,
        share,
        deductible,
        ...deductionFigures(d),
      },
      explanation: `${euro(bills)} × ${data.daysWorkedFromHome}/${yearDays} days = ${euro(apportioned)}${allowance > 0 ? `, less ${euro(allowance)} allowance` : ''}, × ${pct(share)} = ${euro(deductible)} deduction (${deductionWords(d)}), saving ${euro(d.relief)}.`,
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
