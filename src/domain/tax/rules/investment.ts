/**
 * Donations and investment: approved sports bodies, SURE and EII (§4; R32, R34).
 */
import { parseDate } from '../../dates.ts';
import { euro, money, pct, rateWords } from '../context.ts';
import { informational, marginalDeduction, type RuleTable } from './outcome.ts';

type InvestmentCategory = 'approved-sports-bodies' | 'startup-relief-entrepreneurs' | 'employment-investment-incentive';

export const INVESTMENT_RULES: RuleTable<InvestmentCategory> = {
  'approved-sports-bodies': (data, ctx) => {
    const minimum = ctx.get('sportsDonationMinimum');
    const donation = money(data.donationAmount);
    if (!ctx.get('sportsDonorMayClaim')) {
      return informational({
        rule: 'Before 2025 the sports body, not a PAYE donor, claims the relief',
        figures: { donation, minimumDonation: minimum },
        explanation: `For ${ctx.year} a PAYE donor could not claim this relief; the sports body got it. Donors can claim it themselves from 2025.`,
      });
    }
    const rule = `Donations of at least ${euro(minimum)} a year deducted from income at your marginal rate`;
    const donatedIn = parseDate(data.donationDate)?.year();
    const why =
      data.claimingYourself !== 'yes'
        ? 'You are giving the relief to the sports body, so there is nothing for you to claim.'
        : donatedIn !== ctx.year
          ? `The donation was made in ${donatedIn ?? 'another year'}; claim it for that year.`
          : donation < minimum
            ? `Donations under ${euro(minimum)} in a year do not qualify.`
            : null;
    if (why) return marginalDeduction(0, { rule, figures: { donation, minimumDonation: minimum, deductible: 0 }, explanation: why });
    return marginalDeduction(donation, {
      rule,
      figures: { donation, minimumDonation: minimum, deductible: donation },
      explanation: (v) => `Your ${euro(donation)} donation comes off your taxable income (${rateWords(v)}), saving ${euro(v.amount)}.`,
      caveats: ['The body must have an approved capital project.'],
    });
  },

  'startup-relief-entrepreneurs': (data, ctx) => {
    const cap = ctx.get('sureAnnualCap');
    const amount = money(data.amountForThisYear);
    const rule = `Investment set against this year's income, up to ${euro(cap)} a year, relieved at your marginal rate`;
    if (data.stakeAtLeast15Percent !== 'yes') {
      return marginalDeduction(0, {
        rule,
        figures: { annualCap: cap, amountForThisYear: amount, deductible: 0 },
        explanation: 'SURE needs a stake of at least 15% in the company.',
      });
    }
    const deductible = Math.min(amount, cap);
    return marginalDeduction(deductible, {
      rule,
      figures: { annualCap: cap, amountForThisYear: amount, deductible },
      explanation: (v) => `${euro(deductible)} of your investment comes off ${ctx.year}'s income (${rateWords(v)}), a refund of ${euro(v.amount)} of the tax you paid.`,
      caveats: ['SURE can be spread over the year of investment and the 6 years before it; claim each year separately.'],
    });
  },

  'employment-investment-incentive': (data, ctx) => {
    const cap = data.holdingPeriod === '7' ? ctx.get('eiiAnnualCapSevenYear') : ctx.get('eiiAnnualCapFourYear');
    const fullRate = ctx.get('higherRate');
    const effectiveRate = data.followOnInvestment === 'yes' ? ctx.get('eiiFollowOnEffectiveRate') : fullRate;
    const invested = money(data.amountInvested);
    const issuedIn = parseDate(data.shareIssueDate)?.year();
    const rule = `Investment up to ${euro(cap)} a year deducted from income; effective relief up to ${pct(effectiveRate)}`;
    if (issuedIn !== ctx.year) {
      return marginalDeduction(0, {
        rule,
        figures: { annualCap: cap, amountInvested: invested, deductible: 0 },
        explanation: `Relief is given in the year the shares are issued (${issuedIn ?? 'another year'}); claim it for that year.`,
      });
    }
    // A follow-on investment gets 35% where others get 40%: deduct 35/40 of it, so that at the
    // 40% rate the relief is 35% of the investment.
    const deductible = Math.min(invested, cap) * (effectiveRate / fullRate);
    return marginalDeduction(deductible, {
      rule,
      figures: { annualCap: cap, amountInvested: invested, effectiveRate, deductible },
      explanation: (v) => `${euro(deductible)} comes off your taxable income (${rateWords(v)}), saving ${euro(v.amount)}.`,
      caveats: ['The expansion-investment rate is not confirmed; the estimate uses the initial (40%) or follow-on (35%) rate.'],
    });
  },
};
