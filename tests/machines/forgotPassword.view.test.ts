import { describe, expect, it } from 'vitest';
import { forgotPasswordMachine } from '../../machines/forgotPassword/forgotPassword.machine.ts';
import type { ForgotPasswordContext } from '../../machines/forgotPassword/forgotPassword.types.ts';
import { forgotPasswordView } from '../../machines/forgotPassword/forgotPassword.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { RESET_LINK_SENT, SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';

const viewOf = (value: 'editing' | 'sending' | 'sent', context: Partial<ForgotPasswordContext> = {}) =>
  forgotPasswordView(forgotPasswordMachine.resolveState({ value, context: { notice: null, error: null, ...context } }));

describe('forgot-password view', () => {
  it('the form, then its progress, then "check your email"', () => {
    expect(viewOf('editing')).toEqual({ step: 'form', busy: false, canSubmit: true, notice: null, error: null });
    expect(viewOf('sending')).toEqual({ step: 'form', busy: true, canSubmit: false, notice: null, error: null });
    expect(viewOf('sent', { notice: 'Mail on its way.' })).toEqual({ step: 'sent', busy: false, canSubmit: false, notice: 'Mail on its way.', error: null });
  });

  it('says the usual wording when the server confirmed without words', () => {
    expect(viewOf('sent').notice).toBe(RESET_LINK_SENT);
  });

  it("words a failure: the server's message as is, anything else as the generic retry message", () => {
    const rateLimited: ApiFailure = { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.', source: 'server' };
    expect(viewOf('editing', { error: rateLimited }).error).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(viewOf('editing', { error: { status: null, message: null, source: 'network' } }).error).toBe(SOMETHING_WENT_WRONG);
    expect(viewOf('editing', { error: { status: null, message: 'Failed to fetch', source: 'network' } }).error).toBe(SOMETHING_WENT_WRONG);
    expect(viewOf('editing', { error: { status: 502, message: null, source: 'server' } }).error).toBe(SOMETHING_WENT_WRONG);
  });
});
