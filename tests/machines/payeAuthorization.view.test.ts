import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { payeAuthorizationMachine } from '../../machines/payeAuthorization/payeAuthorization.machine.ts';
import type { PayeAuthorizationContext, PayeFormValues } from '../../machines/payeAuthorization/payeAuthorization.types.ts';
import { payeAuthorizationView } from '../../machines/payeAuthorization/payeAuthorization.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { MIN_AGE, OPT_OUT_UPDATE_FAILED, PAYE_AUTHORISATION_FAILED, PPSN_INVALID, SIGNATURE_REQUIRED } from '../../src/domain/schemas/messages.ts';
import { pngDataUrl } from '../support/png.ts';

const SIGNATURE = pngDataUrl(400, 150);
const AGENT = { taxAgencyName: 'MaxOut Tax Services', tain: '12345T', agentAddress: '1 Example Street, Dublin 2', agentSignature: 'Mary Byrne' };
const PREFILLED: PayeFormValues = {
  firstName: 'Aoife',
  lastName: 'Byrne',
  ppsn: '1234567T',
  dateOfBirth: '15.06.1990',
  emailAddress: 'aoife@example.ie',
  documentHolder: 'self',
  clientSignature: null,
};
const TWO_FACTOR_OFF = { enabled: false, sessionVerified: false };
const REFUSED: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { 'form_data.ppsn': [PPSN_INVALID] } };
const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };

const viewOf = (value: string, context: Partial<PayeAuthorizationContext> = {}) =>
  payeAuthorizationView(
    payeAuthorizationMachine.resolveState({
      value,
      context: {
        returnTo: null,
        optedOut: false,
        emailVerified: true,
        linkSent: false,
        prefill: PREFILLED,
        today: '2026-05-10',
        declaration: null,
        agent: AGENT,
        twoFactor: TWO_FACTOR_OFF,
        error: null,
        ...context,
      },
    }),
  );

