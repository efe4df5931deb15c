import { securityMachine } from '../../machines/security/security.machine.ts';
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
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const here: Device = { id: 'd-here', browser: 'Chrome on Linux', place: 'Local network', signed_in_at: '2026-01-15T10:00:00.000Z', last_seen_at: '2026-01-15T10:00:00.000Z', remember: false, current: true };
export const phone: Device = { id: 'd-phone', browser: 'Safari on iPhone', place: 'Internet address 203.0.113.x', signed_in_at: '2026-01-15T09:00:00.000Z', last_seen_at: '2026-01-15T09:30:00.000Z', remember: true, current: false };
export const off = { enabled: false, enabled_at: null, recovery_codes_left: 0 };
export const on = { enabled: true, enabled_at: '2026-01-15T10:05:00.000Z', recovery_codes_left: 10 };
export const setupAnswer: TwoFactorSetup = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/MaxOut:ann%40example.ie?secret=JBSWY3DPEHPK3PXP', qr_data_url: 'data:image/png;base64,iVBORw0KGgo=' };
export const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
export const refused = (status: number, message: string, fieldErrors?: Record<string, string[]>): { ok: false; error: ApiFailure } => ({
  ok: false,
  error: { status, message, source: 'server', ...(fieldErrors ? { fieldErrors } : {}) },
});
export const outage = new Error('socket hang up');

export const overviews: LoadOverviewResult[] = [
  { ok: true, events: [], devices: [here, phone], twoFactor: off },
  { ok: true, events: [], devices: [here], twoFactor: on },
  refused(503, 'Server error, please try again later.'),
];

export const done = <T,>(id: string, outputs: readonly T[]) => () => outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
export const error = (id: string) => () => [{ type: `xstate.error.actor.${id}`, error: outage }];

export const fixtures = {
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

export const PARTS = {
  password: ['password.submit'],
  devices: ['device.signOut', 'devices.signOutOthers'],
  twoFactor: ['twoFactor.start', 'twoFactor.confirm', 'twoFactor.cancel', 'twoFactor.codesSaved', 'twoFactor.disable'],
} as const;
export const allPartEvents = Object.values(PARTS).flat();

export const models = Object.fromEntries(
  Object.entries(PARTS).map(([part, events]) => [
    part,
    createModelTest(securityMachine, {
      name: part,
      events: fixtures,
      ignoreEvents: allPartEvents.filter((type) => !(events as readonly string[]).includes(type)),
      serializeContext: (c) => ({ twoFactor: c.twoFactor?.enabled ?? null, devices: c.devices.length, loaded: c.loadError === null }),
    }),
  ]),
);

const answer = (call: string, output: { ok: boolean; error?: ApiFailure }, ok: string) =>
  output.ok ? `${call} ${ok}` : `${call} refuses it (${output.error?.status}${output.error?.message ? `: ${output.error.message}` : ''})`;

export const doc = pathDoc(securityMachine, fixtures, {
  testFile: 'tests/machines/security.model.test.ts',
  models: Object.values(models),
  visits: {
    password: 'Changing the password',
    devices: 'Signing devices out',
    twoFactor: 'Turning two-step sign-in on and off',
  },
  start: 'Open /settings',
  words: {
    'security.reload': (_, before) =>
      before.matches({ overview: 'failed' }) ? 'Press "Try again" on the overview' : 'The overview is asked to load again (a change elsewhere in the section)',
    'password.submit': 'Type the current password and the new one twice, press "Change password"',
    'device.signOut': (event, before) =>
      `Press "Sign out" on ${before.context.devices.find((d) => d.id === event.id)?.browser ?? 'a device'}${event.id === here.id ? ' (this device: no such button)' : ''}`,
    'devices.signOutOthers': 'Press "Sign out everywhere else"',
    'twoFactor.start': 'Type the password and press "Turn on two-step sign-in"',
    'twoFactor.confirm': (event) => `Type the code ${event.code} from the authenticator app and press "Turn on"`,
    'twoFactor.cancel': 'Press "Cancel"',
    'twoFactor.codesSaved': 'Press the button saying the recovery codes are saved',
    'twoFactor.disable': 'Type the password and press "Turn off"',
    'xstate.done.actor.loadOverview': (event) =>
      event.output.ok
        ? `The overview loads: ${event.output.devices.length} device(s), two-step sign-in ${event.output.twoFactor.enabled ? 'on' : 'off'}`
        : `The overview fails to load (${event.output.error.status})`,
    'xstate.error.actor.loadOverview': 'The overview gets no answer (offline)',
    'xstate.done.actor.changePassword': (event) => answer('POST /security/change-password', event.output, 'changes it'),
    'xstate.error.actor.changePassword': 'POST /security/change-password gets no answer (offline)',
    'xstate.done.actor.signOutDevice': (event) => answer('POST /security/devices/:id/sign-out', event.output, 'signs the device out'),
    'xstate.error.actor.signOutDevice': 'POST /security/devices/:id/sign-out gets no answer (offline)',
    'xstate.done.actor.signOutOthers': (event) => answer('POST /security/sign-out-everywhere', event.output, 'signs the others out'),
    'xstate.error.actor.signOutOthers': 'POST /security/sign-out-everywhere gets no answer (offline)',
    'xstate.done.actor.startSetup': (event) => answer('POST /security/two-factor/setup', event.output, 'answers the QR code'),
    'xstate.error.actor.startSetup': 'POST /security/two-factor/setup gets no answer (offline)',
    'xstate.done.actor.confirmSetup': (event) => answer('POST /security/two-factor/confirm', event.output, 'turns it on and answers 10 recovery codes'),
    'xstate.error.actor.confirmSetup': 'POST /security/two-factor/confirm gets no answer (offline)',
    'xstate.done.actor.disableTwoFactor': (event) => answer('POST /security/two-factor/disable', event.output, 'turns it off'),
    'xstate.error.actor.disableTwoFactor': 'POST /security/two-factor/disable gets no answer (offline)',
  },
  screen: () => '/settings, "Security"',
});
