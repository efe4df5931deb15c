/**
 * Health credits and reliefs: §2 (blind credit, guide and assistance dogs, employing a carer) and
 * §4 (health expenses, nursing home fees, medical insurance, permanent health benefit) of the
 * reference.
 */
import { euro, money, pct, rateWords, type RuleContext } from '../context.ts';
import type { Form11Data } from '../../schemas/form11/index.ts';
import { credit, marginalDeduction, standardRateRelief, type RuleTable } from './outcome.ts';

type HealthCategory =
  | 'employing-carer-relief'
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
  const limitWords =
    limit === null
      ? `the ${pct(share)}-of-income limit could not be checked without your annual income`
      : `up to ${pct(share)} of your income (${euro(limit)})`;
  return marginalDeduction(deductible, {
    rule: `Premiums deducted from income, ${limitWords}, relieved at your marginal rate`,
    figures: { premiumsPaid: premiums, incomeShareLimit: share, ...(limit === null ? {} : { limit }), deductible },
    explanation: (v) => `${euro(deductible)} of the ${euro(premiums)} premiums comes off your taxable income (${rateWords(v)}), saving ${euro(v.amount)}.`,
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
    const married = ctx.profile.maritalStatus === 'married';
    // A new claim "for my spouse" on a single profile is refused (engine.ts); one saved before
    // that rule is read as far as it can be: the claimant's own credit at most.
    if (!married && data.whoIsBlind === 'spouse') {
      return credit(0, {
        rule: `Blind Person's credit, ${euro(single)}`,
        figures: { credit: 0, creditOnePerson: single, creditBothSpouses: both },
        explanation: 'Your profile says you are single, so there is no spouse to claim for.',
      });
    }
    const bothBlind = data.whoIsBlind === 'both' && married;
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

  'nursing-home-expenses': (data) => {
    const paid = Math.max(0, money(data.feesPaid) - money(data.amountRefunded));
    return marginalDeduction(paid, {
      rule: 'Nursing home fees deducted from income, relieved at your highest rate',
      figures: { feesPaid: money(data.feesPaid), amountRefunded: money(data.amountRefunded), deductible: paid },
      explanation: (v) => `${euro(paid)} of fees comes off your taxable income (${rateWords(v)}), saving ${euro(v.amount)}.`,
    });
  },

  'employing-carer-relief': (data, ctx) => {
    const maximum = ctx.get('employingCarerMaximum');
    const cost = Math.max(0, money(data.carerCost) - money(data.amountReimbursed));
    const rule = `The cost of employing a carer, up to ${euro(maximum)} a year, deducted from income at your marginal rate`;
    if (data.otherCreditClaimed === 'yes') {
      return marginalDeduction(0, {
        rule,
        figures: { carerCost: money(data.carerCost), amountReimbursed: money(data.amountReimbursed), maximum, deductible: 0 },
        explanation:
          'The relief cannot be claimed for someone who is also claimed for with the Incapacitated Child or Dependent Relative credit; that credit is claimed instead.',
      });
    }
    const deductible = Math.min(cost, maximum);
    return marginalDeduction(deductible, {
      rule,
      figures: { carerCost: money(data.carerCost), amountReimbursed: money(data.amountReimbursed), maximum, deductible },
      explanation: (v) =>
        `${euro(cost)} paid for a carer for ${data.incapacitatedPersonName}${cost > maximum ? `, of which the ${euro(maximum)} limit counts,` : ''} comes off your taxable income (${rateWords(v)}), saving ${euro(v.amount)}.`,
      caveats: ['Beyond the €75,000 limit the relief’s conditions are not confirmed here; the person cared for must be permanently incapacitated.'],
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
