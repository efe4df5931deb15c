import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import { safeInternalPath } from '../../src/domain/navigation.ts';
import type { PensionInfoRequest } from '../../src/domain/schemas/pension.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import {
  AFTER_PENSION_SETUP,
  type PensionSetupContext,
  type PensionSetupEvent,
  type PensionSetupInput,
  type PensionSetupTag,
  type SavePensionInfoLogic,
  type SavePensionInfoResult,
} from './pensionSetup.types.ts';

/** Harmless default: answers as an outage would. The app provides POST /pension-info. */
const savePensionInfo: SavePensionInfoLogic = fromPromise<SavePensionInfoResult, PensionInfoRequest>(async () => ({ ok: false, error: NO_RESPONSE }));

/**
 * Pension Setup (/pension-info): annual income, pension paid outside MaxOut, marital status and
 * the plan reference are saved; the signed-in user is updated and the page they asked for (returnTo,
 * a same-app path) or the Overview opens. A failed
 * save keeps the form as typed and shows why.
 */
export const pensionSetupMachine = setup({
  types: {
    context: {} as PensionSetupContext,
    events: {} as PensionSetupEvent,
    input: {} as PensionSetupInput,
    tags: {} as PensionSetupTag,
  },
  actors: { savePensionInfo },
  actions: {
    clearError: assign({ error: null }),
    rememberFailure: assign((_, params: { result: SavePensionInfoResult }) => ({ error: params.result.ok ? null : params.result.error })),
    rememberOutage: assign({ error: NO_RESPONSE }),
    /** The app hands the saved user to the session (auth `profile.updated`). */
    userSaved: (_, _params: { user: User }) => {},
    /** The app navigates with its router. */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    succeeded: (_, params: { result: SavePensionInfoResult }) => params.result.ok,
  },
}).createMachine({
  id: 'pensionSetup',
  description: 'Pension Setup: income and pension paid this year are saved, then the page the user asked for (or the Overview) opens.',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is shown with the age band, relief percentage and maximum worked out as the user types; the last failure, if any, beside it.',
      on: { 'pensionInfo.submit': { target: 'saving' } },
    },
    saving: {
      description: 'POST /pension-info is on its way; the button shows progress and cannot be pressed again.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'savePensionInfo',
        src: 'savePensionInfo',
        input: ({ event }) => {
          assertEvent(event, 'pensionInfo.submit');
          return event.values;
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'saved',
            actions: [
              { type: 'userSaved', params: ({ event }) => ({ user: (event.output as { ok: true; user: User }).user }) },
              // Only a same-app path: the URL's returnTo is never an open redirect.
              { type: 'navigate', params: ({ context }) => ({ to: safeInternalPath(context.returnTo, AFTER_PENSION_SETUP) }) },
            ],
          },
          { target: 'editing', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'editing', actions: 'rememberOutage' },
      },
    },
    saved: {
      description: 'Saved: the session has the new figures and the page asked for (or the Overview) is opening. Final.',
      type: 'final',
    },
  },
});

export type PensionSetupMachine = typeof pensionSetupMachine;
