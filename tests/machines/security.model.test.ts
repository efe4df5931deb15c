import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { securityMachine, signedOutNotice } from '../../machines/security/security.machine.ts';
import type {
  ChangePasswordResult,
  ConfirmSetupResult,
  LoadOverviewResult,
  SecurityContext,
  SignOutOthersResult,
  StartSetupResult,
} from '../../machines/security/security.types.ts';
import { securityView } from '../../machines/security/security.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { expectedSteps, regionsValue } from '../support/expectedSteps.ts';
import { codes, here, models, off, on, outage, phone, refused, setupAnswer } from './security.model.ts';

/**
 * Model-based test of Settings → Security. The machine has four parallel parts; one model per part
 * (the overview plus that part's events) keeps the graph small, and the three together must cover
 * every state and transition. Every path runs against a real actor with controllable promise actors.
 */

// ─── The expected behaviour, written from the spec and the screen, not read from the machine ──

const NO_ANSWER: ApiFailure = { status: null, message: null, source: 'network' };
const RELOAD = { type: 'security.reload' };
type Output = { ok: boolean; error?: ApiFailure } & Record<string, unknown>;
const outputOf = (event: EventObject) => (event as EventObject & { output: Output }).output;
const errorIn = (event: EventObject) => outputOf(event).error!;

