import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { securityMachine, signedOutNotice } from '../../machines/security/security.machine.ts';
import * as s from '../../machines/security/security.selectors.ts';
import type {
  ChangePasswordResult,
  ConfirmSetupResult,
  DisableResult,
  LoadOverviewResult,
  SignOutDeviceResult,
  SignOutOthersResult,
  StartSetupResult,
} from '../../machines/security/security.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Device, TwoFactorSetup } from '../../src/domain/schemas/security.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';

/**
 * Model-based test of Settings → Security. The machine has four parallel parts; one model per part
 * (the overview plus that part's events) keeps the graph small, and the three together must cover
 * every state and transition. Every path runs against a real actor with controllable promise actors.
 */

const here: Device = { id: 'd-here', browser: 'Chrome on Linux', place: 'Local network', signed_in_at: '2026-01-15T10:00:00.000Z', last_seen_at: '2026-01-15T10:00:00.000Z', remember: false, current: true };
const phone: Device = { id: 'd-phone', browser: 'Safari on iPhone', place: 'Internet address 203.0.113.x', signed_in_at: '2026-01-15T09:00:00.000Z', last_seen_at: '2026-01-15T09:30:00.000Z', remember: true, current: false };
const off = { enabled: false, enabled_at: null, recovery_codes_left: 0 };
const on = { enabled: true, enabled_at: '2026-01-15T10:05:00.000Z', recovery_codes_left: 10 };
const setupAnswer: TwoFactorSetup = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/MaxOut:ann%40example.ie?secret=JBSWY3DPEHPK3PXP', qr_data_url: 'data:image/png;base64,iVBORw0KGgo=' };
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const refused = (status: number, message: string, fieldErrors?: Record<string, string[]>): { ok: false; error: ApiFailure } => ({
  ok: false,
  error: { status, message, source: 'server', ...(fieldErrors ? { fieldErrors } : {}) },
});
const outage = new Error('socket hang up');

const overviews: LoadOverviewResult[] = [
  { ok: true, events: [], devices: [here, phone], twoFactor: off },
  { ok: true, events: [], devices: [here], twoFactor: on },
  refused(503, 'Server error, please try again later.'),
];

const done = (id: string, outputs: readonly unknown[]) => () => outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
const error = (id: string) => () => [{ type: `xstate.error.actor.${id}`, error: outage }];

const fixtures = {
  'security.reload': () => [{ type: 'security.reload' }],
  'password.submit': () => [{ type: 'password.submit', request: { current_password: 'old one here', password: 'a new passphrase', password_confirmation: 'a new passphrase' } }],
  'device.signOut': () => [
    { type: 'device.signOut', id: 'd-phone' },
    { type: 'device.signOut', id: 'd-here' },
  ],
  'devices.signOutOthers': () => [{ type: 'devices.signOutOthers' }],
  'twoFactor.start': () => [{ type: 'twoFactor.start', password: 'correct horse battery staple' }],
  'twoFactor.confirm': () => [{ type: 'twoFactor.confirm', code: '123456' }],
  'twoFactor.cancel': () => [{ type: 'twoFactor.cancel' }],
  'twoFactor.codesSaved': () => [{ type: 'twoFactor.codesSaved' }],
  'twoFactor.disable': () => [{ type: 'twoFactor.disable', password: 'my password' }],
  'xstate.done.actor.loadOverview': done('loadOverview', overviews),
  'xstate.error.actor.loadOverview': error('loadOverview'),
  'xstate.done.actor.changePassword': done('changePassword', [
    { ok: true, message: 'Your password has been changed. Your other devices have been signed out.' },
    refused(422, 'The given data was invalid.', { current_password: ['Your current password is not correct.'] }),
  ] satisfies ChangePasswordResult[]),
  'xstate.error.actor.changePassword': error('changePassword'),
  'xstate.done.actor.signOutDevice': done('signOutDevice', [{ ok: true }, refused(404, 'This device is not signed in to your account.')] satisfies SignOutDeviceResult[]),
  'xstate.error.actor.signOutDevice': error('signOutDevice'),
  'xstate.done.actor.signOutOthers': done('signOutOthers', [{ ok: true, signedOut: 2 }, refused(429, 'Too many attempts.')] satisfies SignOutOthersResult[]),
  'xstate.error.actor.signOutOthers': error('signOutOthers'),
  'xstate.done.actor.startSetup': done('startSetup', [{ ok: true, setup: setupAnswer }, refused(409, 'Two-step sign-in is already on.')] satisfies StartSetupResult[]),
  'xstate.error.actor.startSetup': error('startSetup'),
  'xstate.done.actor.confirmSetup': done('confirmSetup', [
    { ok: true, recoveryCodes: codes },
    refused(422, 'The given data was invalid.', { code: ['That code is not correct. Check your authenticator app and try again.'] }),
  ] satisfies ConfirmSetupResult[]),
  'xstate.error.actor.confirmSetup': error('confirmSetup'),
  'xstate.done.actor.disableTwoFactor': done('disableTwoFactor', [{ ok: true }, refused(422, 'The given data was invalid.', { password: ['Your password is not correct.'] })] satisfies DisableResult[]),
  'xstate.error.actor.disableTwoFactor': error('disableTwoFactor'),
} satisfies EventFixtures<typeof securityMachine>;

const PARTS = {
  password: ['password.submit'],
  devices: ['device.signOut', 'devices.signOutOthers'],
  twoFactor: ['twoFactor.start', 'twoFactor.confirm', 'twoFactor.cancel', 'twoFactor.codesSaved', 'twoFactor.disable'],
} as const;
const allPartEvents = Object.values(PARTS).flat();

const models = Object.fromEntries(
  Object.entries(PARTS).map(([part, events]) => [
    part,
    createModelTest(securityMachine, {
      events: fixtures,
      ignoreEvents: allPartEvents.filter((type) => !(events as readonly string[]).includes(type)),
      serializeContext: (c) => ({ twoFactor: c.twoFactor?.enabled ?? null, devices: c.devices.length, loaded: c.loadError === null }),
    }),
  ]),
);

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

  for (const [part, model] of Object.entries(models)) {
    for (const path of model.paths) {
      it(`${part}: ${path.description}`, () =>
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
      startSetup: fromPromise<StartSetupResult, { password: string }>(async ({ input }) => (input.password === 'correct horse battery staple' ? { ok: true, setup: setupAnswer } : refused(422, 'x', { password: ['Your password is not correct.'] }))),
      confirmSetup: fromPromise<ConfirmSetupResult, { code: string }>(async ({ input }) => (input.code === '123456' ? { ok: true, recoveryCodes: codes } : refused(422, 'x', { code: ['wrong'] }))),
    });
    await tick();
    // The password goes with the request; a wrong one leaves it off, with the message.
    actor.send({ type: 'twoFactor.start', password: 'wrong password here' });
    await tick();
    expect(s.selectTwoFactorView(actor.getSnapshot())).toBe('off');
    expect(s.selectTwoFactorError(actor.getSnapshot())).toBe('Your password is not correct.');
    actor.send({ type: 'twoFactor.start', password: 'correct horse battery staple' });
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
