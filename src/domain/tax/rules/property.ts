/**
 * Home and property: the Mortgage Interest Tax Credit (§3), Living City owner-occupier relief and
 * the closed Home Renovation Incentive (§4) of the reference.
 */
import { parseDate } from '../../dates.ts';
import { euro, money, pct, rateWords } from '../context.ts';
import { credit, informational, marginalDeduction, type RuleTable } from './outcome.ts';

type PropertyCategory = 'mortgage-interest-tax-credit' | 'owner-occupier-relief' | 'home-renovation-incentive';

export const PROPERTY_RULES: RuleTable<PropertyCategory> = {
  'mortgage-interest-tax-credit': (data, ctx) => {
    if (!ctx.get('mortgageInterestCreditAvailable')) {
      return informational({
        rule: 'No Mortgage Interest Tax Credit for 2022',
        figures: {},
        explanation: '2022 is the base year the credit is measured from; the credit exists for 2023 to 2026 only.',
      });
    }
    const rate = ctx.get('mortgageInterestCreditRate');
    const share = ctx.get('mortgageInterestIncreaseShare');
    const cap = ctx.get('mortgageInterestCreditCapPerProperty');
    const minimum = ctx.get('mortgageBalanceMinimum');
    const maximum = ctx.get('mortgageBalanceMaximum');
    let total = 0;
    let increaseTotal = 0;
    let ineligible = 0;
    let partYears = 0;
    for (const property of data.properties) {
      if (property.balanceOn31December2022 < minimum || property.balanceOn31December2022 > maximum) {
        ineligible += 1;
        continue;
      }
      // Interest paid for part of 2022 or of the claim year is pro-rated (Revenue, "Interest
      // paid for less than a full year"): 2022's interest is taken to a full year's, the claim
      // year's months scale that base and the cap. The exact formula is in Tax and Duty Manual
      // 15-01-11B Appendix 2, which was not retrieved: this is our reading of it.
      const months2022 = property.monthsWithLoanIn2022 ?? 12;
      const monthsThisYear = property.monthsWithLoanThisYear ?? 12;
      if (months2022 < 12 || monthsThisYear < 12) partYears += 1;
      const base = (money(property.interestPaid2022) * 12) / months2022 * (monthsThisYear / 12);
      const increase = Math.max(0, money(property.interestPaidThisYear) - base);
      increaseTotal += increase;
      total += Math.min(increase * share * rate, (cap * monthsThisYear) / 12);
    }
    const shareWords = share < 1 ? ` × ${pct(share)}` : '';
    return credit(total, {
      rule: `${pct(rate)}${shareWords} of the increase in interest over 2022, up to ${euro(cap)} per property`,
      figures: { rate, increaseShare: share, capPerProperty: cap, interestIncrease: increaseTotal, balanceMinimum: minimum, balanceMaximum: maximum },
      explanation:
        (ineligible > 0 ? `${ineligible} ${ineligible === 1 ? 'property does' : 'properties do'} not qualify (balance on 31/12/2022 must be ${euro(minimum)} to ${euro(maximum)}). ` : '') +
        (partYears > 0 ? 'Interest for part of a year is pro-rated to the months the loan was in place. ' : '') +
        `${pct(rate)}${shareWords} of ${euro(increaseTotal)} more interest than in 2022, capped at ${euro(cap)} per property: ${euro(total)}.`,
      caveats: partYears > 0 ? ["The part-year formula is our reading of Revenue's (Tax and Duty Manual 15-01-11B); Revenue works out the final figure."] : [],
    });
  },

  'owner-occupier-relief': (data, ctx) => {
    const spend = money(data.qualifyingSpend);
    const firstYear = parseDate(data.firstOccupiedOn)?.year() ?? ctx.year + 1;
    const yearOfRelief = ctx.year - firstYear + 1;
    const from2023 = firstYear >= 2023;
    let rate = 0;
    if (from2023) {
      const early = ctx.get('livingCityEarlyYearsFrom2023');
      if (yearOfRelief >= 1 && yearOfRelief <= early) rate = ctx.get('livingCityRateFrom2023Early');
      else if (yearOfRelief === early + 1) rate = ctx.get('livingCityRateFrom2023Final');
    } else {
      const years = ctx.get('livingCityYearsBefore2023');
      if (yearOfRelief >= 1 && yearOfRelief <= years) rate = ctx.get('livingCityRateBefore2023');
    }
    const deductible = spend * rate;
    return marginalDeduction(deductible, {
      rule: from2023 ? '15% of the spend a year for years 1–6, 10% in year 7' : '10% of the spend a year for 10 years',
      figures: { qualifyingSpend: spend, yearOfRelief: Math.max(0, yearOfRelief), rateThisYear: rate, deductible },
      explanation:
        rate === 0
          ? yearOfRelief < 1
            ? `You moved in after ${ctx.year}, so relief starts in a later year.`
            : `The relief period ended before ${ctx.year}.`
          : (v) => `Year ${yearOfRelief} of relief: ${pct(rate)} of ${euro(spend)} = ${euro(deductible)} off your taxable income (${rateWords(v)}), saving ${euro(v.amount)}.`,
      caveats: ['Unused relief is carried forward; the minimum spend (10% of the value) is not confirmed and not checked.'],
    });
  },

  'home-renovation-incentive': (data, ctx) => {
    ctx.get('homeRenovationIncentiveOpen'); // always false: read so the estimate cites R33
    const carried = money(data.creditCarriedForward);
    return credit(carried, {
      rule: 'Closed scheme: only a credit carried forward from work finished by 2018 (March 2019) can be used',
      figures: { creditCarriedForward: carried },
      explanation: `The HRI closed for new work; ${euro(carried)} of unused credit carried forward can still reduce this year's tax.`,
    });
  },
};