const oracle = expectedSteps<SecurityContext>({
  regions: ['overview', 'password', 'devices', 'twoFactor'],
  initial: {
    value: regionsValue({ overview: 'loading', password: 'idle', devices: 'idle', twoFactor: 'idle' }),
    context: {
      events: [],
      devices: [],
      twoFactor: null,
      loadError: null,
      passwordNotice: null,
      passwordError: null,
      deviceNotice: null,
      deviceError: null,
      signingOutId: null,
      setup: null,
      recoveryCodes: null,
      twoFactorError: null,
    },
  },
  tags: {
    'password.changing': ['busy'],
    'devices.signingOut': ['busy'],
    'devices.signingOutOthers': ['busy'],
    'twoFactor.starting': ['busy'],
    'twoFactor.confirming': ['busy'],
    'twoFactor.disabling': ['busy'],
  },
  caseOf: (event, before) => {
    const { devices, twoFactor } = before.context;
    const result = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (result) return `${result[2]} ${result[1] === 'error' ? 'outage' : outputOf(event).ok ? 'ok' : 'refused'}`;
    switch (event.type) {
      case 'device.signOut': {
        const device = devices.find((d) => d.id === (event as EventObject & { id: string }).id);
        return device && !device.current ? 'sign out another device' : 'sign out this or an unknown device';
      }
      case 'devices.signOutOthers':
        return devices.some((d) => !d.current) ? 'sign out the others' : 'sign out the others, with none';
      case 'twoFactor.start':
        return twoFactor?.enabled === false ? 'turn on, while off' : 'turn on, while on or unknown';
      case 'twoFactor.disable':
        return twoFactor?.enabled === true ? 'turn off, while on' : 'turn off, while off or unknown';
    }
    return event.type;
  },
  transitions: {
    'overview.loading': {
      'security.reload': { to: 'overview.loading' },
      'loadOverview ok': {
        to: 'overview.ready',
        context: (c, e) => {
          const o = outputOf(e) as Extract<LoadOverviewResult, { ok: true }>;
          return { ...c, events: o.events, devices: o.devices, twoFactor: o.twoFactor, loadError: null };
        },
      },
      'loadOverview refused': { to: 'overview.failed', context: (c, e) => ({ ...c, loadError: errorIn(e) }) },
      'loadOverview outage': { to: 'overview.failed', context: (c) => ({ ...c, loadError: NO_ANSWER }) },
    },
    'overview.ready': { 'security.reload': { to: 'overview.loading' } },
    'overview.failed': { 'security.reload': { to: 'overview.loading' } },

    'password.idle': { 'password.submit': { to: 'password.changing', context: (c) => ({ ...c, passwordNotice: null, passwordError: null }) } },
    'password.changing': {
      'changePassword ok': {
        to: 'password.idle',
        context: (c) => ({ ...c, passwordNotice: 'Your password has been changed. Your other devices have been signed out.' }),
        raise: RELOAD,
      },
      'changePassword refused': { to: 'password.idle', context: (c, e) => ({ ...c, passwordError: errorIn(e) }) },
      'changePassword outage': { to: 'password.idle', context: (c) => ({ ...c, passwordError: NO_ANSWER }) },
    },

    'devices.idle': {
      'sign out another device': {
        to: 'devices.signingOut',
        context: (c, e) => ({ ...c, signingOutId: (e as EventObject & { id: string }).id, deviceNotice: null, deviceError: null }),
      },
      'sign out the others': { to: 'devices.signingOutOthers', context: (c) => ({ ...c, signingOutId: null, deviceNotice: null, deviceError: null }) },
    },
    'devices.signingOut': {
      'signOutDevice ok': { to: 'devices.idle', context: (c) => ({ ...c, deviceNotice: 'The device has been signed out.', signingOutId: null }), raise: RELOAD },
      // Refused (say, already signed out elsewhere): the list may be out of date, so it is loaded again.
      'signOutDevice refused': { to: 'devices.idle', context: (c, e) => ({ ...c, deviceError: errorIn(e), signingOutId: null }), raise: RELOAD },
      'signOutDevice outage': { to: 'devices.idle', context: (c) => ({ ...c, deviceError: NO_ANSWER, signingOutId: null }) },
    },
    'devices.signingOutOthers': {
      'signOutOthers ok': { to: 'devices.idle', context: (c) => ({ ...c, deviceNotice: 'Signed out 2 other devices.', signingOutId: null }), raise: RELOAD },
      'signOutOthers refused': { to: 'devices.idle', context: (c, e) => ({ ...c, deviceError: errorIn(e), signingOutId: null }) },
      'signOutOthers outage': { to: 'devices.idle', context: (c) => ({ ...c, deviceError: NO_ANSWER, signingOutId: null }) },
    },

    'twoFactor.idle': {
      'turn on, while off': { to: 'twoFactor.starting', context: (c) => ({ ...c, twoFactorError: null }) },
      'turn off, while on': { to: 'twoFactor.disabling', context: (c) => ({ ...c, twoFactorError: null }) },
    },
    'twoFactor.starting': {
      'startSetup ok': { to: 'twoFactor.scanning', context: (c) => ({ ...c, setup: setupAnswer }) },
      'startSetup refused': { to: 'twoFactor.idle', context: (c, e) => ({ ...c, twoFactorError: errorIn(e) }) },
      'startSetup outage': { to: 'twoFactor.idle', context: (c) => ({ ...c, twoFactorError: NO_ANSWER }) },
    },
    'twoFactor.scanning': {
      'twoFactor.confirm': { to: 'twoFactor.confirming', context: (c) => ({ ...c, twoFactorError: null }) },
      'twoFactor.cancel': { to: 'twoFactor.idle', context: (c) => ({ ...c, setup: null, recoveryCodes: null, twoFactorError: null }) },
    },
    'twoFactor.confirming': {
      // The QR code goes; the recovery codes are shown this once.
      'confirmSetup ok': { to: 'twoFactor.showingCodes', context: (c) => ({ ...c, recoveryCodes: codes, setup: null }), raise: RELOAD },
      'confirmSetup refused': { to: 'twoFactor.scanning', context: (c, e) => ({ ...c, twoFactorError: errorIn(e) }) },
      'confirmSetup outage': { to: 'twoFactor.scanning', context: (c) => ({ ...c, twoFactorError: NO_ANSWER }) },
    },
    'twoFactor.showingCodes': {
      'twoFactor.codesSaved': { to: 'twoFactor.idle', context: (c) => ({ ...c, setup: null, recoveryCodes: null, twoFactorError: null }) },
    },
    'twoFactor.disabling': {
      'disableTwoFactor ok': { to: 'twoFactor.idle', raise: RELOAD },
      'disableTwoFactor refused': { to: 'twoFactor.idle', context: (c, e) => ({ ...c, twoFactorError: errorIn(e) }) },
      'disableTwoFactor outage': { to: 'twoFactor.idle', context: (c) => ({ ...c, twoFactorError: NO_ANSWER }) },
    },
  },
});

