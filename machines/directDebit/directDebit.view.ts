import * as v from 'valibot';
import type { SnapshotFrom } from 'xstate';
import { apiDateToDisplayDate, calendarDay, displayDateToApiDate, parseApiDate } from '../../src/domain/dates.ts';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../../src/domain/failureMessage.ts';
import { type ApiFailure, isEmailUnverified } from '../../src/domain/failure.ts';
import { fieldErrors as issueFieldErrors } from '../../src/domain/schemas/issues.ts';
import { DATE_INVALID } from '../../src/domain/schemas/messages.ts';
import { type DirectDebitRequest, type Mandate, directDebitRequestSchema } from '../../src/domain/schemas/pension.ts';
import { memoLast } from '../shared/memo.ts';
import type { DirectDebitMachine } from './directDebit.machine.ts';

type Snapshot = Pick<SnapshotFrom<DirectDebitMachine>, 'value' | 'context' | 'hasTag' | 'can'>;

export type DirectDebitStep =
  | 'loading'
  | 'loadFailed'
  | 'viewing'
  | 'editing'
  | 'saving'
  | 'confirmingIdentity'
  | 'steppingUp'
  | 'confirmingCancel'
  | 'cancelling'
  | 'pausing'
  | 'resuming';

/** The mandate form as Mantine holds it: the start date typed DD.MM.YYYY. */
export interface MandateFormValues {
  iban: string;
  amount: number | '';
  day_of_month: number | '';
  start_date: string;
  mandate_accepted: boolean;
}

export interface MandateForm {
  /** Changing the active mandate (its IBAN may be left empty) rather than setting one up. */
  changing: boolean;
  /** The active mandate's masked IBAN, when changing. */
  keptIban: string | null;
  initialValues: MandateFormValues;
  /** Field messages of the values as typed (the request schema of today). */
  validate(values: MandateFormValues): Record<string, string>;
  /** The request the values make, or null while they are not valid. */
  toRequest(values: MandateFormValues): DirectDebitRequest | null;
}

export interface DirectDebitView {
  step: DirectDebitStep;
  busy: boolean;
  canSubmit: boolean;
  canCancel: boolean;
  canConfirmCancel: boolean;
  /** "Pause" is offered: the mandate collects. */
  canPause: boolean;
  /** "Resume" is offered: the mandate is paused. */
  canResume: boolean;
  /** The cancel question is showing. */
  askingToCancel: boolean;
  /** A new account: the password is asked for again before the mandate is saved. */
  askingIdentity: boolean;
  canStepUp: boolean;
  error: string | null;
  /** Refused because the email address is not proven: "Resend link" is offered beside the error. */
  offerNewLink: boolean;
  fieldErrors: FieldErrors;
  /** `pausedUntilDisplay`: the last day of the pause as DD.MM.YYYY, null while the mandate collects. */
  mandate: (Mandate & { nextCollectionDisplay: string; pausedUntilDisplay: string | null }) | null;
  /** What the last change did, for a short confirmation. */
  notice: 'saved' | 'changed' | 'cancelled' | 'paused' | 'resumed' | null;
  form: MandateForm | null;
}

const SUBMIT_PROBE = { type: 'directDebit.submit', request: { amount: 10, day_of_month: 1, start_date: '', mandate_accepted: true } } as const;

/** The values as the request: the date sent as YYYY-MM-DD, an empty IBAN left out when changing. */
function requestOf(values: MandateFormValues, changing: boolean) {
  const { iban, start_date, ...rest } = values;
  return { ...rest, ...(changing && iban.trim() === '' ? {} : { iban }), start_date: displayDateToApiDate(start_date) ?? start_date };
}

const formFor = memoLast((key: string): Omit<MandateForm, 'initialValues' | 'keptIban'> => {
  const [today, changingFlag] = key.split('|');
  const changing = changingFlag === 'changing';
  const schema = directDebitRequestSchema(parseApiDate(today) ?? calendarDay(new Date(0)));
  return {
    changing,
    validate(values) {
      const result = v.safeParse(schema, requestOf(values, changing));
      const errors: Record<string, string> = {};
      for (const [field, messages] of Object.entries(issueFieldErrors(result.issues))) if (messages[0]) errors[field] = messages[0];
      // A typed date that is not DD.MM.YYYY says so, not the range message of its converted form.
      if (values.start_date.trim() !== '' && displayDateToApiDate(values.start_date) === null) errors.start_date = DATE_INVALID;
      return errors;
    },
    toRequest(values) {
      const parsed = v.safeParse(schema, requestOf(values, changing));
      return parsed.success ? parsed.output : null;
    },
  };
});

/**
 * The refusal's words for the banner. A wrong password at "Please confirm it is you" is said under
 * the password field (the server names it), so the banner would only repeat the generic "The given
 * data was invalid." beside it.
 */
function bannerError(error: ApiFailure | null, step: DirectDebitStep): string | null {
  if (!error) return null;
  if ((step === 'confirmingIdentity' || step === 'steppingUp') && fieldErrorsOf(error).password) return null;
  return failureMessage(error);
}

/** The direct debit as /direct-debit shows it. */
export function directDebitView(snapshot: Snapshot): DirectDebitView {
  const { context } = snapshot;
  const step = snapshot.value as DirectDebitStep;
  const mandate = context.mandate;
  const today = parseApiDate(context.today) ?? calendarDay(new Date(0));
  return {
    step,
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.can(SUBMIT_PROBE),
    canCancel: snapshot.can({ type: 'directDebit.cancel' }),
    canConfirmCancel: snapshot.can({ type: 'directDebit.cancelConfirm' }),
    canPause: snapshot.can({ type: 'directDebit.pause' }),
    canResume: snapshot.can({ type: 'directDebit.resume' }),
    askingToCancel: step === 'confirmingCancel' || step === 'cancelling',
    askingIdentity: step === 'confirmingIdentity' || step === 'steppingUp',
    canStepUp: snapshot.can({ type: 'directDebit.stepUp', proof: { password: '' } }),
    error: bannerError(context.error, step),
    offerNewLink: isEmailUnverified(context.error),
    fieldErrors: fieldErrorsOf(context.error),
    mandate: mandate
      ? {
          ...mandate,
          nextCollectionDisplay: apiDateToDisplayDate(mandate.next_collection) ?? '',
          pausedUntilDisplay: mandate.paused_until ? (apiDateToDisplayDate(mandate.paused_until) ?? mandate.paused_until) : null,
        }
      : null,
    notice: context.notice,
    form:
      step === 'editing' || step === 'saving'
        ? {
            ...formFor(`${context.today}|${mandate ? 'changing' : 'new'}`),
            keptIban: mandate?.iban_masked ?? null,
            initialValues: {
              iban: '',
              amount: mandate?.amount ?? '',
              day_of_month: mandate?.day_of_month ?? '',
              // A week ahead: time for the bank to register the mandate before the first collection.
              start_date: today.add(7, 'day').format('DD.MM.YYYY'),
              mandate_accepted: false,
            },
          }
        : null,
  };
}
