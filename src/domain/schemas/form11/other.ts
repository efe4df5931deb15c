/**
 * Other forms: the sea, property, donations and investment reliefs
 * (shared/reference/irish-tax-rules.md §2, §3, §4; R19–R21, R32–R35, R50).
 */
import * as m from '../messages.ts';
import {
  address,
  amount,
  choice,
  companyName,
  confirm,
  date,
  defineForm,
  days,
  eircode,
  list,
  loanValue,
  lptId,
  optionalMonths,
  optionalText,
  taxReference,
  text,
  yesNo,
} from './define.ts';

export const fisherTaxCreditForm = defineForm(
  {
    vesselName: text('Fishing vessel'),
    vesselRegistration: text('Vessel registration number'),
    registeredInEuOrUk: yesNo('Is the vessel registered in the EU or the UK?'),
    daysAtSea: days('Days at sea fishing in the year', { help: 'You need at least 80.' }),
    claimingSeafarerAllowance: yesNo("Are you claiming the Seafarers' Allowance for this year?", {
      help: "The Fisher Tax Credit cannot be claimed in the same year as the Seafarers' Allowance.",
    }),
  },
  {
    vesselName: 'Róisín Dubh',
    vesselRegistration: 'D123',
    registeredInEuOrUk: 'yes',
    daysAtSea: 120,
    claimingSeafarerAllowance: 'no',
  },
);

export const seafarerAllowanceForm = defineForm(
  {
    shipName: text('Ship'),
    employerName: companyName('Employer'),
    daysAtSea: days('Days at sea on voyages to or from foreign ports', { help: 'You need at least 161.' }),
    seafarerIncome: amount('Your pay as a seafarer for the year', { help: 'The allowance is deducted from this pay only.' }),
    claimingOtherSeaCredit: yesNo('Are you claiming the Fisher or Naval Service credit for this year?'),
  },
  { shipName: 'MV Celtic Star', employerName: 'Irish Ferries', daysAtSea: 180, seafarerIncome: 42000, claimingOtherSeaCredit: 'no' },
);

export const navalServiceCreditForm = defineForm(
  {
    vesselName: text('Naval vessel'),
    daysAtSeaPreviousYear: days('Days at sea on naval duty in the year before this one', { help: 'You need at least 80.' }),
    claimingOtherSeaCredit: yesNo("Are you claiming the Fisher Tax Credit or the Seafarers' Allowance for this year?"),
  },
  { vesselName: 'LÉ William Butler Yeats', daysAtSeaPreviousYear: 95, claimingOtherSeaCredit: 'no' },
);

export const ownerOccupierReliefForm = defineForm(
  {
    propertyAddress: address('Address of the home'),
    eircode: eircode('Eircode'),
    lptId: lptId('LPT property ID'),
    certificateReference: text("Local authority's Letter of Certification reference"),
    qualifyingSpend: amount('Refurbishment or conversion spend that qualifies'),
    firstOccupiedOn: date('Date you first lived in it after the work'),
    builtBefore1915: confirm('I confirm the home was built before 1915 and is in a Special Regeneration Area.'),
  },
  {
    propertyAddress: '4 John Street, Kilkenny',
    eircode: 'R95 K2P6',
    lptId: 'AB12CD34',
    certificateReference: 'KCC-LCI-2021-014',
    qualifyingSpend: 60000,
    firstOccupiedOn: '01.06.2021',
    builtBefore1915: true,
  },
);

export const homeRenovationIncentiveForm = defineForm(
  {
    creditCarriedForward: amount('Unused HRI credit carried forward', {
      help: 'Credit from your HRI statement that earlier years could not use.',
    }),
    workFinished: confirm(
      'I confirm the work was finished by 31 December 2018 (31 March 2019 with planning permission) and paid for under the HRI scheme.',
    ),
  },
  { creditCarriedForward: 400, workFinished: true },
);

