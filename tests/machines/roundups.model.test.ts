import { createActor, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { roundupsMachine } from '../../machines/roundups/roundups.machine.ts';
import type { ApplyResult, ClearResult, LoadDataResult, RoundupsContext } from '../../machines/roundups/roundups.types.ts';
import { PLAN_SETUP_PATH, ROUNDUPS_REFRESH_MS } from '../../machines/roundups/roundups.types.ts';
import { roundupsPromptView, roundupsView } from '../../machines/roundups/roundups.view.ts';
import { ROUNDUP_SNOOZE_MS } from '../../src/domain/constants.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { T0, CLOSED, WITH_PLAN, ACCOUNT, GRAPH, SETTINGS, OUTAGE, SERVER_ERROR, DECLINED, PLAN_MISSING, PAID_USER, LOADED, LOADED_CAP_USED_UP, CAP_USED_UP, PART_FAILED, APPLIED, done, failed, INPUT, model } from './roundups.model.ts';

type Output<T> = EventObject & { output: T };
/** Written out here, not the domain's rule: the fixtures' one round-up (€25.50) does not fit in what is left of a cap (the spent €20, or a saved €10). */
const capLeavesNoRoom = (context: RoundupsContext) => {
  const settings = context.settings;
  return settings !== null && settings.weekly_cap !== null && settings.weekly_cap - settings.collected_this_week < 25.5;
};
const START: RoundupsContext = {
  user: WITH_PLAN,
  accounts: [],
  graph: null,
  settings: null,
  loaded: false,
  closedAt: CLOSED,
  now: T0,
  key: null,
  accountChange: null,
  settingsChange: null,
  applied: null,
  declined: null,
  error: null,
  failed: null,
};

/**
 * The hand-written expectations (tests/support/expectedSteps.ts): state and context after every
 * step of every path, independent of the machine's own definition.
 */
const oracle = expectedSteps<RoundupsContext>({
  initial: { value: 'loading', context: START },
  tags: { loading: ['loading'], applying: ['busy'], declining: ['busy'], updatingAccount: ['busy'], savingSettings: ['busy'] },
  caseOf: (event, before) => {
    const output = (event as Output<{ ok: boolean; error?: ApiFailure; accounts?: { ok: boolean } }>).output;
    switch (event.type) {
      case 'xstate.done.actor.loadData':
        if (!output.accounts?.ok) return 'partly failed';
        return (event as Output<LoadDataResult>).output.settings === LOADED_CAP_USED_UP.settings ? 'loaded, cap used up' : 'loaded';
      case 'xstate.done.actor.applyRoundups':
        return output.ok ? 'paid' : output.error === PLAN_MISSING ? 'no plan at the server' : 'refused';
      case 'roundups.confirm':
        if (capLeavesNoRoom(before.context) && before.context.accounts.some((a) => a.roundups)) return 'confirm past the cap';
        return before.context.user.pension_plan_id ? 'confirm' : 'confirm without plan';
      case 'roundups.retry':
        return `retry ${before.context.failed}`;
      case 'settings.save':
        // In `failed`, only a refused save is sent again from the form; another failure waits for Retry or Close.
        return before.value === 'failed' && before.context.failed !== 'saveSettings' ? 'settings.save after another failure' : 'settings.save';
      case 'session.user.changed':
        return 'profile';
      default:
        if (event.type.startsWith('xstate.done.actor.')) return output.ok ? 'ok' : 'refused';
        if (event.type.startsWith('xstate.error.actor.')) return 'outage';
        if (event.type.startsWith('xstate.after.refreshInterval')) return 'hourly';
        if (event.type.startsWith('xstate.after.untilSnoozeEnds')) return before.context.closedAt !== null && before.context.now < before.context.closedAt + ROUNDUP_SNOOZE_MS ? 'snooze ends' : 'not snoozed';
        return event.type;
    }
  },
  transitions: (() => {
    const profile = { profile: { to: '', context: (c: RoundupsContext, e: EventObject) => ({ ...c, user: (e as EventObject & { user: User }).user }) } };
    const fail = (request: RoundupsContext['failed'], error: ApiFailure) => (c: RoundupsContext) => ({ ...c, failed: request, error });
    const withProfile = (state: string, rules: Record<string, { to: string; context?: (c: RoundupsContext, e: EventObject) => RoundupsContext }>) => ({
      ...rules,
      profile: { ...profile.profile, to: state },
    });
    const closed = (at: (c: RoundupsContext) => number) => (c: RoundupsContext) => ({ ...c, closedAt: at(c) });
    return {
      loading: withProfile('loading', {
        loaded: { to: 'idle', context: (c) => ({ ...c, accounts: [ACCOUNT], graph: GRAPH, settings: SETTINGS, loaded: true, now: Math.max(c.now, LOADED.now) }) },
        'loaded, cap used up': { to: 'idle', context: (c) => ({ ...c, accounts: [ACCOUNT], graph: GRAPH, settings: CAP_USED_UP, loaded: true, now: Math.max(c.now, LOADED.now) }) },
        'partly failed': { to: 'idle', context: (c) => ({ ...c, graph: GRAPH, loaded: true, now: Math.max(c.now, PART_FAILED.now) }) },
        outage: { to: 'idle', context: (c) => ({ ...c, loaded: true }) },
        'roundups.refresh': { to: 'loading' },
      }),
      idle: withProfile('idle', {
        confirm: { to: 'applying', context: (c, e) => ({ ...c, key: 'confirm-key-1', now: (e as EventObject & { at: number }).at, error: null, failed: null }) },
        'confirm without plan': { to: 'planRequired', context: (c, e) => ({ ...c, now: (e as EventObject & { at: number }).at }) },
        // Nothing happens: no request, no key, the time not even noted.
        'confirm past the cap': { to: 'idle' },
        'roundups.decline': { to: 'declining', context: (c, e) => ({ ...c, now: (e as EventObject & { at: number }).at, error: null }) },
        'account.update': { to: 'updatingAccount', context: (c) => ({ ...c, accountChange: { id: ACCOUNT.id, changes: { roundups: false } }, error: null, failed: null }) },
        'settings.save': { to: 'savingSettings', context: (c) => ({ ...c, settingsChange: { weekly_cap: 10 }, error: null, failed: null }) },
        'roundups.refresh': { to: 'loading' },
        'clock.tick': { to: 'idle', context: (c, e) => ({ ...c, now: (e as EventObject & { now: number }).now }) },
        hourly: { to: 'loading', context: (c) => ({ ...c, now: c.now + ROUNDUPS_REFRESH_MS }) },
        'snooze ends': { to: 'idle', context: (c) => ({ ...c, now: (c.closedAt ?? c.now) + ROUNDUP_SNOOZE_MS }) },
      }),
      planRequired: withProfile('planRequired', { 'roundups.setUpPlan': { to: 'idle' }, 'roundups.dismiss': { to: 'idle' } }),
      applying: withProfile('applying', {
        paid: { to: 'loading', context: (c) => ({ ...closed((x) => Math.max(x.now, APPLIED.now))(c), applied: { count: 1, amount: 25.5, relief: 10.2 }, key: null, now: Math.max(c.now, APPLIED.now) }) },
        'no plan at the server': { to: 'planRequired', context: (c) => ({ ...c, key: null }) },
        refused: { to: 'failed', context: fail('apply', DECLINED) },
        outage: { to: 'failed', context: fail('apply', OUTAGE) },
      }),
      declining: withProfile('declining', {
        ok: { to: 'loading', context: (c) => ({ ...c, declined: { count: 1, amount: 25.5 }, now: Math.max(c.now, T0 + 10_000), closedAt: Math.max(c.now, T0 + 10_000) }) },
        refused: { to: 'failed', context: fail('clear', SERVER_ERROR) },
        outage: { to: 'failed', context: fail('clear', OUTAGE) },
      }),
      updatingAccount: withProfile('updatingAccount', {
        ok: { to: 'idle', context: (c) => ({ ...c, accounts: c.accounts.map((a) => ({ ...a, roundups: false })), accountChange: null }) },
        refused: { to: 'failed', context: fail('updateAccount', SERVER_ERROR) },
        outage: { to: 'failed', context: fail('updateAccount', OUTAGE) },
      }),
      savingSettings: withProfile('savingSettings', {
        ok: { to: 'loading', context: (c) => ({ ...c, settings: { ...SETTINGS, weekly_cap: 10 }, settingsChange: null }) },
        refused: { to: 'failed', context: fail('saveSettings', SERVER_ERROR) },
        outage: { to: 'failed', context: fail('saveSettings', OUTAGE) },
      }),
      failed: withProfile('failed', {
        'retry apply': { to: 'applying' },
        'retry clear': { to: 'declining' },
        'retry updateAccount': { to: 'updatingAccount' },
        'retry saveSettings': { to: 'savingSettings' },
        'roundups.dismiss': { to: 'idle', context: (c) => ({ ...c, error: null, failed: null, key: null, accountChange: null, settingsChange: null }) },
        // Only after a refused save: the corrected settings go at once.
        'settings.save': { to: 'savingSettings', context: (c) => ({ ...c, settingsChange: { weekly_cap: 10 }, error: null, failed: null }) },
      }),
    };
  })(),
});

describe('round-ups machine: model-based', () => {
  const journeys = [
    model.pathFromEvents('a lost answer, then Retry pays with the same key', [
      done('loadData', LOADED),
      (s) => ({ type: 'roundups.confirm', key: 'confirm-key-1', at: s.context.now + 1_000 }),
      failed('applyRoundups'),
      { type: 'roundups.retry' },
      done('applyRoundups', APPLIED),
    ]),
    model.pathFromEvents('Decline hides the prompt until the page clock passes a day', [
      done('loadData', LOADED),
      (s) => ({ type: 'roundups.decline', at: s.context.now + 1_000 }),
      done('clearRoundups', { ok: true, answer: { declined: { count: 1, amount: 25.5 } }, now: T0 + 10_000 } satisfies ClearResult),
      done('loadData', LOADED),
      ...Array.from({ length: 24 }, () => ['after:refreshInterval', done('loadData', LOADED)] as const).flat(),
    ]),
    model.pathFromEvents('with this week’s cap spent, Confirm sends nothing; Decline still declines', [
      done('loadData', LOADED_CAP_USED_UP),
      (s) => ({ type: 'roundups.confirm', key: 'confirm-key-1', at: s.context.now + 1_000 }),
      (s) => ({ type: 'roundups.decline', at: s.context.now + 1_000 }),
    ]),
    model.pathFromEvents('a fetch that partly fails keeps the last good copy and logs each failure', [
      done('loadData', LOADED),
      { type: 'roundups.refresh' },
      done('loadData', PART_FAILED),
    ]),
  ];


  it('covers every state and transition, and the expected table matches', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules([...model.paths, ...journeys])).toEqual([]);
  });

  for (const path of [...model.paths, ...journeys]) {
    it(path.description, async () => {
      const calls = { userUpdated: vi.fn(), storeClosedAt: vi.fn(), navigate: vi.fn(), logFailure: vi.fn() };
      const keys: string[] = [];
      const banners: boolean[] = [];
      let logged = 0;
      await model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(
            roundupsMachine.provide({
              actors: { loadData: promises.logic(), applyRoundups: promises.logic(), clearRoundups: promises.logic(), updateAccount: promises.logic(), saveSettings: promises.logic() },
              actions: {
                userUpdated: (_, params) => calls.userUpdated(params.user),
                storeClosedAt: (_, params) => calls.storeClosedAt(params),
                navigate: (_, params) => calls.navigate(params.to),
                logFailure: (_, params) => calls.logFailure(params.what),
              },
            }),
            { input: INPUT },
          ),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof roundupsMachine.resolveState>;
          const view = roundupsView(snapshot);
          // The prompt on every signed-in page works out its part alone, and says the same.
          expect(roundupsPromptView(snapshot)).toEqual({ busy: view.busy, banner: view.banner, planAlert: view.planAlert, error: view.error });
          const { event } = ctx.step;
          // Effects happen exactly on their transitions.
          if (event.type === 'xstate.done.actor.applyRoundups' && (event as Output<ApplyResult>).output.ok) {
            expect(calls.userUpdated).toHaveBeenLastCalledWith(PAID_USER);
            expect(calls.storeClosedAt).toHaveBeenLastCalledWith({ userEmail: WITH_PLAN.email, at: snapshot.context.closedAt });
          }
          if (event.type === 'roundups.setUpPlan') expect(calls.navigate).toHaveBeenLastCalledWith(PLAN_SETUP_PATH);
          // A fetch logs each part that failed, and nothing when all loaded.
          if (event.type === 'xstate.done.actor.loadData' && (event as Output<LoadDataResult>).output.accounts.ok) expect(calls.logFailure.mock.calls.length).toBe(logged);
          logged = calls.logFailure.mock.calls.length;
          if (ctx.path.description.startsWith('a fetch that partly fails') && ctx.index === ctx.path.steps.length - 1) {
            // The accounts of the first fetch stay; the graph is the new one.
            expect(snapshot.context.accounts).toEqual([ACCOUNT]);
            expect(calls.logFailure.mock.calls).toEqual([['accounts'], ['settings']]);
          }
          if (snapshot.matches('applying') && ctx.index > 0) keys.push((ctx.promises.inputs.applyRoundups as { key: string }).key);
          // What the screens show follows the state.
          expect(view.busy).toBe(snapshot.hasTag('busy'));
          expect(view.planAlert.visible).toBe(snapshot.matches('planRequired'));
          expect(view.error !== null).toBe(snapshot.matches('failed'));
          // The fixture account has one pending round-up of €25.50 while its round-ups are on.
          const pending = snapshot.context.accounts.some((account) => account.roundups);
          const capSpent = capLeavesNoRoom(snapshot.context);
          expect(view.banner.confirmEnabled).toBe(snapshot.matches('idle') && pending && !capSpent);
          expect(view.banner.capNote !== null).toBe(pending && capSpent);
          expect(view.loading).toBe(!snapshot.context.loaded);
          // Save is offered when idle, and after a refused save (to send it corrected); the form shows the server's field messages only then.
          if (view.settings) {
            const resaving = snapshot.matches('failed') && snapshot.context.failed === 'saveSettings';
            expect(view.settings.canSave).toBe(snapshot.matches('idle') || resaving);
            expect(view.settings.saving).toBe(snapshot.matches('savingSettings'));
          }
          if (view.error) expect(view.error.about).toBe(snapshot.context.failed);
          const closedRecently = snapshot.context.closedAt !== null && snapshot.context.now - snapshot.context.closedAt < ROUNDUP_SNOOZE_MS;
          expect(view.banner.visible).toBe(pending && !closedRecently);
          banners.push(view.banner.visible);
        },
      });
      if (path.description.startsWith('a lost answer')) expect(keys).toEqual(['confirm-key-1', 'confirm-key-1']);
      if (path.description.startsWith('with this week’s cap spent')) expect(keys).toEqual([]);
      if (path.description.startsWith('Decline hides')) {
        // Closed through 23 hourly refreshes; the 24th reaches a day after the Decline, and the prompt shows again.
        expect(calls.storeClosedAt).toHaveBeenCalledTimes(1);
        const afterDecline = banners.slice(banners.indexOf(false));
        expect(afterDecline.slice(0, -2).every((visible) => !visible)).toBe(true);
        expect(afterDecline.slice(-2)).toEqual([true, true]);
      }
    });
  }
});
