import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { AccountPatchRequest, RoundupSettingsRequest } from '../../src/domain/schemas/roundups.ts';
import { ROUNDUP_SNOOZE_MS } from '../../src/domain/constants.ts';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import { PENSION_PLAN_REQUIRED_TEXT } from '../../src/domain/schemas/messages.ts';
import { capUsedUp } from '../../src/domain/roundups.ts';
import {
  type ApplyLogic,
  type ApplyResult,
  type ClearLogic,
  type ClearResult,
  type ClosedAtParams,
  type LoadDataLogic,
  type LoadDataResult,
  type LogFailureParams,
  type NavigateParams,
  PLAN_SETUP_PATH,
  ROUNDUPS_REFRESH_MS,
  type RoundupsContext,
  type RoundupsEvent,
  type RoundupsInput,
  type RoundupsRequest,
  type RoundupsTag,
  type SaveSettingsLogic,
  type SaveSettingsResult,
  type UpdateAccountLogic,
  type UpdateAccountResult,
  type UserUpdatedParams,
} from './roundups.types.ts';

/** Harmless defaults: every call answers as an outage would. The app provides the API calls. */
const outage = { ok: false, error: NO_RESPONSE } as const;
const loadData: LoadDataLogic = fromPromise<LoadDataResult, void>(async () => ({ accounts: outage, graph: outage, settings: outage, now: 0 }));
const applyRoundups: ApplyLogic = fromPromise<ApplyResult, { key: string }>(async () => outage);
const clearRoundups: ClearLogic = fromPromise<ClearResult, void>(async () => outage);
const updateAccount: UpdateAccountLogic = fromPromise<UpdateAccountResult, { id: string; changes: AccountPatchRequest }>(async () => outage);
const saveSettings: SaveSettingsLogic = fromPromise<SaveSettingsResult, RoundupSettingsRequest>(async () => outage);

type Done<T> = { result: T };
const latest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const failureOf = (result: ApplyResult | ClearResult | UpdateAccountResult | SaveSettingsResult) => (result.ok ? null : result.error);

/**
 * Round-ups for the signed-in session (spec §4 "Round-up notification"): the linked accounts,
 * the graph and the limits, fetched at start and every hour (failures logged and swallowed), the
 * daily prompt's Confirm and Decline, the pension-plan alert, and the account switches. A session
 * flow (system id 'roundups'): the app's registry loads it at sign-in and starts one for the
 * signed-in user, and signing out stops it and forgets the accounts. Whether the prompt shows is the view's rule (promptVisible) on this context; the
 * machine keeps the closing time (stored per user by the app) and wakes when a day has passed.
 */