const actors = {
  loadOverview: 'loadOverview',
  changePassword: 'changePassword',
  signOutDevice: 'signOutDevice',
  signOutOthers: 'signOutOthers',
  startSetup: 'startSetup',
  confirmSetup: 'confirmSetup',
  disableTwoFactor: 'disableTwoFactor',
} as const;

describe('security machine model', () => {
  it('covers every state and transition with the three parts together', () => {
    const reports = Object.values(models).map((model) => model.coverage());
    const uncoveredByAll = (pick: (r: (typeof reports)[number]) => string[]) =>
      pick(reports[0]!).filter((item) => reports.every((report) => pick(report).includes(item)));
    expect(uncoveredByAll((r) => r.states.uncovered)).toEqual([]);
    expect(uncoveredByAll((r) => r.transitions.uncovered)).toEqual([]);
    for (const model of Object.values(models)) expect(model.unrealisablePaths).toEqual([]);
    expect(oracle.unusedRules(Object.values(models).flatMap((model) => model.paths))).toEqual([]);
  });

  for (const model of Object.values(models)) {
    for (const path of model.paths) {
      it(path.description, () =>
        model.runPath(path, {
          createActor: ({ promises }) =>
            createActor(securityMachine.provide({ actors: Object.fromEntries(Object.keys(actors).map((id) => [id, promises.logic()])) as never })),
          assertContext: true,
          afterStep: (ctx) => {
            oracle.check(ctx);
            const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof securityMachine.resolveState>;
            const view = securityView(snapshot);
            // Buttons follow the machine: each part accepts its events only while nothing of it is in flight.
            expect(view.password.canSubmit).toBe(snapshot.matches({ password: 'idle' }));
            expect(view.password.busy).toBe(snapshot.matches({ password: 'changing' }));
            expect(view.devices.canSignOutOthers).toBe(snapshot.matches({ devices: 'idle' }) && snapshot.context.devices.some((d) => !d.current));
            expect(view.devices.signingOutOthers).toBe(snapshot.matches({ devices: 'signingOutOthers' }));
            // This device is never offered a "Sign out": Logout ends it; another is, while the list is idle.
            expect(view.devices.rows.map((row) => [row.id, row.canSignOut])).toEqual(
              snapshot.context.devices.map((d) => [d.id, !d.current && snapshot.matches({ devices: 'idle' })]),
            );
            expect(view.twoFactor.canStart).toBe(snapshot.matches({ twoFactor: 'idle' }) && snapshot.context.twoFactor?.enabled === false);
            expect(view.twoFactor.canDisable).toBe(snapshot.matches({ twoFactor: 'idle' }) && snapshot.context.twoFactor?.enabled === true);
            expect(view.twoFactor.canConfirm).toBe(snapshot.matches({ twoFactor: 'scanning' }));
            // The card's step: the machine's own while it is busy with two-step sign-in, else on or off as loaded.
            const busyStep = (['starting', 'scanning', 'confirming', 'disabling'] as const).find((state) => snapshot.matches({ twoFactor: state }));
            const restingStep = snapshot.context.twoFactor === null ? 'unknown' : snapshot.context.twoFactor.enabled ? 'on' : 'off';
            expect(view.twoFactor.step).toBe(busyStep ?? (snapshot.matches({ twoFactor: 'showingCodes' }) ? 'codes' : restingStep));
            // The QR code is there exactly while scanning or confirming; the recovery codes only once shown.
            expect(view.twoFactor.setup !== null).toBe(snapshot.matches({ twoFactor: 'scanning' }) || snapshot.matches({ twoFactor: 'confirming' }));
            expect(view.twoFactor.recoveryCodes).toEqual(snapshot.matches({ twoFactor: 'showingCodes' }) ? codes : []);
            expect(view.loadError !== null).toBe(snapshot.matches({ overview: 'failed' }));
            expect(snapshot.hasTag('busy')).toBe(
              snapshot.matches({ password: 'changing' }) ||
                snapshot.matches({ devices: 'signingOut' }) ||
                snapshot.matches({ devices: 'signingOutOthers' }) ||
                snapshot.matches({ twoFactor: 'starting' }) ||
                snapshot.matches({ twoFactor: 'confirming' }) ||
                snapshot.matches({ twoFactor: 'disabling' }),
            );
          },
        }));
    }
  }
});

