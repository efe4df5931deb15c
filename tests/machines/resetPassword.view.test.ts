import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../../machines/resetPassword/resetPassword.machine.ts';
import { resetPasswordView } from '../../machines/resetPassword/resetPassword.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';

const viewOf = (value: 'checking' | 'linkInvalid' | 'editing' | 'saving' | 'saved', error: ApiFailure | null = null, twoFactor: boolean | null = null) =>
  resetPasswordView(resetPasswordMachine.resolveState({ value, context: { token: 't0k3n', twoFactor, error } }));

const LINK_INVALID = 'This link is invalid or has expired. Please request a new one.';
const SPENT_LINK: ApiFailure = { status: 422, message: LINK_INVALID, source: 'server', fieldErrors: { token: [LINK_INVALID] } };

describe('reset-password view', () => {
  it('the form, its progress, then "Password saved"', () => {
    expect(viewOf('checking')).toMatchObject({ step: 'checking', busy: false, canSubmit: false });
    expect(viewOf('editing')).toEqual({ step: 'form', busy: false, canSubmit: true, error: null, linkInvalid: false, fieldErrors: {}, offerTwoFactorOff: true });
    expect(viewOf('saving')).toMatchObject({ step: 'form', busy: true, canSubmit: false });
    expect(viewOf('saved')).toMatchObject({ step: 'saved', busy: false, canSubmit: false });
  });

  it('puts the first server message of each field under its input, skipping empty lists', () => {
    const tooCommon: ApiFailure = {
      status: 422,
      message: 'The given data was invalid.',
      source: 'server',
      fieldErrors: { password: ['This password is too common.', 'Second message'], password_confirmation: [] },
    };
    const view = viewOf('editing', tooCommon);
    expect(view.fieldErrors).toEqual({ password: 'This password is too common.' });
    expect(view.error).toBe('The given data was invalid.');
    expect(view.linkInvalid).toBe(false);
  });

  it('a spent or unknown link: its message in the banner with the offer of a new link, nothing under the inputs', () => {
    expect(viewOf('editing', SPENT_LINK)).toMatchObject({ error: LINK_INVALID, linkInvalid: true, fieldErrors: {} });
  });

  it('a link the check found spent: its message and the offer of a new link, no form', () => {
    expect(viewOf('linkInvalid', SPENT_LINK)).toMatchObject({ step: 'linkInvalid', error: LINK_INVALID, linkInvalid: true, canSubmit: false });
  });

  it('offers to turn two-step sign-in off unless the server said the account has none', () => {
    expect(viewOf('editing', null, false).offerTwoFactorOff).toBe(false);
    expect(viewOf('editing', null, true).offerTwoFactorOff).toBe(true);
    expect(viewOf('editing', null, null).offerTwoFactorOff).toBe(true);
  });

  it('words an outage with the generic retry message', () => {
    expect(viewOf('editing', { status: null, message: null, source: 'network' }).error).toBe(SOMETHING_WENT_WRONG);
  });

  it('gives the same field errors object for the same refusal, so the form applies them once', () => {
    const refusal: ApiFailure = { status: 422, message: 'x', source: 'server', fieldErrors: { password: ['Too short'] } };
    expect(viewOf('editing', refusal).fieldErrors).toBe(viewOf('editing', refusal).fieldErrors);
  });
});
