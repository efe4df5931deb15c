/**
 * Your Job forms: pensions, work expenses and the PAYE and earned income credits
 * (shared/reference/irish-tax-rules.md §2, §4, §5; R26–R29, R37, R52, R61).
 */
import { FLAT_RATE_EXPENSES, FLAT_RATE_EXPENSE_IDS } from '../../tax/flatRateExpenses.ts';
import { amount, choice, companyName, defineForm, days, optionalAmount, text } from './define.ts';

const pensionFields = (providerHelp: string) => ({
  providerName: companyName('Pension provider', { help: providerHelp }),
  policyNumber: text('Policy or member number'),
  contributionsPaid: amount('Contributions you paid for this year', {
    help: 'Include a once-off payment made by 31 October of the next year that you elect to relieve in this year. Employer contributions do not count.',
  }),
  // Relief for an earlier year depends on that year's earnings, not today's income: /pension-refund
  // asks it per year and sends it with the answer (the Form 11 page itself does not show it).
  incomeInYear: optionalAmount('Your income that year'),
});

/** The pension pages show every field but the year's income, which only /pension-refund asks. */
function withoutYearIncomeField<TForm extends { fields: readonly { name: string }[] }>(form: TForm): TForm {
  return { ...form, fields: form.fields.filter((field) => field.name !== 'incomeInYear') };
}

export const additionalVoluntaryContributionsForm = withoutYearIncomeField(defineForm(pensionFields('The provider of your workplace pension scheme.'), {
  providerName: 'Irish Life',
  policyNumber: 'AVC-552901',
  contributionsPaid: 3000,
}));

export const personalRetirementSavingsForm = withoutYearIncomeField(defineForm(pensionFields('The company your PRSA is with.'), {
  providerName: 'Zurich Life',
  policyNumber: 'PRSA-118877',
  contributionsPaid: 2400,
}));

export const retirementAnnuityReliefForm = withoutYearIncomeField(defineForm(pensionFields('The company your retirement annuity contract is with.'), {
  providerName: 'New Ireland Assurance',
  policyNumber: 'RAC-903344',
  contributionsPaid: 4000,
}));

const OCCUPATION_LABELS = Object.fromEntries(FLAT_RATE_EXPENSES.map((entry) => [entry.id, entry.title])) as Record<string, string>;

/** Revenue agrees one yearly amount per occupation: the claim picks the occupation, never types an amount. */
export const flatRateExpensesForm = defineForm(
  {
    occupation: choice('Your job', OCCUPATION_LABELS, FLAT_RATE_EXPENSE_IDS, {
      help: 'As it appears in Revenue’s list of flat rate expenses; the amount for it is Revenue’s.',
    }),
    employerName: companyName('Employer'),
  },
  { occupation: 'electrician', employerName: 'Spark Electrical Ltd' },
);

export const remoteWorkingReliefForm = defineForm(
  {
    employerName: companyName('Employer'),
    electricityCost: optionalAmount('Electricity bills for the year'),
    heatingCost: optionalAmount('Heating bills for the year'),
    broadbandCost: optionalAmount('Broadband bills for the year'),
    daysWorkedFromHome: days('Days you worked from home', {
      help: 'Only days you actually worked at home: no weekends, holidays or leave.',
    }),
    employerAllowance: optionalAmount('Allowance your employer paid you for working from home', {
      help: 'Tax-free payments of up to €3.20 a day.',
    }),
  },
  {
    employerName: 'Acme Software Ltd',
    electricityCost: 1200,
    heatingCost: 700,
    broadbandCost: 500,
    daysWorkedFromHome: 120,
    employerAllowance: 0,
  },
);

export const employeeTaxCreditForm = defineForm(
  {
    employerName: companyName('Employer', { help: 'Your employer already gives you this credit through payroll.' }),
  },
  { employerName: 'Acme Software Ltd' },
);

export const earnedIncomeTaxCreditForm = defineForm(
  {
    sourceOfIncome: text('Where the income comes from', { help: 'Your trade or profession, or the company you are a proprietary director of.' }),
    earnedIncome: amount('Self-employed income or director’s pay for the year'),
    employeeCreditReceived: optionalAmount('Employee Tax Credit you already get', {
      help: 'From your PAYE job, if you have one; the two credits together cannot exceed the Employee Tax Credit.',
    }),
  },
  { sourceOfIncome: 'Freelance photography', earnedIncome: 18000, employeeCreditReceived: 0 },
);
