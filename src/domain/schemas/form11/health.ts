/**
 * Health forms: what Revenue needs for each health credit or relief
 * (shared/reference/irish-tax-rules.md §2 and §4; R22, R23, R24, R30, R36, R48).
 */
import * as m from '../messages.ts';
import {
  amount,
  choice,
  companyName,
  confirm,
  date,
  defineForm,
  flag,
  list,
  months,
  officeUseFlag,
  optionalAmount,
  personName,
  text,
  yesNo,
} from './define.ts';

export const assistanceDogAllowanceForm = defineForm(
  {
    organisationName: companyName('Organisation that trained the dog', {
      help: 'It must be accredited by Assistance Dogs Europe (ADEu).',
    }),
    accreditedOrganisation: confirm('I confirm the dog was trained by an ADEu-accredited organisation and I keep it.'),
  },
  { organisationName: 'Dogs for Disabilities', accreditedOrganisation: true },
);

export const guideDogAllowanceForm = defineForm(
  {
    organisationName: companyName('Organisation that supplied the guide dog', { help: 'For example Irish Guide Dogs for the Blind.' }),
    getsBlindPersonCredit: yesNo("Do you get the Blind Person's Tax Credit?", {
      help: "The Guide Dog Allowance is only given with the Blind Person's Tax Credit.",
    }),
    keepsTheDog: confirm('I confirm I keep a trained guide dog.'),
  },
  { organisationName: 'Irish Guide Dogs for the Blind', getsBlindPersonCredit: 'yes', keepsTheDog: true },
);

export const BLIND_PERSONS = ['me', 'spouse', 'both'] as const;

export const blindPersonTaxCreditForm = defineForm(
  {
    whoIsBlind: choice(
      'Who is blind or severely visually impaired?',
      { me: 'Me', spouse: 'My husband, wife or civil partner', both: 'Both of us' },
      BLIND_PERSONS,
    ),
    ophthalmologistName: personName('Name of the eye specialist who certified it'),
    certificateDate: date('Date of the certificate'),
    certificateConfirmed: confirm(
      'I confirm the certificate shows central vision of 6/60 or worse in the better eye, or a field of vision of 20 degrees or less.',
    ),
  },
  { whoIsBlind: 'me', ophthalmologistName: 'Dr Aoife Byrne', certificateDate: '14.02.2020', certificateConfirmed: true },
);

export const healthExpensesForm = defineForm(
  {
    doctorsAndConsultants: optionalAmount('Doctor and consultant fees', { help: 'GP, consultant and prescribed physiotherapy fees.' }),
    prescribedMedicines: optionalAmount('Prescribed medicines'),
    nonRoutineDental: optionalAmount('Non-routine dental treatment', {
      help: 'Crowns, veneers, root canal, gum treatment, implants, orthodontics, bridges (your dentist gives you a Form Med 2).',
    }),
    otherQualifyingCare: optionalAmount('Other qualifying care', {
      help: "Hospital and maternity care, ambulance, diagnostic tests, medical appliances on a doctor's advice, children's speech therapy and educational-psychological assessments.",
    }),
    routineDentalAndEyeCare: optionalAmount('Routine dental and eye care (not relieved)', {
      help: 'Fillings, scaling, ordinary extractions, dentures, eye tests and glasses get no relief; enter them only to see them set aside.',
    }),
    amountRefunded: optionalAmount('Amount refunded to you', {
      help: 'Anything your health insurer, the HSE or a compensation payment paid back.',
    }),
  },
  {
    doctorsAndConsultants: 800,
    prescribedMedicines: 300,
    nonRoutineDental: 1200,
    otherQualifyingCare: 0,
    routineDentalAndEyeCare: 100,
    amountRefunded: 400,
  },
);

export const nursingHomeExpensesForm = defineForm(
  {
    residentName: personName('Name of the person in the nursing home'),
    nursingHomeName: companyName('Nursing home'),
    feesPaid: amount('Fees you paid'),
    amountRefunded: optionalAmount('Amount refunded or paid by others', {
      help: 'Any part paid back by an insurer or the HSE, or paid by someone else.',
    }),
  },
  { residentName: 'Mary Murphy', nursingHomeName: 'Sunnybank Nursing Home', feesPaid: 30000, amountRefunded: 0 },
);

/** The medical insurance page payload, exactly as spec section 3 names it. */
export const medicalInsuranceReliefForm = defineForm(
  {
    selectedEmployment: text('Employment', { help: 'The employer who paid the premium for you.' }),
    insurances: list(
      'Insurances',
      {
        nameOfPersonCoveredByPolicy: personName('Name of person covered by the policy'),
        amountOfGrossPremium: amount('Gross premium', { help: 'The full premium before any tax relief at source.' }),
        amountOfMonthsPolicyWasActive: months('Months the policy was active'),
        isChild: flag('This person is a child (under 21)'),
        isForOfficeUseOnly: officeUseFlag('For office use only'),
      },
      { addLabel: 'Add Insurance', emptyMessage: m.ADD_AT_LEAST_ONE_INSURANCE },
    ),
  },
  {
    selectedEmployment: 'Acme Software Ltd',
    insurances: [
      {
        nameOfPersonCoveredByPolicy: 'Seán Ó Briain',
        amountOfGrossPremium: 1200,
        amountOfMonthsPolicyWasActive: 12,
        isChild: false,
        isForOfficeUseOnly: false,
      },
    ],
  },
);

const incomeProtectionFields = {
  insurerName: companyName('Insurer'),
  policyNumber: text('Policy number'),
  premiumsPaid: amount('Premiums you paid in the year'),
  approvedScheme: confirm('I confirm the policy is a Revenue-approved permanent health benefit scheme.'),
};

export const permanentHealthBenefitForm = defineForm(incomeProtectionFields, {
  insurerName: 'Irish Life',
  policyNumber: 'PHI-204311',
  premiumsPaid: 600,
  approvedScheme: true,
});

export const incomeContinuanceForm = defineForm(
  {
    ...incomeProtectionFields,
    insurerName: companyName('Insurer or scheme', { help: 'The group scheme your employer, union or professional body arranged.' }),
  },
  { insurerName: 'Cornmarket Group', policyNumber: 'IC-778120', premiumsPaid: 480, approvedScheme: true },
);

/** Employing a carer for an incapacitated person (§2; R56): a deduction at the marginal rate, up to €75,000. */
export const employingCarerReliefForm = defineForm(
  {
    incapacitatedPersonName: personName('Name of the person cared for'),
    relationship: text('How they are related to you', { help: 'Yourself, your spouse, a child or another relative.' }),
    carerName: personName('Name of the carer or agency'),
    carerCost: amount('What you paid the carer in the year'),
    amountReimbursed: optionalAmount('Amount paid back to you', { help: 'By the HSE, an insurer or anyone else.' }),
    otherCreditClaimed: yesNo('Is anyone claiming the Incapacitated Child or Dependent Relative credit for this person?', {
      help: 'The relief and those credits cannot both be claimed for the same person.',
    }),
    permanentlyIncapacitated: confirm('I confirm the person cared for is permanently incapacitated, physically or mentally.'),
  },
  {
    incapacitatedPersonName: 'Seán Walsh',
    relationship: 'Father',
    carerName: 'Home Instead Dublin',
    carerCost: 18000,
    amountReimbursed: 0,
    otherCreditClaimed: 'no',
    permanentlyIncapacitated: true,
  },
);
