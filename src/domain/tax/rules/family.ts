/**
 * You & Your Family: §2 (Dependent Relative, Incapacitated Child, SPCCC, Home Carer, Age,
 * Widowed Person and Widowed Parent credits), §3 (Rent Tax Credit) and §4 (tuition fees,
 * maintenance) of the reference.
 */
import { ageOn, dayjs, parseDate } from '../../dates.ts';
import { ageInYear, euro, money, pct, rateWords, type RuleContext } from '../context.ts';
import { credit, homeCarerCredit, marginalDeduction, singleParentCredit, standardRateRelief, type RuleTable } from './outcome.ts';

type FamilyCategory =
  | 'dependant-relevant-tax-credit'
  | 'incapacitated-child-tax-credit'
  | 'maintenance-payment-relief'
  | 'single-person-child-carer-credit'
  | 'rent-tax-credit'
  | 'tuition-fees'
  | 'home-carer-tax-credit'
  | 'age-tax-credit'
  | 'widowed-person-tax-credit'
  | 'widowed-parent-tax-credit';

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

/** The year a spouse or civil partner died, from the date entered (null when unreadable). */
function yearOfDeath(text: string): number | null {
  return parseDate(text)?.year() ?? null;
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
          ? `Incapacitated Child Tax Credit ${ctx.year}: ${qualifying} × ${euro(perChild)} = ${euro(total)}.`
          : `${qualifying} of ${data.children.length} children qualify (not for a child with carer relief, or born after ${ctx.year}): ${qualifying} × ${euro(perChild)} = ${euro(total)}.`,
    });
  },

  'maintenance-payment-relief': (data) => {
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
    return marginalDeduction(deductible, {
      rule: 'Maintenance for a former spouse or civil partner deducted from income (no cap); child-only maintenance excluded',
      figures: { amountPaid: paid, amountForChildrenOnly: forChildren, deductible },
      cites: [MAINTENANCE_SOURCE],
      explanation: (v) =>
        `${euro(paid)} paid less ${euro(forChildren)} for the children only leaves ${euro(deductible)} off your taxable income (${rateWords(v)}), saving ${euro(v.amount)}.`,
    });
  },

  'single-person-child-carer-credit': (data, ctx) => {
    const amountOfCredit = ctx.get('singlePersonChildCarerCredit');
    const singleBand = ctx.get('standardRateBandSingle');
    const parentBand = ctx.get('standardRateBandSingleParent');
    const bandIncrease = parentBand - singleBand;
    const figures = { credit: amountOfCredit, singleBand, singleParentBand: parentBand, bandIncrease };
    const rule = `${euro(amountOfCredit)} credit plus a ${euro(bandIncrease)} wider 20% band`;
    const none = (why: string) => singleParentCredit(0, { rule, figures: { ...figures, bandSaving: 0 }, explanation: why });

    if (ctx.profile.maritalStatus === 'married' || data.livingWithPartner === 'yes') {
      return none('The credit is only for someone who is not married, in a civil partnership or living with a partner.');
    }
    if (data.childLivesWithYou !== 'yes') return none('The child must live with you for more than half of the year.');
    const age = ageAtStartOfYear(data.childDateOfBirth, ctx);
    if (age === null || !bornBy(data.childDateOfBirth, ctx)) return none(`The child must be born by the end of ${ctx.year}.`);
    if (age >= 18 && data.childInEducationOrIncapacitated !== 'yes') {
      return none('A child aged 18 or over at the start of the year qualifies only in full-time education or if permanently incapacitated.');
    }
    // The wider band is worth (40% − 20%) on the part of the increase the claim's income reaches:
    // the claim works that out with every other relief of the year on the wider band.
    return singleParentCredit(amountOfCredit, {
      rule,
      figures,
      explanation: (v) => {
        const bandSaving = Math.max(0, v.amount - amountOfCredit);
        return bandSaving > 0.004
          ? `${euro(amountOfCredit)} credit, plus income taxed at 20% instead of 40% in the ${euro(parentBand)} single-parent band (${euro(bandSaving)}): ${euro(v.amount)}.`
          : `${ctx.year} credit of ${euro(amountOfCredit)}; your income does not reach the 40% rate, so the wider band adds nothing.`;
      },
    });
  },

  'rent-tax-credit': (data, ctx) => {
    const rate = ctx.get('rentCreditRate');
    const couple = ctx.basis === 'joint';
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
    if (data.purpose === 'child-course' && data.childUnder23AtCourseStart !== 'yes') {
      const limit = ctx.get('rentChildCourseAgeLimit');
      return credit(0, {
        rule,
        figures,
        explanation:
          data.childUnder23AtCourseStart === 'no'
            ? `Rent for a child's course counts only if the child was under ${limit} when the course began.`
            : `Tell us whether your child was under ${limit} when the course began: rent for a child's course counts only then.`,
      });
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

  'home-carer-tax-credit': (data, ctx) => {
    const full = ctx.get('homeCarerCredit');
    const threshold = ctx.get('homeCarerIncomeThreshold');
    const carerIncome = money(data.carerIncome);
    const excess = Math.max(0, carerIncome - threshold);
    const amount = Math.max(0, full - excess / 2);
    const figures = { credit: full, incomeThreshold: threshold, carerIncome, reduction: Math.min(full, excess / 2), creditDue: amount };
    const rule = `${euro(full)}, less half the carer's income above ${euro(threshold)}; not with the band increase for a second income`;
    if (ctx.profile.maritalStatus !== 'married') {
      return homeCarerCredit(0, { rule, figures, explanation: 'The Home Carer Credit is for a married couple or civil partners.' });
    }
    if (ctx.basis !== 'joint') {
      return homeCarerCredit(0, { rule, figures, explanation: 'The Home Carer Credit needs joint assessment; your profile says you are assessed separately.' });
    }
    if (data.dependantLivesWithYou !== 'yes') {
      return homeCarerCredit(0, { rule, figures, explanation: 'The person cared for must live with you (or next door, or within 2 km, with a direct link).' });
    }
    return homeCarerCredit(amount, {
      rule,
      figures,
      explanation:
        excess > 0
          ? `Home Carer Tax Credit ${ctx.year}: the carer's income of ${euro(carerIncome)} is ${euro(excess)} over ${euro(threshold)}, so the ${euro(full)} credit is reduced by half of that to ${euro(amount)}.`
          : `Home Carer Tax Credit ${ctx.year}: ${euro(amount)}.`,
      caveats: ['The couple cannot have both the Home Carer Credit and the band increase for a second income: the claim uses whichever is worth more.'],
    });
  },

  'age-tax-credit': (data, ctx) => {
    const single = ctx.get('ageCreditSingle');
    const couple = ctx.get('ageCreditCouple');
    const minimumAge = ctx.get('ageCreditMinimumAge');
    const age = ageInYear(ctx);
    const own = age !== null && age >= minimumAge;
    const spouse = ctx.profile.maritalStatus === 'married' && data.spouseAged65OrOver === 'yes';
    const figures = { creditSingle: single, creditCouple: couple, minimumAge, ...(age === null ? {} : { ageInYear: age }) };
    const rule = `${euro(single)} from age ${minimumAge}; ${euro(couple)} for a jointly assessed couple where either is ${minimumAge} or over`;
    if (ctx.basis === 'joint') {
      const amount = own || spouse ? couple : 0;
      return credit(amount, {
        rule,
        figures,
        explanation:
          amount > 0
            ? `Age Tax Credit ${ctx.year}: ${own ? `you are ${age} by the end of the year` : 'your spouse is 65 or over'}, so the couple's credit of ${euro(couple)}.`
            : `Neither of you is ${minimumAge} or over in ${ctx.year}${age === null ? ' (your date of birth is not recorded)' : ''}.`,
      });
    }
    return credit(own ? single : 0, {
      rule,
      figures,
      explanation: own
        ? `Age Tax Credit ${ctx.year}: you are ${age} by the end of the year: ${euro(single)}.`
        : age === null
          ? 'Your date of birth is needed to check the age credit.'
          : `You are ${age} at the end of ${ctx.year}; the credit starts at ${minimumAge}.`,
    });
  },

  'widowed-person-tax-credit': (data, ctx) => {
    const singleCredit = ctx.get('personalCreditSingle');
    const marriedCredit = ctx.get('personalCreditMarried');
    const addition = ctx.get('widowedPersonAddition');
    const died = yearOfDeath(data.dateOfDeath);
    const figures = { personalCreditSingle: singleCredit, personalCreditMarried: marriedCredit, widowedAddition: addition };
    const rule = `Year of bereavement: the married credit (${euro(marriedCredit)}); later years without a qualifying child: ${euro(addition)} more than the single credit`;
    if (ctx.profile.maritalStatus === 'married') {
      return credit(0, { rule, figures, explanation: 'Your profile says you are married; the widowed person’s credit is for a surviving spouse who has not remarried.' });
    }
    if (died === null || died > ctx.year) {
      return credit(0, { rule, figures, explanation: `The bereavement was after ${ctx.year}, so the credit starts in a later year.` });
    }
    if (died === ctx.year) {
      const extra = marriedCredit - singleCredit;
      return credit(extra, {
        rule,
        figures: { ...figures, creditDue: extra },
        explanation: `In the year of the bereavement (${ctx.year}) the personal credit is the married one, ${euro(marriedCredit)}: ${euro(extra)} more than the single credit you get through payroll.`,
      });
    }
    if (data.qualifyingChild === 'yes') {
      return credit(0, {
        rule,
        figures,
        explanation: 'With a qualifying child you get the Single Person Child Carer Credit and the Widowed Parent Tax Credit instead: claim those.',
      });
    }
    return credit(addition, {
      rule,
      figures: { ...figures, creditDue: addition },
      explanation: `Widowed Person Tax Credit ${ctx.year}: ${euro(singleCredit + addition)}, which is ${euro(addition)} more than the single credit you get through payroll.`,
    });
  },

  'widowed-parent-tax-credit': (data, ctx) => {
    const credits = ctx.get('widowedParentCredit');
    const died = yearOfDeath(data.dateOfDeath);
    const after = died === null ? 0 : ctx.year - died;
    const figures = { yearsAfterBereavement: Math.max(0, after), ...Object.fromEntries(credits.map((c, i) => [`creditYear${i + 1}`, c])) };
    const rule = `${credits.map((c) => euro(c)).join(', ')} in the five years after the year of bereavement, with a qualifying child`;
    if (ctx.profile.maritalStatus === 'married' || data.remarriedOrCohabiting === 'yes') {
      return credit(0, { rule, figures, explanation: 'The credit stops if you marry again, enter a civil partnership or live with a partner.' });
    }
    if (data.qualifyingChild !== 'yes') {
      return credit(0, { rule, figures, explanation: 'The credit needs a qualifying child living with you.' });
    }
    if (after < 1 || after > credits.length) {
      return credit(0, {
        rule,
        figures,
        explanation:
          after < 1
            ? `The credit starts in the year after the bereavement (${died === null ? 'the date is unreadable' : died + 1}).`
            : `The credit is for the five years after the bereavement; ${ctx.year} is year ${after}.`,
      });
    }
    const amount = credits[after - 1] ?? 0;
    return credit(amount, {
      rule,
      figures: { ...figures, creditDue: amount },
      explanation: `Widowed Parent Tax Credit ${ctx.year}: year ${after} after the bereavement, ${euro(amount)}.`,
    });
  },
};
