/**
 * Health credits and reliefs: §2 (blind credit, guide and assistance dogs) and §4 (health
 * expenses, nursing home fees, medical insurance, permanent health benefit) of the reference.
 */
import { deductionFigures, deductionRelief, deductionWords, euro, money, pct, type RuleContext } from '../context.ts';
import type { Form11Data } from '../../schemas/form11/index.ts';
import { credit, marginalDeduction, standardRateRelief, type RuleTable } from './outcome.ts';

type HealthCategory =
  | 'assistance-dog-allowance'
  | 'guide-dog-allowance'
  | 'blind-person-tax-credit'
  | 'health-expenses'
  | 'nursing-home-expenses'
  | 'medical-insurance-relief'
  | 'permanent-health-benefit'
  | 'income-continuance';

/** Permanent health benefit and income continuance: one relief (R30), deductible up to 10% of total income. */
function incomeProtection(data: Form11Data<'permanent-health-benefit'>, ctx: RuleContext) {
  const share = ctx.get('permanentHealthIncomeShare');
  const premiums = money(data.premiumsPaid);
  const income = ctx.profile.annualIncome;
  const limit = income === null ? null : money(income) * share;
  const deductible = limit === null ? premiums : Math.min(premiums, limit);
  const d = deductionRelief(deductible, ctx);
  const limitWords =
    limit === null
      ? `the ${pct(share)}-of-income limit could not be checked without your annual income`
      : `up to ${pct(share)} of your income (${euro(limit)})`;
  return marginalDeduction(d.relief, {
    rule: `Premiums deducted from income, ${limitWords}, relieved at your marginal rate`,
    figures: { premiumsPaid: premiums, incomeShareLimit: share, ...(limit === null ? {} : { limit }), deductible, ...deductionFigures(d) },
    explanation: `${euro(deductible)} of the ${euro(premiums)} premiums comes off your taxable income (${deductionWords(d)}), saving ${euro(d.relief)}.`,
  });
}

export const HEALTH_RULES: RuleTable<HealthCategory> = {
  'assistance-dog-allowance': (_data, ctx) => {
    const allowance = ctx.get('assistanceDogAllowance');
    const rate = ctx.get('healthExpensesRate');
    return standardRateRelief(allowance * rate, {
      rule: `Assistance dog allowance of ${euro(allowance)} relieved at ${pct(rate)}`,
      figures: { allowance, rate },
      explanation: `The ${euro(allowance)} allowance is relieved at ${pct(rate)} as a health expense: ${euro(allowance * rate)}.`,
    });
  },

  'guide-dog-allowance': (data, ctx) => {
    const allowance = ctx.get('guideDogAllowance');
    const rate = ctx.get('standardRate');
    if (data.getsBlindPersonCredit !== 'yes') {
      return standardRateRelief(0, {
        rule: "Guide Dog Allowance needs the Blind Person's Tax Credit",
        figures: { allowance, rate },
        explanation: "The Guide Dog Allowance is only given to someone entitled to the Blind Person's Tax Credit, so nothing is due.",
      });
    }
    return standardRateRelief(allowance * rate, {
      rule: `Guide Dog Allowance of ${euro(allowance)} relieved at ${pct(rate)}`,
      figures: { allowance, rate },
      explanation: `The ${euro(allowance)} allowance is relieved at ${pct(rate)}: ${euro(allowance * rate)}.`,
    });
  },

  'blind-person-tax-credit': (data, ctx) => {
    const single = ctx.get('blindPersonCredit');
    const both = ctx.get('blindPersonCreditBothSpouses');
    // A single person has no spouse: whatever was picked, one person's credit.
    const bothBlind = data.whoIsBlind === 'both' && ctx.profile.maritalStatus === 'married';
    const amount = bothBlind ? both : single;
    return credit(amount, {
      rule: bothBlind ? `Blind Person's credit for both spouses, ${euro(both)}` : `Blind Person's credit, ${euro(single)}`,
      figures: { credit: amount, creditOnePerson: single, creditBothSpouses: both },
      explanation: `${ctx.year} Blind Person's Tax Credit ${bothBlind ? 'for both spouses' : 'for one person'}: ${euro(amount)}.`,
    });
  },

  'health-expenses': (data, ctx) => {
    const rate = ctx.get('healthExpensesRate');
    const qualifying =
      money(data.doctorsAndConsultants) + money(data.prescribedMedicines) + money(data.nonRoutineDental) + money(data.otherQualifyingCare);
    const refunded = money(data.amountRefunded);
    const net = Math.max(0, qualifying - refunded);
    const excluded = money(data.routineDentalAndEyeCare);
    return standardRateRelief(net * rate, {
      rule: `${pct(rate)} of qualifying health expenses less refunds`,
      figures: { qualifyingSpend: qualifying, amountRefunded: refunded, netQualifying: net, excludedRoutineCare: excluded, rate },
      explanation: `${euro(qualifying)} qualifying spend less ${euro(refunded)} refunded is ${euro(net)}; ${pct(rate)} of that is ${euro(net * rate)}${excluded > 0 ? ` (routine dental and eye care of ${euro(excluded)} does not qualify)` : ''}.`,
    });
  },

  'nursing-home-expenses': (data, ctx) => {
    const paid = Math.max(0, money(data.feesPaid) - money(data.amountRefunded));
    const d = deductionRelief(paid, ctx);
    return marginalDeduction(d.relief, {
      rule: 'Nursing home fees deducted from income, relieved at your highest rate',
      figures: { feesPaid: money(data.feesPaid), amountRefunded: money(data.amountRefunded), deductible: paid, ...deductionFigures(d) },
      explanation: `${euro(paid)} of fees comes off your taxable income (${deductionWords(d)}), saving ${euro(d.relief)}.`,
    });
  },

  'medical-insurance-relief': (data, ctx) => {
    const rate = ctx.get('medicalInsuranceRate');
    const adultCap = ctx.get('medicalInsuranceAdultCap');
    const childCap = ctx.get('medicalInsuranceChildCap');
    let relieved = 0;
    for (const insurance of data.insurances) {
      relieved += Math.min(money(insurance.amountOfGrossPremium), insurance.isChild ? childCap : adultCap);
    }
    const premiums = data.insurances.reduce((sum, i) => sum + money(i.amountOfGrossPremium), 0);
    return standardRateRelief(relieved * rate, {
      rule: `${pct(rate)} of premiums, up to ${euro(adultCap)} per adult and ${euro(childCap)} per child`,
      figures: { premiums, premiumsRelieved: relieved, adultCap, childCap, rate, people: data.insurances.length },
      explanation: `${euro(relieved)} of the ${euro(premiums)} premiums ${data.insurances.length === 1 ? 'is' : 'are'} within the per-person caps; ${pct(rate)} of that is ${euro(relieved * rate)}.`,
      caveats: ['Relief is usually given at source as a discount on the premium; this claim is for premiums your employer paid as a benefit.'],
    });
  },

  'permanent-health-benefit': incomeProtection,
  'income-continuance': incomeProtection,
};
