import { verifyEmailMachine } from '../../machines/verifyEmail/verifyEmail.machine.ts';
import type { ResendResult, VerifyEmailInput } from '../../machines/verifyEmail/verifyEmail.types.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const TOO_MANY = { status: 429, message: 'Too many requests. Please try again in a minute.', source: 'server' } as const;
export const SENT = { type: 'xstate.done.actor.resendVerification', output: { ok: true, emailVerified: false } satisfies ResendResult };
export const PROVEN_ALREADY = { type: 'xstate.done.actor.resendVerification', output: { ok: true, emailVerified: true } satisfies ResendResult };
export const REFUSED = { type: 'xstate.done.actor.resendVerification', output: { ok: false, error: TOO_MANY } satisfies ResendResult };

export const fixtures = {
  'verifyEmail.resend': () => [{ type: 'verifyEmail.resend' }],
  'session.user.changed': () => [
    { type: 'session.user.changed', user: aUser({ email_verified: true }) },
    { type: 'session.user.changed', user: aUser({ email_verified: false }) },
  ],
  'xstate.done.actor.resendVerification': () => [SENT, PROVEN_ALREADY, REFUSED],
  'xstate.error.actor.resendVerification': () => [{ type: 'xstate.error.actor.resendVerification', error: new Error('offline') }],
} satisfies EventFixtures<typeof verifyEmailMachine>;

export const INPUT: VerifyEmailInput = { email: 'new@example.ie', verified: false };
export const model = createModelTest(verifyEmailMachine, { events: fixtures, input: INPUT });

export const doc = pathDoc(verifyEmailMachine, fixtures, {
  testFile: 'tests/machines/verifyEmail.model.test.ts',
  models: [model],
  start: 'Sign in with an address not proven yet (any signed-in page)',
  words: {
    'verifyEmail.resend': 'Press "Resend link"',
    'session.user.changed': (event) => (event.user.email_verified ? 'The profile says the address is proven' : 'The profile changes, the address still not proven'),
    'xstate.done.actor.resendVerification': (event) => (event.output.ok ? (event.output.emailVerified ? 'The server says the address was proven already' : 'The server sends a new link') : 'The server refuses: too many requests'),
    'xstate.error.actor.resendVerification': 'The request fails (offline)',
  },
  screen: (snapshot) => (snapshot.matches('verified') ? 'any signed-in page, no banner' : 'any signed-in page, the "Please confirm your email address" banner'),
});