export const approvedSportsBodiesForm = defineForm(
  {
    sportsBodyName: companyName('Sports body'),
    projectReference: optionalText('Approved project reference (optional)'),
    donationAmount: amount('Amount you donated in the year', { help: 'At least €250 in the year qualifies.' }),
    donationDate: date('Date of the donation'),
    claimingYourself: yesNo('Are you claiming the relief yourself, rather than giving it to the sports body?'),
  },
  {
    sportsBodyName: 'Ballyboden St Endas GAA',
    projectReference: '',
    donationAmount: 500,
    donationDate: '10.03.2025',
    claimingYourself: 'yes',
  },
);

export const startupReliefEntrepreneursForm = defineForm(
  {
    companyName: companyName('Company'),
    companyTaxReference: taxReference('Company tax reference', { help: '7 digits.' }),
    shareIssueDate: date('Date the shares were issued'),
    amountForThisYear: amount('Amount of your investment to set against this year', {
      help: 'SURE can be spread over the year of investment and the 6 years before it.',
    }),
    stakeAtLeast15Percent: yesNo('Do you hold at least 15% of the company?'),
    conditionsMet: confirm(
      'I confirm I left mainly PAYE employment, work full-time for the new company and paid cash for new shares.',
    ),
  },
  {
    companyName: 'Brightside Robotics Ltd',
    companyTaxReference: '1234567',
    shareIssueDate: '15.01.2025',
    amountForThisYear: 20000,
    stakeAtLeast15Percent: 'yes',
    conditionsMet: true,
  },
);

export const EII_HOLDING_PERIODS = ['4', '7'] as const;

export const employmentInvestmentIncentiveForm = defineForm(
  {
    companyName: companyName('Company'),
    companyTaxReference: taxReference('Company tax reference', { help: '7 digits.' }),
    shareIssueDate: date('Date the shares were issued'),
    amountInvested: amount('Amount invested in new shares'),
    holdingPeriod: choice('How long will you hold the shares?', { '4': '4 years', '7': '7 years' }, EII_HOLDING_PERIODS),
    followOnInvestment: yesNo('Is this a follow-on investment in a company you invested in before?'),
    certificateHeld: confirm('I confirm I have the EII certificate the company gave me.'),
  },
  {
    companyName: 'Wild Atlantic Foods Ltd',
    companyTaxReference: '7654321',
    shareIssueDate: '20.06.2024',
    amountInvested: 10000,
    holdingPeriod: '4',
    followOnInvestment: 'no',
    certificateHeld: true,
  },
);

export const mortgageInterestTaxCreditForm = defineForm(
  {
    properties: list(
      'Mortgaged homes',
      {
        lenderName: companyName('Lender'),
        mortgageAccountNumber: text('Mortgage account number'),
        propertyAddress: address('Address of the home'),
        eircode: eircode('Eircode'),
        lptId: lptId('LPT property ID'),
        balanceOn31December2022: loanValue('Mortgage balance on 31 December 2022', {
          help: 'The credit needs a balance between €80,000 and €500,000.',
        }),
        interestPaid2022: amount('Interest paid in 2022'),
        monthsWithLoanIn2022: optionalMonths('Months of 2022 the loan was in place', { help: 'Leave empty or 12 if you had it all year; interest for part of a year is pro-rated.' }),
        interestPaidThisYear: amount('Interest paid in the year you are claiming for'),
        monthsWithLoanThisYear: optionalMonths('Months of that year the loan was in place', { help: 'Leave empty or 12 if you had it all year.' }),
        lptCompliant: confirm('I confirm Local Property Tax is paid up for this home.'),
      },
      { addLabel: 'Add Property', emptyMessage: m.ADD_AT_LEAST_ONE_PROPERTY },
    ),
  },
  {
    properties: [
      {
        lenderName: 'Bank of Ireland',
        mortgageAccountNumber: '40012345',
        propertyAddress: '7 Oak Park, Naas',
        eircode: 'W91 E2D4',
        lptId: 'ZX98CV76',
        balanceOn31December2022: 250000,
        interestPaid2022: 6000,
        monthsWithLoanIn2022: 12,
        interestPaidThisYear: 11000,
        monthsWithLoanThisYear: 12,
        lptCompliant: true,
      },
    ],
  },
);
