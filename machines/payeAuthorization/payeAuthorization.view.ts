import type { SnapshotFrom } from 'xstate';
import { calendarDay, parseApiDate } from '../../src/domain/dates.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../../src/domain/failureMessage.ts';
import { payeFormSchema } from '../../src/domain/schemas/payeAuthorisation.ts';
import { OPT_OUT_UPDATE_FAILED, PAYE_AUTHORISATION_FAILED } from '../../src/domain/schemas/messages.ts';
import { memoLast } from '../shared/memo.ts';
import type { PayeAuthorizationMachine } from './payeAuthorization.machine.ts';
import type { PayeAuthorizationEvent, PayeFormValues } from './payeAuthorization.types.ts';

type Snapshot = Pick<SnapshotFrom<PayeAuthorizationMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;

/** Which part of the screen shows. */
export type PayeAuthorizationStep = 'loading' | 'unavailable' | 'optedOut' | 'unverified' | 'form' | 'leaving';

export interface PayeAuthorizationView {
  step: PayeAuthorizationStep;
  /** A request is on its way. */
  busy: boolean;
  /** Which request, for the button that shows its progress. */
  submitting: boolean;
  enabling: boolean;
  resending: boolean;
  canDecline: boolean;
  canEnable: boolean;
  canResend: boolean;
  /** A new verification link went out during this visit. */
  linkSent: boolean;
  /** The address the verification link goes to (the account's). */
  email: string;
  /** The failure worded for the user, or null. */
  error: string | null;
  /** The server's first message per form field ('form_data.ppsn' → 'ppsn'), for the form's own inputs. */
  fieldErrors: FieldErrors;
  /**
   * What the form says about two-step sign-in: `recommend` while it is off (it is optional, and
   * recommended before signing); `signInAgain` when it is on but this session gave no code (the
   * server refuses the signature until the user logs in again with one), unless the server's refusal
   * above already says so; null otherwise.
   */
  twoFactorAdvice: 'recommend' | 'signInAgain' | null;
  /** The fixed agent details the declaration shows, as term and detail. */
  agent: { term: string; detail: string }[];
  /** The declaration form, while it shows. */
  form: {
    /** Prefilled from the profile; no signature. */
    initialValues: PayeFormValues;
    /** The form's validation, with the spec's messages; its output is what Authorize sends. */
    schema: ReturnType<typeof payeFormSchema>;
  } | null;
  /**
   * Authorize is enabled (spec section 5): first name, surname and a signature are present in the
   * form's values, and the machine takes a declaration now (nothing on its way).
   */
  canAuthorize(values: PayeFormValues): boolean;
}

const schemaOf = memoLast((today: string) => payeFormSchema(parseApiDate(today) ?? calendarDay(new Date(0))));

/** The form's field names: the server names them under `form_data`. */
const formFieldErrors = memoLast((error: ApiFailure | null): FieldErrors => {
  const fields = fieldErrorsOf(error);
  const entries = Object.entries(fields);
  if (entries.length === 0) return fields;
  return Object.freeze(Object.fromEntries(entries.map(([field, message]) => [field.replace(/^form_data\./, ''), message])));
});

// No guard reads the declaration: the probe only asks whether the machine takes one now.
const AUTHORIZE_PROBE: PayeAuthorizationEvent = {
  type: 'paye.authorize',
  declaration: { firstName: '', lastName: '', ppsn: '', dateOfBirth: '', emailAddress: '', documentHolder: 'self', clientSignature: '' },
};

function stepOf(snapshot: Snapshot): PayeAuthorizationStep {
  if (snapshot.matches('loading') || snapshot.matches('ready')) return 'loading';
  if (snapshot.matches('unverified') || snapshot.matches('resending')) return 'unverified';
  if (snapshot.matches('unavailable')) return 'unavailable';
  if (snapshot.matches('optedOut') || snapshot.matches('enabling')) return 'optedOut';
  if (snapshot.matches('done') || snapshot.matches('declined')) return 'leaving';
  return 'form';
}

/**
 * A failed authorisation is the spec's 'Something went wrong. Please try again.', unless the server
 * refused it (403) saying what to do first (log in again with a code, confirm the email address); a
 * failed opt-in 'Failed to update preference. Please try again.' (spec section 8); loading the agent
 * details or a new link says the server's message when it gave one.
 */
function errorOf(snapshot: Snapshot): string | null {
  const { error } = snapshot.context;
  if (!error) return null;
  if (snapshot.matches('failed')) {
    const message = error.message?.trim();
    return error.status === 403 && error.source === 'server' && message ? message : PAYE_AUTHORISATION_FAILED;
  }
  if (snapshot.matches('optedOut')) return OPT_OUT_UPDATE_FAILED;
  return failureMessage(error);
}

/** The PAYE authorisation (/auth/paye-authorization) as the screen shows it. */
export function payeAuthorizationView(snapshot: Snapshot): PayeAuthorizationView {
  const { context } = snapshot;
  const step = stepOf(snapshot);
  const error = errorOf(snapshot);
  const standing = context.twoFactor;
  const advice = !standing ? null : !standing.enabled ? 'recommend' : standing.sessionVerified ? null : 'signInAgain';
  const acceptsDeclaration = snapshot.can(AUTHORIZE_PROBE);
  const { agent } = context;
  return {
    step,
    busy: snapshot.hasTag('busy'),
    submitting: snapshot.matches('submitting'),
    enabling: snapshot.matches('enabling'),
    resending: snapshot.matches('resending'),
    canDecline: snapshot.can({ type: 'paye.decline' }),
    canEnable: snapshot.can({ type: 'paye.enable' }),
    canResend: snapshot.can({ type: 'paye.resend' }),
    linkSent: context.linkSent,
    email: context.prefill.emailAddress,
    error,
    fieldErrors: formFieldErrors(context.error),
    // Once the server has refused for want of a code, its message says the same.
    twoFactorAdvice: advice === 'signInAgain' && error ? null : advice,
    agent: agent
      ? [
          { term: 'Tax agency name', detail: agent.taxAgencyName },
          { term: 'TAIN', detail: agent.tain },
          { term: 'Agent address', detail: agent.agentAddress },
        ]
      : [],
    form: step === 'form' ? { initialValues: context.prefill, schema: schemaOf(context.today) } : null,
    canAuthorize: (values) =>
      acceptsDeclaration && values.firstName.trim() !== '' && values.lastName.trim() !== '' && Boolean(values.clientSignature),
  };
}
