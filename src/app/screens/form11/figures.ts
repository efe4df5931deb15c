/**
 * How the engine's figures read on screen. An estimate names each figure it used
 * (`{ rentPaid: 14400, cap: 1000, rate: 0.2 }`); this table gives each name its words and its
 * unit, so "how we got this" reads "Rent paid €14,400 · Cap €1,000 · Rate 20%". A test checks
 * that every name the engine produces is listed here.
 */
import { formatMoney } from '../../../domain/money.ts';

type Unit = 'euro' | 'rate' | 'count';

interface FigureWords {
  readonly label: string;
  readonly unit: Unit;
}

const euro = (label: string): FigureWords => ({ label, unit: 'euro' });
const rate = (label: string): FigureWords => ({ label, unit: 'rate' });
const count = (label: string): FigureWords => ({ label, unit: 'count' });

export const FIGURE_WORDS: Readonly<Record<string, FigureWords>> = {
  adultCap: euro('Cap per adult'),
  ageInYear: count('Your age in the year'),
  ageRelatedShare: rate('Age-related limit'),
  allowableExpenses: euro('Allowable expenses'),
  allowance: euro('Allowance'),
  alreadyCounted: euro('Already used of the limit'),
  amountForChildrenOnly: euro('For the children only'),
  amountForThisYear: euro('Set against this year'),
  amountInvested: euro('Amount invested'),
  amountPaid: euro('Amount paid'),
  amountReceived: euro('Amount received'),
  amountRefunded: euro('Refunded to you'),
  amountReimbursed: euro('Paid back to you'),
  annualCap: euro('Yearly cap'),
  apportionedBills: euro('Bills for days at home'),
  balanceMaximum: euro('Highest balance that qualifies'),
  balanceMinimum: euro('Lowest balance that qualifies'),
  bandIncrease: euro('Band increase'),
  bandSaving: euro('Saving from the wider band'),
  bills: euro('Bills'),
  cap: euro('Cap'),
  capPerProperty: euro('Cap per property'),
  carerCost: euro('Paid to the carer'),
  carerIncome: euro("Carer's income"),
  carriedForward: euro('Carried forward'),
  childCap: euro('Cap per child'),
  children: count('Children'),
  contributionsPaid: euro('Contributions paid'),
  credit: euro('Credit'),
  creditBothSpouses: euro('Credit for both spouses'),
  creditCarriedForward: euro('Credit carried forward'),
  creditCouple: euro('Credit for a couple'),
  creditDue: euro('Credit due'),
  creditOnePerson: euro('Credit for one person'),
  creditPerChild: euro('Credit per child'),
  creditPerRelative: euro('Credit per relative'),
  creditSingle: euro('Credit for one person'),
  creditYear1: euro('Year 1 after'),
  creditYear2: euro('Year 2 after'),
  creditYear3: euro('Year 3 after'),
  creditYear4: euro('Year 4 after'),
  creditYear5: euro('Year 5 after'),
  daysAtSea: count('Days at sea'),
  daysAtSeaPreviousYear: count('Days at sea the year before'),
  daysInYear: count('Days in the year'),
  daysWorkedFromHome: count('Days worked from home'),
  deductible: euro('Deductible'),
  deductionAtHigherRate: euro('Relieved at 40%'),
  deductionAtStandardRate: euro('Relieved at 20%'),
  disregard: euro('Disregard'),
  donation: euro('Donation'),
  earnedIncomeCredit: euro('Earned Income Credit'),
  earningsCap: euro('Earnings cap'),
  effectiveRate: rate('Effective rate'),
  employeeCredit: euro('Employee Tax Credit'),
  employeeCreditMaximum: euro('Employee credit maximum'),
  employeeCreditReceived: euro('Employee credit received'),
  employerAllowance: euro('Employer allowance'),
  excludedRoutineCare: euro('Routine care set aside'),
  expenses: euro('Expenses'),
  feesCounted: euro('Fees counted'),
  feesPaid: euro('Fees paid'),
  flatRateExpense: euro('Flat rate expense'),
  grossAmount: euro('Gross amount'),
  grossRent: euro('Gross rent'),
  incomeMovedTo20Percent: euro('Income moved to 20%'),
  incomeShareLimit: rate('Limit as a share of income'),
  incomeTax: euro('Income tax'),
  incomeTaxLiability: euro('Your income tax'),
  incomeThreshold: euro('Income allowed in full'),
  increaseShare: rate('Share of the increase'),
  interestIncrease: euro('Increase in interest'),
  limit: euro('Limit'),
  maximum: euro('Most allowed'),
  maximumPerCourse: euro('Maximum per course'),
  minimumAge: count('From age'),
  minimumDaysAtSea: count('Minimum days at sea'),
  minimumDonation: euro('Minimum donation'),
  netQualifying: euro('Net qualifying'),
  people: count('People covered'),
  personalCreditMarried: euro('Married personal credit'),
  personalCreditSingle: euro('Single personal credit'),
  premiums: euro('Premiums'),
  premiumsPaid: euro('Premiums paid'),
  premiumsRelieved: euro('Premiums relieved'),
  qualifying: euro('Qualifying amount'),
  qualifyingChildren: count('Children who qualify'),
  qualifyingRelatives: count('Relatives who qualify'),
  qualifyingSpend: euro('Qualifying spend'),
  rate: rate('Rate'),
  rateThisYear: rate('Rate this year'),
  reduction: euro('Reduced by'),
  relativeIncomeLimit: euro("Relative's income limit"),
  relatives: count('Relatives'),
  relievable: euro('Relievable'),
  rentPaid: euro('Rent paid'),
  seafarerIncome: euro('Seafaring pay'),
  share: rate('Share'),
  singleBand: euro('Standard rate band'),
  singleParentBand: euro('Single parent band'),
  taxAlreadyPaid: euro('Tax already paid'),
  taxCredited: euro('Tax credited'),
  taxableIncome: euro('Taxable income'),
  uncappedAmount: euro('Before the cap'),
  unusedCredit: euro('Not usable this year'),
  widowedAddition: euro('Widowed addition'),
  yearOfRelief: count('Year of relief'),
  yearsAfterBereavement: count('Years after the bereavement'),
};

function percent(value: number): string {
  return `${Number((value * 100).toFixed(2))}%`;
}

/** 'someFigureName' → 'Some figure name', for a name the table does not know yet. */
function humanise(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface ShownFigure {
  readonly name: string;
  readonly label: string;
  readonly value: string;
}

/** The figures of an estimate in words, in the engine's order. */
export function showFigures(figures: Readonly<Record<string, number>>): ShownFigure[] {
  return Object.entries(figures).map(([name, value]) => {
    const words = FIGURE_WORDS[name];
    const label = words?.label ?? humanise(name);
    switch (words?.unit) {
      case 'euro':
        return { name, label, value: formatMoney(value) };
      case 'rate':
        return { name, label, value: percent(value) };
      default:
        return { name, label, value: new Intl.NumberFormat('en-IE').format(value) };
    }
  });
}