describe('PAYE authorisation view', () => {
  it('Authorize is disabled until first name, surname and signature are present (spec section 5)', () => {
    const view = viewOf('editing');
    expect(view.canAuthorize(PREFILLED)).toBe(false);
    expect(view.canAuthorize({ ...PREFILLED, clientSignature: SIGNATURE })).toBe(true);
    expect(view.canAuthorize({ ...PREFILLED, firstName: ' ', clientSignature: SIGNATURE })).toBe(false);
    expect(view.canAuthorize({ ...PREFILLED, lastName: '', clientSignature: SIGNATURE })).toBe(false);
    expect(view.canAuthorize({ ...PREFILLED, clientSignature: '' })).toBe(false);
    // The other fields are the form's to check when Authorize is pressed, not a reason to disable it.
    expect(view.canAuthorize({ ...PREFILLED, ppsn: '', clientSignature: SIGNATURE })).toBe(true);
  });

  it('Authorize is disabled while the declaration is on its way, and after a failure enabled again', () => {
    const signed = { ...PREFILLED, clientSignature: SIGNATURE };
    expect(viewOf('submitting').canAuthorize(signed)).toBe(false);
    expect(viewOf('failed', { error: OUTAGE }).canAuthorize(signed)).toBe(true);
  });

  it('the form starts from the profile, and its schema parses what Authorize sends', () => {
    const form = viewOf('editing').form!;
    expect(form.initialValues).toBe(PREFILLED);
    const parsed = v.safeParse(form.schema, { ...PREFILLED, firstName: '  Siobhán ', clientSignature: SIGNATURE });
    expect(parsed.success && parsed.output).toEqual({ ...PREFILLED, firstName: 'Siobhán', clientSignature: SIGNATURE });
    const unsigned = v.safeParse(form.schema, PREFILLED);
    expect(unsigned.issues?.map((issue) => issue.message)).toEqual([SIGNATURE_REQUIRED]);
  });

  it('judges the date of birth on the day the screen opened: 16 on 10 May 2026 means born by 10 May 2010', () => {
    const { schema } = viewOf('editing').form!;
    expect(v.safeParse(schema, { ...PREFILLED, dateOfBirth: '10.05.2010', clientSignature: SIGNATURE }).success).toBe(true);
    expect(v.safeParse(schema, { ...PREFILLED, dateOfBirth: '11.05.2010', clientSignature: SIGNATURE }).issues?.[0]?.message).toBe(MIN_AGE);
  });

  it('steps: the form while editing, sending or failed; the notices before; a spinner while leaving', () => {
    expect(viewOf('loading').step).toBe('loading');
    expect(viewOf('unavailable', { error: OUTAGE }).step).toBe('unavailable');
    expect(viewOf('enabling').step).toBe('optedOut');
    expect(viewOf('resending').step).toBe('unverified');
    for (const state of ['editing', 'submitting', 'failed']) expect(viewOf(state).step).toBe('form');
    expect(viewOf('done').step).toBe('leaving');
    expect(viewOf('optedOut').form).toBeNull();
  });

  it('words failures as the spec says and puts field messages under their inputs', () => {
    expect(viewOf('failed', { error: REFUSED })).toMatchObject({ error: PAYE_AUTHORISATION_FAILED, fieldErrors: { ppsn: PPSN_INVALID } });
    expect(viewOf('failed', { error: OUTAGE }).error).toBe(PAYE_AUTHORISATION_FAILED);
    expect(viewOf('optedOut', { error: OUTAGE }).error).toBe(OPT_OUT_UPDATE_FAILED);
    expect(viewOf('unverified', { error: { status: 429, message: 'Too many attempts.', source: 'server' } }).error).toBe('Too many attempts.');
    expect(viewOf('editing').error).toBeNull();
    expect(viewOf('failed', { error: REFUSED }).fieldErrors).toBe(viewOf('failed', { error: REFUSED }).fieldErrors);
  });

  it('a refusal that says what to do first (403) shows the server’s words instead of the generic message', () => {
    const message = 'Two-step sign-in is on for your account, but this session was signed in without a code. Log in again with a code.';
    expect(viewOf('failed', { error: { status: 403, message, source: 'server' } }).error).toBe(message);
    expect(viewOf('failed', { error: { status: 403, message: null, source: 'server' } }).error).toBe(PAYE_AUTHORISATION_FAILED);
    expect(viewOf('failed', { error: { status: 403, message: 'Forbidden', source: 'network' } }).error).toBe(PAYE_AUTHORISATION_FAILED);
  });

  it('two-step sign-in: recommended while off, "log in again with a code" when on but this session gave none, unless the refusal says it', () => {
    expect(viewOf('editing', { twoFactor: null }).twoFactorAdvice).toBeNull();
    expect(viewOf('editing', { twoFactor: TWO_FACTOR_OFF }).twoFactorAdvice).toBe('recommend');
    expect(viewOf('editing', { twoFactor: { enabled: true, sessionVerified: false } }).twoFactorAdvice).toBe('signInAgain');
    expect(viewOf('editing', { twoFactor: { enabled: true, sessionVerified: true } }).twoFactorAdvice).toBeNull();
    const refused: ApiFailure = { status: 403, message: 'Log in again with a code.', source: 'server' };
    expect(viewOf('failed', { twoFactor: { enabled: true, sessionVerified: false }, error: refused }).twoFactorAdvice).toBeNull();
  });

  it('the agent details as term and detail; the verification link goes to the account’s address', () => {
    expect(viewOf('editing').agent).toEqual([
      { term: 'Tax agency name', detail: 'MaxOut Tax Services' },
      { term: 'TAIN', detail: '12345T' },
      { term: 'Agent address', detail: '1 Example Street, Dublin 2' },
    ]);
    expect(viewOf('unverified', { linkSent: true })).toMatchObject({ email: 'aoife@example.ie', linkSent: true, canResend: true });
  });
});
