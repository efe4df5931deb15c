/**
 * The 13 income sub-forms of /form11/final-form: the amount plus what each income needs
 * (shared/reference/irish-tax-rules.md §1 for the rates, §4 R31 for maintenance).
 */
import {
  address,
  amount,
  companyName,
  defineForm,
  eircode,
  leaseMonths,
  lptId,
  optionalAmount,
  optionalDays,
  personName,
  text,
  yesNo,
} from './define.ts';

const dividendFields = (country: string) => ({
  payerName: companyName('Company or fund that paid the dividends'),
  grossAmount: amount('Gross dividends in euro', { help: 'Before any tax was taken off.' }),
  foreignTaxWithheld: optionalAmount(`${country} tax withheld, in euro`),
});

export const canadianDividendsForm = defineForm(dividendFields('Canadian'), {
  payerName: 'Maple Leaf Holdings Inc',
  grossAmount: 800,
  foreignTaxWithheld: 120,
});

export const ukDividendsForm = defineForm(dividendFields('UK'), {
  payerName: 'Thames Utilities plc',
  grossAmount: 600,
  foreignTaxWithheld: 0,
});

export const usDividendsForm = defineForm(dividendFields('US'), {
  payerName: 'Hudson Tech Corp',
  grossAmount: 1000,
  foreignTaxWithheld: 150,
});

export const dividendsDistributionsForm = defineForm(
  {
    payerName: companyName('Company that paid the dividends'),
    grossAmount: amount('Gross dividends', { help: 'Before dividend withholding tax.' }),
    withholdingTaxDeducted: optionalAmount('Dividend withholding tax deducted'),
  },
  { payerName: 'Emerald Foods plc', grossAmount: 1000, withholdingTaxDeducted: 250 },
);

export const employmentOfficePensionForm = defineForm(
  {
    payerName: companyName('Employer or pension payer'),
    grossAmount: amount('Gross pay or pension for the year'),
    taxDeducted: optionalAmount('Income tax already deducted'),
  },
  { payerName: 'Dublin Bus Pension Scheme', grossAmount: 6000, taxDeducted: 0 },
);

export const feesCommissionsForm = defineForm(
  {
    payerName: companyName('Who paid the fees or commissions'),
    grossAmount: amount('Gross fees or commissions'),
    expenses: optionalAmount('Expenses of earning them'),
  },
  { payerName: 'Westside Estate Agents', grossAmount: 3000, expenses: 400 },
);

export const foreignPensionsForm = defineForm(
  {
    country: text('Country the pension comes from'),
    payerName: companyName('Pension payer'),
    grossAmount: amount('Gross pension in euro'),
    foreignTaxPaid: optionalAmount('Foreign tax paid on it, in euro'),
  },
  { country: 'United Kingdom', payerName: 'NHS Pensions', grossAmount: 5000, foreignTaxPaid: 0 },
);

export const foreignSalaryForm = defineForm(
  {
    country: text('Country you worked in'),
    employerName: companyName('Employer'),
    grossAmount: amount('Gross pay in euro'),
    foreignTaxPaid: optionalAmount('Foreign tax paid on it, in euro'),
    daysWorkedAbroad: optionalDays('Days you worked abroad (optional)'),
  },
  { country: 'Germany', employerName: 'Nordwind GmbH', grossAmount: 12000, foreignTaxPaid: 1500, daysWorkedAbroad: 60 },
);

export const maintenancePaymentsForm = defineForm(
  {
    payerName: personName('Name of your former spouse or civil partner'),
    amountReceived: amount('Maintenance you received in the year'),
    amountForChildrenOnly: optionalAmount('Part of it paid only for your children', { help: 'Maintenance for children only is not taxed.' }),
    legallyEnforceable: yesNo('Are the payments made under a court order or a legally binding agreement?'),
    jointlyAssessed: yesNo('Have you and the payer chosen joint assessment?'),
  },
  { payerName: 'Conor Doyle', amountReceived: 9600, amountForChildrenOnly: 3600, legallyEnforceable: 'yes', jointlyAssessed: 'no' },
);

export const rentalIncomeForm = defineForm(
  {
    propertyAddress: address('Address of the let property'),
    eircode: eircode('Eircode'),
    lptId: lptId('LPT property ID'),
    leaseMonths: leaseMonths('Length of the lease in months'),
    rtbRegistered: yesNo('Is the tenancy registered with the RTB?'),
    grossRent: amount('Rent received in the year'),
    allowableExpenses: optionalAmount('Allowable expenses', {
      help: 'Repairs, insurance, management fees, RTB fees and allowable mortgage interest.',
    }),
  },
  {
    propertyAddress: '22 Bridge Street, Cork',
    eircode: 'T12 AC34',
    lptId: 'QW34ER56',
    leaseMonths: 12,
    rtbRegistered: 'yes',
    grossRent: 18000,
    allowableExpenses: 4000,
  },
);

export const tradingProfitForm = defineForm(
  {
    tradeDescription: text('What the trade or profession is'),
    profit: amount('Profit for the year', { help: 'Income less allowable business expenses.' }),
  },
  { tradeDescription: 'Weekend market stall', profit: 4000 },
);

export const untaxedStateIncomeForm = defineForm(
  {
    paymentName: text('Which payment', { help: "For example Jobseeker's Benefit or Illness Benefit." }),
    amountReceived: amount('Amount received in the year'),
  },
  { paymentName: "Jobseeker's Benefit", amountReceived: 2500 },
);

export const irishTaxedIncomeForm = defineForm(
  {
    source: text('Where the income came from', { help: 'For example deposit interest from a bank.' }),
    grossAmount: amount('Gross amount, before tax'),
    taxDeducted: optionalAmount('Tax already deducted'),
  },
  { source: 'Deposit interest, AIB', grossAmount: 500, taxDeducted: 150 },
);
