import { assign, setup } from 'xstate';
import { resendVerification } from './verifyEmail.actors.ts';
import type { ResendResult, VerifyEmailContext, VerifyEmailEvent, VerifyEmailInput } from './verifyEmail.types.ts';

/**
 * The "confirm your email address" banner of every signed-in page, for as long as the address is
 * not proven: "Resend link" asks for a new set-password link (POST /auth/resend-verification). The
 * banner goes once the session's user says the address is proven, or the server says so.
 */
export const verifyEmailMachine = setup({
  types: {
    context: {} as VerifyEmailContext,
    events: {} as VerifyEmailEvent,
    input: {} as VerifyEmailInput,
  },
  actors: { resendVerification },
  actions: {
    /** The profile is read again (the address turned out proven: the rest of the app learns it too). */
    reloadProfile: () => {},
  },
  guards: {
    provenNow: ({ event }) => event.type === 'session.user.changed' && event.user?.email_verified !== false,
    resent: (_, params: { result: ResendResult }) => params.result.ok && !params.result.emailVerified,
    alreadyProven: (_, params: { result: ResendResult }) => params.result.ok && params.result.emailVerified,
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => ({ email: input.email, provenAtStart: input.verified, linkSent: false, error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Whether the signed-in user’s address is proven, as the profile says.',
      always: [
        { description: 'Proven (or not reported): no banner.', guard: ({ context }) => context.provenAtStart, target: 'verified' },
        { description: 'Not proven: the banner.', target: 'unverified' },
      ],
    },
    unverified: {
      description: 'The banner: what is locked until the address is proven, the 48-hour deletion, and Resend link.',
      on: {
        'verifyEmail.resend': { description: 'Resend link: POST /auth/resend-verification.', target: 'resending', actions: assign({ error: null }) },
        'session.user.changed': { description: 'The profile now says the address is proven: the banner goes.', guard: 'provenNow', target: 'verified' },
      },
    },
    resending: {
      description: 'Asking for a new link.',
      tags: ['busy'],
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        onDone: [
          {
            description: 'A new link went out: "We have emailed you a new link."',
            guard: { type: 'resent', params: ({ event }) => ({ result: event.output }) },
            target: 'unverified',
            actions: assign({ linkSent: true }),
          },
          {
            description: 'The address was proven meanwhile (the link used in another tab): the profile is read again, the banner goes.',
            guard: { type: 'alreadyProven', params: ({ event }) => ({ result: event.output }) },
            target: 'verified',
            actions: 'reloadProfile',
          },
          {
            description: 'Refused (too many requests) or no answer: said in the banner; the user may try again.',
            target: 'unverified',
            actions: assign({ error: ({ event }) => (event.output.ok ? null : event.output.error) }),
          },
        ],
        onError: {
          description: 'The call failed outright: said in the banner.',
          target: 'unverified',
          actions: assign({ error: { status: null, message: null, source: 'network' as const } }),
        },
      },
    },
    verified: {
      description: 'The address is proven: nothing to show.',
    },
  },
});

export type VerifyEmailMachine = typeof verifyEmailMachine;
