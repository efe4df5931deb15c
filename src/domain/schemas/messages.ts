/**
 * Every validation and alert message, verbatim from spec sections 5 and 8, in one place so the
 * forms, the API client and the server can never drift apart. Messages the spec does not give
 * (marked "not in the spec") follow the same tone.
 */

// Those the first page's code shows (sign-in, the session, loading) live in sessionMessages.ts, so the
// first page does not carry every message of the app: used from here like the rest.
import { SOMETHING_WENT_WRONG } from './sessionMessages.ts';
export { CHECK_HIGHLIGHTED_FIELDS, GENERIC_ERROR, LOADING, LOGIN_FORMAT, LOGIN_INVALID_CREDENTIALS, NO_REFRESH_TOKEN, SERVER_ERROR, SOMETHING_WENT_WRONG, loginFailed, registerFailed } from './sessionMessages.ts';

export const REQUIRED = 'This field is required';

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Please enter a valid email address';

export const MIN_2_CHARACTERS = 'Must be at least 2 characters';
export const NAME_CHARACTERS = 'Can only contain letters, spaces, hyphens and apostrophes';

export const PASSWORD_REQUIRED = 'Password is required';
/** Not in the spec (new-password policy from the security checklist, A3). */
export const PASSWORD_MIN = 'Password must be at least 8 characters';
/** Not in the spec. */
export const PASSWORD_MAX = 'Password must be at most 128 characters';
/** Not in the spec (reset password: password and confirmation differ). */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export const PPSN_INVALID = 'Please enter a valid PPSN (7 digits followed by 1-2 letters)';
/** Sign-up with an address that has an account: the screen offers Log in and Reset password. */
export const EMAIL_TAKEN = 'An account with this email already exists';
/** The format is right but the check letter does not match the digits: most likely a typo. */
export const PPSN_CHECK_FAILED = 'This PPSN does not check out: look for a typo';

export const MIN_AGE = 'You must be at least 16 years old to register';
export const DATE_INVALID = 'Please enter a valid date';
/** Register: an unparseable date of birth (spec section 8). */
export const DATE_OF_BIRTH_INVALID = 'Invalid date of birth';

export const MONTHS_RANGE = 'Must be between 1 and 12 months';
export const POSITIVE_AMOUNT = 'Must be a positive amount';
export const DAYS_MAX = 'Cannot exceed 365 days';
export const LEASE_MIN = 'Must be at least 1 month';
export const LEASE_MAX = 'Must be less than 120 months';
export const LOAN_MIN = 'Loan value must be at least €60,000';
export const LOAN_MAX = 'Loan value must be less than €500,000';

export const CONFIRM_REQUIRED = 'You must confirm this statement';
export const SELECT_AT_LEAST_ONE = 'Please select at least one option to continue';
export const ADD_AT_LEAST_ONE_INSURANCE = 'Please add at least one insurance';

/** Not in the spec. */
export const WHOLE_NUMBER = 'Must be a whole number';
/** Not in the spec (upper bound on money amounts such as annual income). */
export const AMOUNT_MAX = 'Must be at most €10,000,000';
export const AMOUNT_TWO_DECIMALS = 'Use at most two decimal places (cents)';
/** Not in the spec ("Tax reference: numeric, exactly 7 digits"). */
export const TAX_REFERENCE_INVALID = 'Must be exactly 7 digits';
/** Not in the spec ("Company name min 2", "address min 5"). */
export const MIN_5_CHARACTERS = 'Must be at least 5 characters';
/** Not in the spec (upper bounds on free text). */
export const MAX_100_CHARACTERS = 'Must be at most 100 characters';
export const MAX_200_CHARACTERS = 'Must be at most 200 characters';
/** Not in the spec ("Property ID: 8 characters A-Z/0-9"). */
export const PROPERTY_ID_INVALID = 'Must be 8 letters or digits';
/** Not in the spec ("Eircode … required"). */
export const EIRCODE_INVALID = 'Please enter a valid Eircode';
/** Not in the spec (pension plan ID: letters, digits and hyphens, at most 64). */
export const PENSION_PLAN_ID_INVALID = 'Can only contain letters, digits and hyphens';
export const MAX_64_CHARACTERS = 'Must be at most 64 characters';
/** Not in the spec (the profile's pension plan ID format). */
export const PENSION_PLAN_ID_FORMAT = 'Enter your plan ID as IL- followed by 8 digits, e.g. IL-12345678';
/** Not in the spec (yes/no questions). */
export const YES_OR_NO = 'Please select yes or no';
/** Not in the spec (marital status select). */
export const MARITAL_STATUS_INVALID = 'Please select single or married';
/** Not in the spec (a boolean flag of the wrong type reaching the API). */
export const BOOLEAN_INVALID = 'Must be true or false';
/** Not in the spec (a token field sent empty, or absurdly long). */
export const TOKEN_REQUIRED = 'Token is required';
export const TOKEN_INVALID = 'Invalid token';
/** Not in the spec (a request body with a field the endpoint does not take). */
export const UNKNOWN_FIELD = 'Unknown field';
/** Not in the spec (a request body that is not a JSON object). */
export const INVALID_REQUEST = 'Invalid request';

