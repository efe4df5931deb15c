/**
 * You & Your Family forms (shared/reference/irish-tax-rules.md §2, §3, §4; R14–R18, R25, R31,
 * R44, R49, R62).
 */
import * as m from '../messages.ts';
import {
  address,
  amount,
  choice,
  companyName,
  date,
  defineForm,
  eircode,
  list,
  optionalAmount,
  optionalText,
  optionalYesNo,
  percent,
  personName,
  propertyId,
  text,
  yesNo,
} from './define.ts';

export const dependentRelativeTaxCreditForm = defineForm(
  {
    relatives: list(
      'Relatives you support',
      {
        relativeName: personName('Name of the relative'),
        relationship: text('How they are related to you', { help: 'For example mother, father-in-law, aunt.' }),
        relativeIncome: amount('Their own total income for the year'),
        yourSharePercent: percent('Your share of the cost of supporting them (%)', {
          help: 'Enter 100 if nobody else helps; if several people support them, the credit is shared.',
        }),
      },
      { addLabel: 'Add Relative', emptyMessage: m.ADD_AT_LEAST_ONE_RELATIVE },
    ),
  },
  { relatives: [{ relativeName: 'Bridget Walsh', relationship: 'Mother', relativeIncome: 14000, yourSharePercent: 100 }] },
);

export const incapacitatedChildTaxCreditForm = defineForm(
  {
    children: list(
      'Children',
      {
        childName: personName("Child's name"),
        childDateOfBirth: date("Child's date of birth"),
        incapacity: text('The incapacity', { help: 'The permanent physical or mental condition, as your doctor certified it.' }),
        carerReliefClaimed: yesNo('Are you also claiming relief for employing a carer for this child?', {
          help: 'The credit and the carer relief cannot both be claimed for the same person.',
        }),
      },
      { addLabel: 'Add Child', emptyMessage: m.ADD_AT_LEAST_ONE_CHILD },
    ),
  },
  {
    children: [{ childName: 'Ciara Kelly', childDateOfBirth: '03.09.2012', incapacity: 'Cerebral palsy', carerReliefClaimed: 'no' }],
  },
);

export const maintenancePaymentReliefForm = defineForm(
  {
    recipientName: personName('Name of your former spouse or civil partner'),
    amountPaid: amount('Maintenance you paid in the year'),
    amountForChildrenOnly: optionalAmount('Part of it paid only for your children', {
      help: 'Maintenance for children only gets no relief.',
    }),
    legallyEnforceable: yesNo('Are the payments made under a court order or a legally binding agreement?'),
    jointlyAssessed: yesNo('Have you and the recipient chosen joint assessment?', {
      help: 'If you are jointly assessed, the payments are ignored for tax.',
    }),
  },
  { recipientName: 'Niamh Doyle', amountPaid: 9600, amountForChildrenOnly: 3600, legallyEnforceable: 'yes', jointlyAssessed: 'no' },
);

export const singlePersonChildCarerCreditForm = defineForm(
  {
    childName: personName("Child's name"),
    childDateOfBirth: date("Child's date of birth"),
    childLivesWithYou: yesNo('Did the child live with you for more than half of the year?'),
    childInEducationOrIncapacitated: yesNo(
      'If the child was 18 or over at the start of the year: were they in full-time education or permanently incapacitated?',
      { help: 'Answer No if the child was under 18.' },
    ),
    livingWithPartner: yesNo('Were you married, in a civil partnership or living with a partner at any time in the year?'),
  },
  {
    childName: 'Oisín Byrne',
    childDateOfBirth: '21.05.2015',
    childLivesWithYou: 'yes',
    childInEducationOrIncapacitated: 'no',
    livingWithPartner: 'no',
  },
);

export const RENT_PURPOSES = ['home', 'work-or-course', 'child-course'] as const;

