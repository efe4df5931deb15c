import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { securityMachine, signedOutNotice } from '../../machines/security/security.machine.ts';
import * as s from '../../machines/security/security.selectors.ts';
import type {
  ChangePasswordResult,
  ConfirmSetupResult,
  LoadOverviewResult,
  SignOutOthersResult,
  StartSetupResult,
} from '../../machines/security/security.types.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { codes, here, models, off, on, outage, phone, refused, setupAnswer } from './security.model.ts';

/**
 * Model-based test of Settings → Security. The machine has four parallel parts; one model per part
 * (the overview plus that part's events) keeps the graph small, and the three together must cover
 * every state and transition. Every path runs against a real actor with controllable promise actors.
 */

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
  });

  for (const model of Object.values(models)) {
    for (const path of model.paths) {
      it(path.description, () =>
        model.runPath(path, {
          createActor: ({ promises }) =>
            createActor(securityMachine.provide({ actors: Object.fromEntries(Object.keys(actors).map((id) => [id, promises.logic()])) as never })),
          assertContext: true,
          afterStep: ({ actor }) => {
            const snapshot = actor.getSnapshot() as ReturnType<typeof securityMachine.resolveState>;
            // Buttons follow the machine: each part accepts its events only while nothing of it is in flight.
            expect(s.selectCanChangePassword(snapshot)).toBe(snapshot.matches({ password: 'idle' }));
            expect(s.selectCanSignOutOthers(snapshot)).toBe(snapshot.matches({ devices: 'idle' }) && snapshot.context.devices.some((d) => !d.current));
            // This device is never offered a "Sign out": Logout ends it.
            expect(s.selectSignOutableIds(snapshot)).not.toContain('d-here');
            expect(s.selectCanStartTwoFactor(snapshot)).toBe(snapshot.matches({ twoFactor: 'idle' }) && snapshot.context.twoFactor?.enabled === false);
            expect(s.selectCanDisableTwoFactor(snapshot)).toBe(snapshot.matches({ twoFactor: 'idle' }) && snapshot.context.twoFactor?.enabled === true);
            expect(s.selectCanConfirmTwoFactor(snapshot)).toBe(snapshot.matches({ twoFactor: 'scanning' }));
            // The QR code is there exactly while scanning or confirming; the recovery codes only once shown.
            expect(s.selectSetup(snapshot) !== null).toBe(snapshot.matches({ twoFactor: 'scanning' }) || snapshot.matches({ twoFactor: 'confirming' }));
            expect(s.selectRecoveryCodes(snapshot) !== null).toBe(snapshot.matches({ twoFactor: 'showingCodes' }));
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
      startSetup: fromPromise<StartSetupResult>(async () => ({ ok: true, setup: setupAnswer })),
      confirmSetup: fromPromise<ConfirmSetupResult, { code: string }>(async ({ input }) => (input.code === '123456' ? { ok: true, recoveryCodes: codes } : refused(422, 'x', { code: ['wrong'] }))),
    });
    await tick();
    actor.send({ type: 'twoFactor.start' });
    await tick();
    expect(s.selectTwoFactorView(actor.getSnapshot())).toBe('scanning');
    actor.send({ type: 'twoFactor.confirm', code: '000000' });
    await tick();
    expect(s.selectTwoFactorError(actor.getSnapshot())).toBe('wrong');
    actor.send({ type: 'twoFactor.confirm', code: '123456' });
    await tick();
    expect(s.selectTwoFactorView(actor.getSnapshot())).toBe('codes');
    expect(s.selectRecoveryCodes(actor.getSnapshot())).toEqual(codes);
    expect(loads).toHaveLength(2);
    actor.send({ type: 'twoFactor.codesSaved' });
    expect(s.selectRecoveryCodes(actor.getSnapshot())).toBeNull();
    expect(s.selectTwoFactorView(actor.getSnapshot())).toBe('on');
  });

  it('signing out others says how many; a failed load shows the generic message for an outage', async () => {
    const { actor, loads } = start({ signOutOthers: fromPromise<SignOutOthersResult>(async () => ({ ok: true, signedOut: 2 })) });
    await tick();
    actor.send({ type: 'devices.signOutOthers' });
    await tick();
    expect(s.selectDeviceNotice(actor.getSnapshot())).toBe('Signed out 2 other devices.');
    expect(loads).toHaveLength(2);
    expect(signedOutNotice(0)).toBe('No other device was signed in.');
    expect(signedOutNotice(1)).toBe('Signed out 1 other device.');

    const failing = createActor(securityMachine.provide({ actors: { loadOverview: fromPromise<LoadOverviewResult>(async () => Promise.reject(outage)) } })).start();
    await tick();
    expect(s.selectLoadError(failing.getSnapshot())).toBe(SOMETHING_WENT_WRONG);
  });

  it('a password refusal with field errors goes under the fields, not in the alert', async () => {
    const { actor } = start({
      changePassword: fromPromise<ChangePasswordResult>(async () => refused(422, 'The given data was invalid.', { current_password: ['Your current password is not correct.'] })),
    });
    await tick();
    actor.send({ type: 'password.submit', request: { current_password: 'x', password: 'a new passphrase', password_confirmation: 'a new passphrase' } });
    await tick();
    expect(s.selectPasswordFieldErrors(actor.getSnapshot())).toEqual({ current_password: 'Your current password is not correct.' });
    expect(s.selectPasswordError(actor.getSnapshot())).toBeNull();
  });

  it('the harmless defaults answer as an outage', async () => {
    const actor = createActor(securityMachine).start();
    await tick();
    expect(actor.getSnapshot().matches({ overview: 'failed' })).toBe(true);
  });
});
