/** The sea: Fisher Tax Credit, Seafarers' Allowance and the Naval Service credit (§2; R50, R1). */
import { euro, money, rateWords } from '../context.ts';
import { credit, marginalDeduction, type RuleTable } from './outcome.ts';

type SeaCategory = 'fisher-tax-credit' | 'seafarer-allowance' | 'naval-service-credit';

export const SEA_RULES: RuleTable<SeaCategory> = {
  'fisher-tax-credit': (data, ctx) => {
    const amountOfCredit = ctx.get('fisherCredit');
    const minimumDays = ctx.get('fisherMinimumDaysAtSea');
    const figures = { credit: amountOfCredit, minimumDaysAtSea: minimumDays, daysAtSea: data.daysAtSea };
    const rule = `${euro(amountOfCredit)} for at least ${minimumDays} days at sea fishing on an EU or UK registered vessel`;
    const why =
      data.registeredInEuOrUk !== 'yes'
        ? 'The vessel must be registered in the EU or the UK.'
        : data.daysAtSea < minimumDays
          ? `You need at least ${minimumDays} days at sea; you entered ${data.daysAtSea}.`
          : data.claimingSeafarerAllowance === 'yes'
            ? "The credit cannot be claimed in the same year as the Seafarers' Allowance."
            : null;
    if (why) return credit(0, { rule, figures, explanation: why });
    return credit(amountOfCredit, { rule, figures, explanation: `${ctx.year} Fisher Tax Credit: ${euro(amountOfCredit)}.` });
  },

  'seafarer-allowance': (data, ctx) => {
    const allowance = ctx.get('seafarerAllowance');
    const minimumDays = ctx.get('seafarerMinimumDaysAtSea');
    const pay = money(data.seafarerIncome);
    const rule = `${euro(allowance)} deducted from seafaring pay for at least ${minimumDays} days at sea on international voyages`;
    const why =
      data.daysAtSea < minimumDays
        ? `You need at least ${minimumDays} days at sea; you entered ${data.daysAtSea}.`
        : data.claimingOtherSeaCredit === 'yes'
          ? 'The allowance cannot be claimed with the Fisher or Naval Service credit.'
          : null;
    if (why) {
      return marginalDeduction(0, { rule, figures: { allowance, minimumDaysAtSea: minimumDays, daysAtSea: data.daysAtSea, deductible: 0 }, explanation: why });
    }
    const deductible = Math.min(allowance, pay);
    return marginalDeduction(deductible, {
      rule,
      figures: { allowance, minimumDaysAtSea: minimumDays, daysAtSea: data.daysAtSea, seafarerIncome: pay, deductible },
      explanation: (v) => `${euro(deductible)} comes off your seafaring pay (${rateWords(v)}), saving ${euro(v.amount)}.`,
    });
  },

  'naval-service-credit': (data, ctx) => {
    const amountOfCredit = ctx.get('navalServiceCredit');
    const minimumDays = ctx.get('navalMinimumDaysAtSea');
    const figures = { credit: amountOfCredit, minimumDaysAtSea: minimumDays, daysAtSeaPreviousYear: data.daysAtSeaPreviousYear };
    const rule = `${euro(amountOfCredit)} for at least ${minimumDays} days at sea in the previous year`;
    if (data.daysAtSeaPreviousYear < minimumDays) {
      return credit(0, { rule, figures, explanation: `You need at least ${minimumDays} days at sea in ${ctx.year - 1}; you entered ${data.daysAtSeaPreviousYear}.` });
    }
    if (data.claimingOtherSeaCredit === 'yes') {
      return credit(0, { rule, figures, explanation: "The credit cannot be claimed with the Fisher Tax Credit or the Seafarers' Allowance." });
    }
    return credit(amountOfCredit, { rule, figures, explanation: `${ctx.year} Sea-going Naval Personnel Credit: ${euro(amountOfCredit)}.` });
  },
};
