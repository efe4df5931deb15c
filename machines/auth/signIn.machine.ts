import { assign, setup } from 'xstate';
import { networkFailure, type ApiFailure } from '../../src/domain/failure.ts';
import { loadProfile, login, register, verifyCode } from './auth.actors.ts';
import type { Session, SignInContext, SignInInput, SignInOutput, User } from './auth.types.ts';
import { codeRequired, failed, failure, ok } from './results.ts';

/**
 * One sign-in, for the login form, its code step or the register form (spec section 4): the
 * credentials call (or the code call), then GET /profile with the new token when the response had
 * no user. A login of an account with two-step sign-in ends with the challenge instead; the code
 * step is then a new sign-in of kind 'code'. Invoked by the auth machine, which
 * decides what a success or a failure means for the screen that asked; this machine only produces
 * tokens and a user, or the failure.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    input: {} as SignInInput,
    output: {} as SignInOutput,
  },
  actors: { login, verifyCode, register, loadProfile },
  actions: {
    setChallenge: assign((_, params: { challenge: string }) => ({ challenge: params.challenge })),
    setSession: assign((_, params: { session: Session }) => ({ session: params.session, user: params.session.user ?? null })),
    setUser: assign((_, params: { user: User }) => ({ user: params.user })),
    setFailure: assign((_, params: { error: ApiFailure }) => ({ error: params.error })),
  },
  guards: {
    isRegistration: ({ context }) => context.request.kind === 'register',
    isCode: ({ context }) => context.request.kind === 'code',
    /** The login answered with a challenge: a code is needed before tokens. */
    needsCode: (_, params: { codeRequired: boolean }) => params.codeRequired,
    /** An actor result `{ ok: true }`. */
    succeeded: (_, params: { ok: boolean }) => params.ok,
    /** The credentials response carried the user, so no profile fetch is needed. */
    hasUser: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: 'signIn',
  description: 'A login or a registration: the credentials call, then the profile if the response had none.',
  context: ({ input }) => ({ request: input.request, session: null, user: null, error: null, challenge: null }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Login, its code step, or registration, as the form asked.',
      always: [{ guard: 'isRegistration', target: 'registering' }, { guard: 'isCode', target: 'verifyingCode' }, { target: 'loggingIn' }],
    },
    loggingIn: {
      description: 'POST /auth/login with the submitted credentials.',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => {
          // `choosing` came here only for a login.
          if (context.request.kind !== 'login') throw new Error('unreachable: loggingIn for a registration');
          return context.request.credentials;
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'checkingUser',
            actions: { type: 'setSession', params: ({ event }) => ({ session: ok(event.output).session }) },
          },
          {
            description: 'Two-step sign-in is on: the password was right, a code is needed first.',
            guard: { type: 'needsCode', params: ({ event }) => ({ codeRequired: codeRequired(event.output) }) },
            target: 'codeRequired',
            actions: { type: 'setChallenge', params: ({ event }) => ({ challenge: codeRequired(event.output) ? event.output.challenge : '' }) },
          },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: failure(event.output).error }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setFailure', params: { error: networkFailure() } } },
      },
    },
    verifyingCode: {
      description: 'POST /auth/two-factor with the challenge and the code the user typed.',
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => {
          // `choosing` came here only for a code step.
          if (context.request.kind !== 'code') throw new Error('unreachable: verifyingCode without a code');
          return { challenge: context.request.challenge, code: context.request.code };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'checkingUser',
            actions: { type: 'setSession', params: ({ event }) => ({ session: ok(event.output).session }) },
          },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: failed(event.output).error }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setFailure', params: { error: networkFailure() } } },
      },
    },
    codeRequired: {
      description: 'The login needs a code: the challenge goes to the auth machine, which asks the user for it.',
      type: 'final',
    },
    registering: {
      description: 'POST /auth/register with the parsed form values.',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => {
          // `choosing` came here only for a registration.
          if (context.request.kind !== 'register') throw new Error('unreachable: registering for a login');
          return { payload: context.request.payload };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'checkingUser',
            actions: { type: 'setSession', params: ({ event }) => ({ session: ok(event.output).session }) },
          },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: failed(event.output).error }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setFailure', params: { error: networkFailure() } } },
      },
    },
    checkingUser: {
      description: 'The server accepted: done if the response carried the user, else fetch the profile.',
      always: [{ guard: 'hasUser', target: 'succeeded' }, { target: 'loadingProfile' }],
    },
    loadingProfile: {
      description: 'The response had no user: GET /profile with the new token. A failure here fails the sign-in.',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ accessToken: context.session?.access_token ?? null }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'succeeded',
            actions: { type: 'setUser', params: ({ event }) => ({ user: ok(event.output).user }) },
          },
          { target: 'failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: failed(event.output).error }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setFailure', params: { error: networkFailure() } } },
      },
    },
    succeeded: {
      description: 'Tokens and user are known.',
      type: 'final',
    },
    failed: {
      description: 'The server refused, or could not be reached; the error goes to the form that asked.',
      type: 'final',
    },
  },
  output: ({ context }): SignInOutput => {
    if (context.session && context.user && !context.error) return { ok: true, session: context.session, user: context.user };
    if (context.challenge && !context.error) return { ok: false, codeRequired: true, challenge: context.challenge };
    return { ok: false, error: context.error ?? networkFailure() };
  },
});