export const roundupsMachine = setup({
  types: {
    context: {} as RoundupsContext,
    events: {} as RoundupsEvent,
    input: {} as RoundupsInput,
    tags: {} as RoundupsTag,
  },
  actors: { loadData, applyRoundups, clearRoundups, updateAccount, saveSettings },
  actions: {
    /** Moves `now` forward to `at` (time never runs backwards for this machine). */
    recordTime: assign(({ context }, params: { at: number }) => ({ now: Math.max(context.now, params.at) })),
    /** What loaded replaces what the machine had; what failed keeps the last good copy. */
    rememberData: assign(({ context }, params: Done<LoadDataResult>) => ({
      accounts: params.result.accounts.ok ? params.result.accounts.data : context.accounts,
      graph: params.result.graph.ok ? params.result.graph.data : context.graph,
      settings: params.result.settings.ok ? params.result.settings.data : context.settings,
      loaded: true,
      now: Math.max(context.now, params.result.now),
      // The later of what this actor knew and what the device stored (closed in another tab, or before a reload).
      closedAt: latest(context.closedAt, params.result.closedAt ?? null),
    })),
    rememberLoaded: assign({ loaded: true }),
    rememberConfirm: assign(({ context, event }) => {
      assertEvent(event, 'roundups.confirm');
      return { key: event.key, now: Math.max(context.now, event.at), error: null, failed: null };
    }),
    /** Confirm or Decline closes the prompt for a day (from the click). */
    rememberClosed: assign(({ context }) => ({ closedAt: context.now })),
    rememberApplied: assign(({ context }, params: Done<ApplyResult>) =>
      params.result.ok
        ? { applied: { ...params.result.answer.applied, relief: params.result.answer.relief ?? null }, key: null, now: Math.max(context.now, params.result.now) }
        : {},
    ),
    rememberDeclined: assign(({ context }, params: Done<ClearResult>) =>
      params.result.ok ? { declined: params.result.answer.declined, now: Math.max(context.now, params.result.now) } : {},
    ),
    rememberAccount: assign(({ context }, params: Done<UpdateAccountResult>) => {
      if (!params.result.ok) return {};
      const account = params.result.account;
      return { accounts: context.accounts.map((a) => (a.id === account.id ? account : a)), accountChange: null };
    }),
    rememberSettings: assign((_, params: Done<SaveSettingsResult>) => (params.result.ok ? { settings: params.result.settings, settingsChange: null } : {})),
    rememberAccountChange: assign(({ event }) => {
      assertEvent(event, 'account.update');
      return { accountChange: { id: event.id, changes: event.changes }, error: null, failed: null };
    }),
    rememberSettingsChange: assign(({ event }) => {
      assertEvent(event, 'settings.save');
      return { settingsChange: event.changes, error: null, failed: null };
    }),
    rememberFailure: assign((_, params: { request: RoundupsRequest; error: ApiFailure }) => ({ failed: params.request, error: params.error })),
    rememberUser: assign(({ event, context }) => {
      assertEvent(event, 'session.user.changed');
      return { user: event.user ?? context.user };
    }),
    /** Dismissing a failure forgets what failed (a later Confirm is a new payment, with a new key). */
    forgetFailure: assign({ error: null, failed: null, key: null, accountChange: null, settingsChange: null }),
    clearError: assign({ error: null }),
    /** The user after a Confirm goes to the session (auth `profile.updated`). Default: nothing. */
    userUpdated: (_, _params: UserUpdatedParams) => {},
    /** Stores the closing time for this user on this device. Default: nothing. */
    storeClosedAt: (_, _params: ClosedAtParams) => {},
    /** Goes to a path (the router). Default: nothing. */
    navigate: (_, _params: NavigateParams) => {},
    /** Logs a fetch failure (fetch failures are swallowed). Default: nothing. */
    logFailure: (_, _params: LogFailureParams) => {},
    /** One logFailure for each part of a load that failed. */
    logFailedParts: enqueueActions(({ enqueue }, params: Done<LoadDataResult>) => {
      for (const what of ['accounts', 'graph', 'settings'] as const) {
        const part = params.result[what];
        // The named action, so the app's logger (or a test's spy) provided for it is the one called.
        if (!part.ok) enqueue({ type: 'logFailure', params: { what, error: part.error } } as never);
      }
    }),
  },
  guards: {
    /** Any stored pension plan ID counts (the server checks the same). */
    hasPlanId: ({ context }) => Boolean(context.user.pension_plan_id?.trim()),
    /** Round-ups are pending but what is left of this week's cap is less than the oldest: a Confirm would collect none. */
    capUsedUp: ({ context }) => capUsedUp(context.accounts, context.settings),
    succeeded: (_, params: { ok: boolean }) => params.ok,
    /** The server refused for want of a plan ID (the profile here was out of date). */
    planRequired: (_, params: { error: ApiFailure | null }) => params.error?.status === 409 && params.error.message === PENSION_PLAN_REQUIRED_TEXT,
    failedRequestIs: ({ context }, params: { request: RoundupsRequest }) => context.failed === params.request,
    /** The prompt was closed and its day has not passed by `now`: a timer wakes the machine when it has. */
    snoozed: ({ context }) => context.closedAt !== null && context.now < context.closedAt + ROUNDUP_SNOOZE_MS,
  },
  delays: {
    /** Accounts and graph are fetched again every hour. */
    refreshInterval: ROUNDUPS_REFRESH_MS,
    /** Until the closed prompt may show again (a day after it was closed). */
    untilSnoozeEnds: ({ context }) => Math.max(0, (context.closedAt ?? context.now) + ROUNDUP_SNOOZE_MS - context.now),
  },
}).createMachine({
  id: 'roundups',
  description:
    'Round-ups for the signed-in session: accounts, graph and limits fetched at start and hourly (failures logged and swallowed); ' +
    'Confirm pays the pending round-ups once per Idempotency-Key (a Retry keeps the key) unless no pension plan ID is set, when ' +
    'the alert shows; Decline clears them; either closes the prompt for a day. After a Confirm the answer’s user goes to the ' +
    'session (the app announces it to auth), not a reload.',
  context: ({ input }) => ({
    user: input.user,
    accounts: [],
    graph: null,
    settings: null,
    loaded: false,
    closedAt: input.closedAt,
    now: input.now,
    key: null,
    accountChange: null,
    settingsChange: null,
    applied: null,
    declined: null,
    error: null,
    failed: null,
  }),
  on: {
    'session.user.changed': { description: 'The user as the server now has it: the plan ID and the pension the prompt reads.', actions: 'rememberUser' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /accounts, /graph and /roundups/settings. A part that fails is logged and the last good copy kept.',
      tags: ['loading'],
      on: {
        'roundups.refresh': {
          description: 'A bank link completed while the fetch ran (the app starts afresh on the bank’s return): fetch again, so the older answer does not hide the new accounts.',
          target: 'loading',
          reenter: true,
        },
      },
      invoke: {
        id: 'loadData',
        src: 'loadData',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'rememberData', params: ({ event }) => ({ result: event.output }) },
            { type: 'logFailedParts', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: ['rememberLoaded', { type: 'logFailure', params: { what: 'load', error: NO_RESPONSE } }],
        },
      },
    },
    idle: {
      description:
        'The prompt shows if the view’s rule says so (more than 2000 cents pending, at least one, not closed within the last day). ' +
        'An hour later the data is fetched again; a day after closing, a timer wakes the prompt.',
      after: {
        refreshInterval: {
          target: 'loading',
          actions: { type: 'recordTime', params: ({ context }) => ({ at: context.now + ROUNDUPS_REFRESH_MS }) },
        },
        untilSnoozeEnds: {
          description: 'A day has passed since the prompt was closed: it may show again.',
          guard: 'snoozed',
          target: 'idle',
          reenter: true,
          actions: { type: 'recordTime', params: ({ context }) => ({ at: (context.closedAt ?? context.now) + ROUNDUP_SNOOZE_MS }) },
        },
      },
      on: {
        'roundups.confirm': [
          {
            description: 'This week’s cap leaves room for none of the pending round-ups: a payment would move nothing, so none is made (the screens do not offer Confirm).',
            guard: 'capUsedUp',
          },
          { description: 'A pension plan ID is set: pay the pending round-ups.', guard: 'hasPlanId', target: 'applying', actions: 'rememberConfirm' },
          {
            description: 'No pension plan ID: the alert shows and nothing is applied.',
            target: 'planRequired',
            actions: { type: 'recordTime', params: ({ event }) => ({ at: event.at }) },
          },
        ],
        'roundups.decline': { target: 'declining', actions: [{ type: 'recordTime', params: ({ event }) => ({ at: event.at }) }, 'clearError'] },
        'account.update': { target: 'updatingAccount', actions: 'rememberAccountChange' },
        'settings.save': { target: 'savingSettings', actions: 'rememberSettingsChange' },
        'roundups.refresh': { target: 'loading' },
        'clock.tick': {
          description: 'The time now (the page is visible again): the timers are re-armed from it.',
          target: 'idle',
          reenter: true,
          actions: { type: 'recordTime', params: ({ event }) => ({ at: event.now }) },
        },
      },
    },
    planRequired: {
      description: "The alert 'Pension Plan ID Required' shows; 'Set up now' leads to /profile with returnTo /roundups.",
      on: {
        'roundups.setUpPlan': { target: 'idle', actions: { type: 'navigate', params: { to: PLAN_SETUP_PATH } } },
        'roundups.dismiss': { target: 'idle' },
      },
    },
    applying: {
      description: 'POST /roundups/apply with the Confirm’s Idempotency-Key; the buttons are disabled.',
      tags: ['busy'],
      invoke: {
        id: 'applyRoundups',
        src: 'applyRoundups',
        input: ({ context }) => ({ key: context.key ?? '' }),
        onDone: [
          {
            description: 'Paid (or nothing was pending): the user goes to the session, the prompt closes for a day, the data is fetched again.',
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'loading',
            actions: [
              { type: 'rememberApplied', params: ({ event }) => ({ result: event.output }) },
              { type: 'userUpdated', params: ({ event }) => ({ user: (event.output as Extract<ApplyResult, { ok: true }>).answer.user }) },
              'rememberClosed',
              { type: 'storeClosedAt', params: ({ context }) => ({ userEmail: context.user.email, at: context.now }) },
            ],
          },
          {
            description: 'The server has no plan ID for the user: the alert shows.',
            guard: { type: 'planRequired', params: ({ event }) => ({ error: failureOf(event.output) }) },
            target: 'planRequired',
            actions: assign({ key: null }),
          },
          {
            description: 'Refused, declined or no answer: shown with Retry, which keeps the key.',
            target: 'failed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ request: 'apply' as const, error: failureOf(event.output) ?? NO_RESPONSE }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: { request: 'apply', error: NO_RESPONSE } } },
      },
    },
    declining: {
      description: 'POST /roundups/clear; the buttons are disabled.',
      tags: ['busy'],
      invoke: {
        id: 'clearRoundups',
        src: 'clearRoundups',
        onDone: [
          {
            description: 'Cleared: the prompt closes for a day, the data is fetched again.',
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'loading',
            actions: [
              { type: 'rememberDeclined', params: ({ event }) => ({ result: event.output }) },
              'rememberClosed',
              { type: 'storeClosedAt', params: ({ context }) => ({ userEmail: context.user.email, at: context.now }) },
            ],
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ request: 'clear' as const, error: failureOf(event.output) ?? NO_RESPONSE }) } },
        ],
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: { request: 'clear', error: NO_RESPONSE } } },
      },
    },
    updatingAccount: {
      description: 'PATCH /accounts/{id}; the answer replaces the local account.',
      tags: ['busy'],
      invoke: {
        id: 'updateAccount',
        src: 'updateAccount',
        input: ({ context }) => context.accountChange ?? { id: '', changes: {} },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'idle',
            actions: { type: 'rememberAccount', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ request: 'updateAccount' as const, error: failureOf(event.output) ?? NO_RESPONSE }) } },
        ],
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: { request: 'updateAccount', error: NO_RESPONSE } } },
      },
    },
    savingSettings: {
      description: 'PATCH /roundups/settings; a new pause changes which purchases round up, so the data is fetched again.',
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => context.settingsChange ?? {},
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'loading',
            actions: { type: 'rememberSettings', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ request: 'saveSettings' as const, error: failureOf(event.output) ?? NO_RESPONSE }) } },
        ],
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: { request: 'saveSettings', error: NO_RESPONSE } } },
      },
    },
    failed: {
      description: 'A request failed (logged and shown: spec §8 "rethrown"); Retry repeats it — a Confirm with the same key, so it is paid once.',
      on: {
        'roundups.retry': [
          { guard: { type: 'failedRequestIs', params: { request: 'apply' } }, target: 'applying' },
          { guard: { type: 'failedRequestIs', params: { request: 'clear' } }, target: 'declining' },
          { guard: { type: 'failedRequestIs', params: { request: 'updateAccount' } }, target: 'updatingAccount' },
          { target: 'savingSettings' },
        ],
        'roundups.dismiss': { target: 'idle', actions: 'forgetFailure' },
        'settings.save': {
          description: 'The refused settings, corrected and saved again: sent as they now are.',
          guard: { type: 'failedRequestIs', params: { request: 'saveSettings' } },
          target: 'savingSettings',
          actions: 'rememberSettingsChange',
        },
      },
    },
  },
});

export type RoundupsMachine = typeof roundupsMachine;