describe('security machine: changes reload the overview', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  function start(overrides: Record<string, unknown> = {}) {
    const loads: number[] = [];
    const actor = createActor(
      securityMachine.provide({
        actors: {
          loadOverview: fromPromise<LoadOverviewResult>(async () => {
            loads.push(loads.length + 1);
            return { ok: true, events: [], devices: [here, phone], twoFactor: loads.length > 1 ? on : off };
          }),
          ...overrides,
        } as never,
      }),
    ).start();
    return { actor, loads };
  }

  it('turning two-step sign-in on shows the codes once, then the status as reloaded', async () => {
    const { actor, loads } = start({
      startSetup: fromPromise<StartSetupResult, { password: string }>(async ({ input }) => (input.password === 'correct horse battery staple' ? { ok: true, setup: setupAnswer } : refused(422, 'x', { password: ['Your password is not correct.'] }))),
      confirmSetup: fromPromise<ConfirmSetupResult, { code: string }>(async ({ input }) => (input.code === '123456' ? { ok: true, recoveryCodes: codes } : refused(422, 'x', { code: ['wrong'] }))),
    });
    await tick();
    // The password goes with the request; a wrong one leaves it off, with the message.
    actor.send({ type: 'twoFactor.start', password: 'wrong password here' });
    await tick();
    expect(securityView(actor.getSnapshot()).twoFactor.step).toBe('off');
    expect(securityView(actor.getSnapshot()).twoFactor.error).toBe('Your password is not correct.');
    actor.send({ type: 'twoFactor.start', password: 'correct horse battery staple' });
    await tick();
    expect(securityView(actor.getSnapshot()).twoFactor.step).toBe('scanning');
    actor.send({ type: 'twoFactor.confirm', code: '000000' });
    await tick();
    expect(securityView(actor.getSnapshot()).twoFactor.error).toBe('wrong');
    actor.send({ type: 'twoFactor.confirm', code: '123456' });
    await tick();
    expect(securityView(actor.getSnapshot()).twoFactor.step).toBe('codes');
    expect(securityView(actor.getSnapshot()).twoFactor.recoveryCodes).toEqual(codes);
    expect(loads).toHaveLength(2);
    actor.send({ type: 'twoFactor.codesSaved' });
    expect(securityView(actor.getSnapshot()).twoFactor.recoveryCodes).toEqual([]);
    expect(securityView(actor.getSnapshot()).twoFactor.step).toBe('on');
  });

  it('signing out others says how many; a failed load shows the generic message for an outage', async () => {
    const { actor, loads } = start({ signOutOthers: fromPromise<SignOutOthersResult>(async () => ({ ok: true, signedOut: 2 })) });
    await tick();
    actor.send({ type: 'devices.signOutOthers' });
    await tick();
    expect(securityView(actor.getSnapshot()).devices.notice).toBe('Signed out 2 other devices.');
    expect(loads).toHaveLength(2);
    expect(signedOutNotice(0)).toBe('No other device was signed in.');
    expect(signedOutNotice(1)).toBe('Signed out 1 other device.');

    const failing = createActor(securityMachine.provide({ actors: { loadOverview: fromPromise<LoadOverviewResult>(async () => Promise.reject(outage)) } })).start();
    await tick();
    expect(securityView(failing.getSnapshot()).loadError).toBe(SOMETHING_WENT_WRONG);
  });

  it('a password refusal with field errors goes under the fields, not in the alert', async () => {
    const { actor } = start({
      changePassword: fromPromise<ChangePasswordResult>(async () => refused(422, 'The given data was invalid.', { current_password: ['Your current password is not correct.'] })),
    });
    await tick();
    actor.send({ type: 'password.submit', request: { current_password: 'x', password: 'a new passphrase', password_confirmation: 'a new passphrase' } });
    await tick();
    expect(securityView(actor.getSnapshot()).password).toMatchObject({ fieldErrors: { current_password: 'Your current password is not correct.' }, error: null });
  });

  it('the harmless defaults answer as an outage', async () => {
    const actor = createActor(securityMachine).start();
    await tick();
    expect(actor.getSnapshot().matches({ overview: 'failed' })).toBe(true);
  });
});