export const rentTaxCreditForm = defineForm(
  {
    landlordName: companyName('Landlord', { help: 'The person or company you paid the rent to.' }),
    propertyAddress: address('Address of the rented property'),
    eircode: eircode('Eircode'),
    propertyId: propertyId('LPT property ID (optional)', { help: "The landlord's Local Property Tax ID, if you know it." }),
    rtbRegistrationNumber: optionalText('RTB tenancy registration number (optional)'),
    purpose: choice(
      'What was the property for?',
      {
        home: 'My main home',
        'work-or-course': 'A second place I stayed in for work or an approved college course',
        'child-course': 'My child stayed in it for an approved college course',
      },
      RENT_PURPOSES,
    ),
    childUnder23AtCourseStart: optionalYesNo("If the rent was for your child's course: was your child under 23 when the course began?", {
      help: 'Rent for a child’s course counts only then. Leave it empty if the rent was not for your child.',
    }),
    rentPaid: amount('Rent you paid in the year'),
    landlordIsRelative: yesNo('Is the landlord your parent or another relative?'),
    housingSupport: yesNo('Did you get HAP, Rent Supplement or RAS, or rent under cost rental, for this home?'),
  },
  {
    landlordName: 'Harbour Lettings Ltd',
    propertyAddress: '12 Quay Street, Galway',
    eircode: 'H91 X2Y3',
    propertyId: '',
    rtbRegistrationNumber: '',
    purpose: 'home',
    childUnder23AtCourseStart: '',
    rentPaid: 14400,
    landlordIsRelative: 'no',
    housingSupport: 'no',
  },
);

export const tuitionFeesForm = defineForm(
  {
    courses: list(
      'Courses',
      {
        studentName: personName('Student'),
        collegeName: companyName('College'),
        courseName: text('Course'),
        fullTime: yesNo('Is the course full-time?'),
        feesPaid: amount('Fees you paid for the academic year', {
          help: 'Tuition and the student contribution; registration, exam, sports and students’ union levies do not count.',
        }),
      },
      { addLabel: 'Add Course', emptyMessage: m.ADD_AT_LEAST_ONE_COURSE },
    ),
  },
  {
    courses: [
      { studentName: 'Aoife Ryan', collegeName: 'University College Dublin', courseName: 'BA Economics', fullTime: 'yes', feesPaid: 5500 },
    ],
  },
);

export const CARER_DEPENDANTS = ['child', 'aged-65-or-over', 'incapacitated'] as const;
export const HOME_CARERS = ['me', 'spouse'] as const;

/** Home Carer Tax Credit (§2; R45, R46): a married couple, jointly assessed, one caring at home. */
export const homeCarerTaxCreditForm = defineForm(
  {
    whoIsTheCarer: choice('Who cares for the dependent person at home?', { me: 'Me', spouse: 'My husband, wife or civil partner' }, HOME_CARERS),
    carerIncome: amount("The carer's own income for the year", {
      help: 'Up to €7,200 the full credit is given; above that it is reduced by half of the difference.',
    }),
    dependant: choice(
      'Who is cared for?',
      {
        child: 'A child for whom Child Benefit is paid',
        'aged-65-or-over': 'A person aged 65 or over',
        incapacitated: 'A person who is permanently incapacitated',
      },
      CARER_DEPENDANTS,
      { help: 'Not the husband, wife or civil partner themselves.' },
    ),
    dependantLivesWithYou: yesNo('Does the person cared for live with you (or next door, or within 2 km with a direct link)?'),
  },
  { whoIsTheCarer: 'spouse', carerIncome: 6000, dependant: 'child', dependantLivesWithYou: 'yes' },
);

/** Age Tax Credit (§2; R47): 65 or over at any time in the year (your age comes from your profile). */
export const ageTaxCreditForm = defineForm(
  {
    spouseAged65OrOver: yesNo('Was your husband, wife or civil partner 65 or over at any time in the year?', {
      help: 'Your own age comes from your date of birth. Answer No if you are single.',
    }),
  },
  { spouseAged65OrOver: 'no' },
);

/** Widowed Person Tax Credit (§2; R8, R51): the year of the bereavement, and the years after without a qualifying child. */
export const widowedPersonTaxCreditForm = defineForm(
  {
    dateOfDeath: date('Date your husband, wife or civil partner died'),
    qualifyingChild: yesNo('Does a child live with you who is under 18, or over 18 and in full-time education or incapacitated?'),
    remarriedOrCohabiting: yesNo('Have you married again, entered a civil partnership or lived with a partner since?'),
  },
  { dateOfDeath: '14.03.2021', qualifyingChild: 'no', remarriedOrCohabiting: 'no' },
);

/** Widowed Parent Tax Credit (§2; R51): the five years after the year of bereavement, with a qualifying child. */
export const widowedParentTaxCreditForm = defineForm(
  {
    dateOfDeath: date('Date your husband, wife or civil partner died'),
    qualifyingChild: yesNo('Does a child live with you who is under 18, or over 18 and in full-time education or incapacitated?'),
    remarriedOrCohabiting: yesNo('Have you married again, entered a civil partnership or lived with a partner since?'),
  },
  { dateOfDeath: '14.03.2022', qualifyingChild: 'yes', remarriedOrCohabiting: 'no' },
);