// Alerts and server-facing messages of spec section 8.
export const PAYE_AUTHORISATION_FAILED = SOMETHING_WENT_WRONG;
export const OPT_OUT_UPDATE_FAILED = 'Failed to update preference. Please try again.';
export const PENSION_PLAN_REQUIRED_TITLE = 'Pension Plan ID Required';
export const PENSION_PLAN_REQUIRED_TEXT =
  'To make contributions to your pension, you need to set up your Irish Life Pension Plan ID first.';
export const PENSION_PLAN_REQUIRED_BUTTON = 'Set up now';
export const SESSION_TIMEOUT_TITLE = 'Session Timeout Warning';
/** Not in the spec (forgot password: the same answer whether or not the account exists). */
export const RESET_LINK_SENT = 'If an account exists for this email, we have sent a link to reset the password.';
export const CONTINUE_SESSION = 'Continue Session';

/** The session dialog text with the countdown already formatted as m:ss. */
export function sessionTimeoutText(countdown: string): string {
  return `Due to inactivity, you will be automatically logged out in ${countdown}. Would you like to continue your session?`;
}

// ---------------------------------------------------------------------------------------------
// Form 11 credit, relief and income forms (added for the refund engine's schemas).

/** Not in the spec (a select with no choice made, or a value it does not offer). */
export const CHOOSE_AN_OPTION = 'Please choose an option';
/** Not in the spec (a share of a cost, in whole percent). */
export const PERCENT_RANGE = 'Must be between 1 and 100';
/** Not in the spec (lists on the Form 11 pages; the medical insurance one is above). */
export const ADD_AT_LEAST_ONE_COURSE = 'Please add at least one course';
export const ADD_AT_LEAST_ONE_CHILD = 'Please add at least one child';
export const ADD_AT_LEAST_ONE_RELATIVE = 'Please add at least one relative';
export const ADD_AT_LEAST_ONE_PROPERTY = 'Please add at least one property';
/** Not in the spec (refund calculation requests the engine cannot answer; sent with a 422). */
export const TAX_YEAR_UNSUPPORTED = 'We cannot estimate refunds for that tax year';
export const CATEGORY_UNKNOWN = 'Unknown credit, relief or income type';
/** An answer with every amount empty or zero: it would put a €0 line into the claim. */
export const noAmountsEntered = (title: string) => `Nothing to claim for ${title}: enter at least one amount, or skip this page`;
export const REFUND_DATA_INVALID = 'Please check the details you entered';
/** A bulk calculation names a category twice: a claim holds each once (one cap, one limit). */
export const CATEGORY_TWICE = 'Each credit, relief or income can be in a claim only once';
/** The blind person's credit "for my spouse" on a profile that says single. */
export const BLIND_SPOUSE_NEEDS_MARRIED = 'Your profile says you are single: you can claim this credit for yourself only';
/** Profile: the spouse's income or the basis of assessment sent for a single user. */
export const SPOUSE_FIELDS_NEED_MARRIED = 'Only for a married user or civil partner';
export const ASSESSMENT_BASIS_INVALID = 'Please choose joint assessment, separate assessment or separate treatment';

/** Not in the spec (two-step sign-in). */
export const TWO_FACTOR_CODE_REQUIRED = 'Enter the code from your authenticator app';
export const TWO_FACTOR_CODE_INVALID = 'Enter the 6-digit code from your app, or a recovery code like abcde-12345';
export const APP_CODE_INVALID = 'Enter the 6-digit code from your app';
/** Not in the spec (Settings → Security). */
export const DEVICE_UNKNOWN = 'This device is not signed in to your account';
// ---------------------------------------------------------------------------------------------
// Answers and income declarations (POST /answer, /answer-multiple, /income-forms).

/** Not in the spec (an answer keyed by something that is no Form 11 page or income type). */
export const QUESTION_UNKNOWN = 'Unknown question';
/** Not in the spec (POST /answer-multiple with no answers). */
export const NO_ANSWERS = 'Please answer at least one question';
/** Not in the spec (the four-year rule: the year is past it, or not yet begun). */
export function claimYearClosed(year: number): string {
  return `Claims for ${year} are not accepted: Revenue accepts claims for the previous four years`;
}
/** Not in the spec (a credit that needs the finished year, claimed during it). */
export function claimAfterYearEnd(year: number): string {
  return `This can only be claimed after ${year} has ended`;
}
/** Not in the spec (a claim sent without a PAYE authorisation in force, or while opted out). */
export const PAYE_AUTHORISATION_REQUIRED = 'Please authorise MaxOut as your PAYE agent before submitting a claim.';

