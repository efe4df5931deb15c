import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { verifyEmailMachine } from '../../machines/verifyEmail/verifyEmail.machine.ts';
import { verifyEmailView } from '../../machines/verifyEmail/verifyEmail.view.ts';

describe('verifyEmailView', () => {
  it('an unproven address: the banner with Resend link enabled, nothing sent, no error', () => {
    const snapshot = verifyEmailMachine.resolveState({ value: 'unverified', context: { email: 'new@example.ie', provenAtStart: false, linkSent: false, error: null } });
    expect(verifyEmailView(snapshot)).toEqual({ show: true, email: 'new@example.ie', resending: false, canResend: true, linkSent: false, error: null });
  });

  it('while resending: busy, the button disabled; after a refusal the server’s words', () => {
    const resending = verifyEmailMachine.resolveState({ value: 'resending', context: { email: 'n@example.ie', provenAtStart: false, linkSent: false, error: null } });
    expect(verifyEmailView(resending)).toMatchObject({ show: true, resending: true, canResend: false });
    const refused = verifyEmailMachine.resolveState({
      value: 'unverified',
      context: { email: 'n@example.ie', provenAtStart: false, linkSent: true, error: { status: 429, message: 'Too many requests.', source: 'server' } },
    });
    expect(verifyEmailView(refused)).toMatchObject({ show: true, linkSent: true, error: 'Too many requests.' });
  });

  it('proven: no banner', () => {
    const actor = createActor(verifyEmailMachine, { input: { email: 'p@example.ie', verified: true } }).start();
    expect(verifyEmailView(actor.getSnapshot()).show).toBe(false);
  });
});