// ---------------------------------------------------------------------------------------------
// PAYE authorisation (POST /paye-authorization).

/** Not in the spec (the declaration sent without a drawn signature). */
export const SIGNATURE_REQUIRED = 'Please sign the declaration';
/** Not in the spec (a signature that is not a PNG drawn on the pad, or too large). */
export const DATE_OF_BIRTH_NOT_ACCOUNT = 'The date of birth must be the one on your profile';
export const SIGNATURE_INVALID = 'The signature must be a PNG image drawn on the signature pad';
/** Not in the spec (agent details sent that differ from the ones the server holds). */
export const AGENT_DETAILS_CHANGED = 'The agent details have changed. Please reload the page and sign again.';
/** Not in the spec (the taxpayer email must be the account's own, verified address). */
export const EMAIL_NOT_ACCOUNT = 'Must be the email address of your account';
/** Not in the spec (the only document holder offered). */
export const DOCUMENT_HOLDER_INVALID = 'Please choose who keeps the documents';
/** Not in the spec (`authorized` must be true). */
export const AUTHORIZED_REQUIRED = 'You must authorise MaxOut to act as your tax agent';
/** Not in the spec (text with a NUL or a broken character, which cannot be stored). */
export const TEXT_INVALID_CHARACTERS = 'Contains characters that are not allowed';
// Pension setup, contributions and direct debits (not in the spec).

export const CONTRIBUTION_MIN = 'Must be at least €1';
export const CONTRIBUTION_MAX = 'Must be at most €115,000';
export const CENTS_ONLY = 'Use at most two decimals (cents)';
export const TAX_YEAR_NOT_ASSIGNABLE = 'A contribution can count for this tax year, or for last year until 31 October';
export const SOURCE_UNKNOWN = 'Please choose an account or card';
export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 8 to 100 letters, digits, hyphens or underscores';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const PAYMENT_DECLINED = 'Your payment was declined. No money was taken. Please try another account or card.';
export const PAYMENT_IN_PROGRESS = 'This payment is still being processed. Please try again in a moment; it will not be taken twice.';
export const IBAN_INVALID = 'Please enter a valid IBAN';
export const IBAN_NOT_SEPA = 'We can only collect from a bank account in the SEPA area';
export const DIRECT_DEBIT_MIN = 'Must be at least €10';
export const DIRECT_DEBIT_MAX = 'Must be at most €10,000';
export const DAY_OF_MONTH_RANGE = 'Must be a day between 1 and 28';
export const START_DATE_RANGE = 'Must be from tomorrow to one year ahead';
export const MANDATE_REQUIRED = 'You must accept the mandate to continue';
export const NO_MANDATE = 'You have no direct debit to change';
export const PAUSE_UNTIL_RANGE = 'Must be from today to one year ahead';
export const MANDATE_NOT_PAUSED = 'Your direct debit is not paused';

// Linked bank accounts and round-ups (not in the spec).

export const ACCOUNT_UNKNOWN = 'This bank account is not linked to your account';
export const CONSENT_UNKNOWN = 'This bank link is not one of yours';
export const CONSENT_NOT_RENEWABLE = 'Only a bank link that is in force or has ended can be renewed';
export const CONSENT_NOT_REVOCABLE = 'This bank link has already ended';
export const BANK_CALLBACK_INVALID = 'This answer from the bank does not belong to this link. Please link the account again.';
export const FUNDING_EUR_ONLY = 'Round-ups can only be collected from a euro account';
export const FUNDING_TRUE_ONLY = 'Choose the account to collect from by setting funding to true';
export const BOOLEAN_REQUIRED = 'Must be true or false';
export const ROUNDUP_CAP_RANGE = 'Must be between €1 and €1,000 a week';
export const BALANCE_FLOOR_RANGE = 'Must be between €0 and €100,000';
export const PAUSE_RANGE = 'A pause can last from today up to 90 days';
export const BALANCE_FLOOR_REACHED =
  'Collecting the round-ups now would take your account below the minimum balance you set, so nothing was collected. They stay pending.';
export const BALANCE_UNKNOWN = 'We could not read your account balance to check your minimum balance, so nothing was collected. They stay pending.';
export const NO_FUNDING_ACCOUNT = 'Choose a euro account to collect round-ups from first.';
export const ROUNDUPS_DECLINED = 'Your bank declined the round-up payment. Nothing was taken; your round-ups are still pending.';
