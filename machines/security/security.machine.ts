import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type {
  ChangePasswordLogic,
  ChangePasswordResult,
  ConfirmSetupLogic,
  ConfirmSetupResult,
  DisableLogic,
  DisableResult,
  LoadOverviewLogic,
  LoadOverviewResult,
  SecurityContext,
  SecurityMachineEvent,
  SecurityTag,
  SignOutDeviceLogic,
  SignOutDeviceResult,
  SignOutOthersLogic,
  SignOutOthersResult,
  StartSetupLogic,
  StartSetupResult,
} from './security.types.ts';

// Harmless defaults: each answers as an outage would. The app provides the real API calls.
const outage = { ok: false as const, error: NO_RESPONSE };
const loadOverview: LoadOverviewLogic = fromPromise<LoadOverviewResult>(async () => outage);
const changePassword: ChangePasswordLogic = fromPromise<ChangePasswordResult, { current_password: string; password: string; password_confirmation: string }>(
  async () => outage,
);
const signOutDevice: SignOutDeviceLogic = fromPromise<SignOutDeviceResult, { id: string }>(async () => outage);
const signOutOthers: SignOutOthersLogic = fromPromise<SignOutOthersResult>(async () => outage);
const startSetup: StartSetupLogic = fromPromise<StartSetupResult, { password: string }>(async () => outage);
const confirmSetup: ConfirmSetupLogic = fromPromise<ConfirmSetupResult, { code: string }>(async () => outage);
const disableTwoFactor: DisableLogic = fromPromise<DisableResult, { password: string }>(async () => outage);

const errorOf = (result: object): ApiFailure => ('error' in result ? (result.error as ApiFailure) : NO_RESPONSE);

/** How many other devices a "sign out everywhere else" ended, in words. */
export function signedOutNotice(count: number): string {
  if (count === 0) return 'No other device was signed in.';
  return count === 1 ? 'Signed out 1 other device.' : `Signed out ${count} other devices.`;
}

/**
 * Settings → Security: the overview (security events, signed-in devices, two-step status), the
 * change-password form, signing devices out, and turning two-step sign-in on (QR code, first
 * code, recovery codes shown once) or off (with the password). The four parts run side by side;
 * whatever changes the account reloads the overview.
 */
export const securityMachine = setup({
  types: {
    context: {} as SecurityContext,
    events: {} as SecurityMachineEvent,
    tags: {} as SecurityTag,
  },
  actors: { loadOverview, changePassword, signOutDevice, signOutOthers, startSetup, confirmSetup, disableTwoFactor },
  actions: {
    setOverview: assign((_, params: { result: LoadOverviewResult }) =>
      params.result.ok ? { events: params.result.events, devices: params.result.devices, twoFactor: params.result.twoFactor, loadError: null } : {},
    ),
    setLoadError: assign((_, params: { error: ApiFailure }) => ({ loadError: params.error })),
    reload: raise({ type: 'security.reload' }),
    clearPasswordFeedback: assign({ passwordNotice: null, passwordError: null }),
    setPasswordNotice: assign((_, params: { message: string | null }) => ({ passwordNotice: params.message ?? 'Your password has been changed.' })),
    setPasswordError: assign((_, params: { error: ApiFailure }) => ({ passwordError: params.error })),
    startDeviceSignOut: assign((_, params: { id: string | null }) => ({ signingOutId: params.id, deviceNotice: null, deviceError: null })),
    setDeviceNotice: assign((_, params: { notice: string }) => ({ deviceNotice: params.notice, signingOutId: null })),
    setDeviceError: assign((_, params: { error: ApiFailure }) => ({ deviceError: params.error, signingOutId: null })),
    clearTwoFactorError: assign({ twoFactorError: null }),
    setTwoFactorError: assign((_, params: { error: ApiFailure }) => ({ twoFactorError: params.error })),
    setSetup: assign((_, params: { result: StartSetupResult }) => ({ setup: params.result.ok ? params.result.setup : null })),
    setRecoveryCodes: assign((_, params: { codes: string[] }) => ({ recoveryCodes: params.codes, setup: null })),
    forgetSetup: assign({ setup: null, recoveryCodes: null, twoFactorError: null }),
  },
  guards: {
    succeeded: (_, params: { ok: boolean }) => params.ok,
    twoFactorOff: ({ context }) => context.twoFactor?.enabled === false,
    twoFactorOn: ({ context }) => context.twoFactor?.enabled === true,
    /** Only another device, and only one the list shows. */
    isOtherDevice: ({ context }, params: { id: string }) => context.devices.some((d) => d.id === params.id && !d.current),
    hasOtherDevices: ({ context }) => context.devices.some((d) => !d.current),
  },
}).createMachine({
  id: 'security',
  description: 'Settings → Security: password, devices, two-step sign-in and the security events, side by side.',
  type: 'parallel',
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
  states: {
    overview: {
      description: 'The security events, the devices and the two-step status, as the server has them.',
      initial: 'loading',
      states: {
        loading: {
          description: 'GET /security/events, /security/devices and /security/two-factor.',
          on: {
            'security.reload': { description: 'Something changed meanwhile: load again from the start.', target: 'loading', reenter: true },
          },
          invoke: {
            id: 'loadOverview',
            src: 'loadOverview',
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: 'ready',
                actions: { type: 'setOverview', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'failed', actions: { type: 'setLoadError', params: ({ event }) => ({ error: errorOf(event.output) }) } },
            ],
            onError: { target: 'failed', actions: { type: 'setLoadError', params: { error: NO_RESPONSE } } },
          },
        },
        ready: {
          description: 'Shown; a change elsewhere in the section loads it again.',
          on: { 'security.reload': { target: 'loading' } },
        },
        failed: {
          description: 'Could not be loaded; "Try again" loads it again.',
          on: { 'security.reload': { target: 'loading' } },
        },
      },
    },

    password: {
      description: 'Change password: the current one, then the new one twice.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The form can be submitted; the last answer is shown.',
          on: {
            'password.submit': { target: 'changing', actions: 'clearPasswordFeedback' },
          },
        },
        changing: {
          description: 'POST /security/change-password; the other devices are signed out by the server.',
          tags: ['busy'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ event }) => {
              assertEvent(event, 'password.submit');
              return event.request;
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: 'idle',
                actions: [{ type: 'setPasswordNotice', params: ({ event }) => ({ message: event.output.ok ? event.output.message : null }) }, 'reload'],
              },
              { target: 'idle', actions: { type: 'setPasswordError', params: ({ event }) => ({ error: errorOf(event.output) }) } },
            ],
            onError: { target: 'idle', actions: { type: 'setPasswordError', params: { error: NO_RESPONSE } } },
          },
        },
      },
    },

    devices: {
      description: 'Signing out one other device, or all of them.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Each other device has a "Sign out" button; "Sign out everywhere else" ends them all.',
          on: {
            'device.signOut': {
              guard: { type: 'isOtherDevice', params: ({ event }) => ({ id: event.id }) },
              target: 'signingOut',
              actions: { type: 'startDeviceSignOut', params: ({ event }) => ({ id: event.id }) },
            },
            'devices.signOutOthers': {
              guard: 'hasOtherDevices',
              target: 'signingOutOthers',
              actions: { type: 'startDeviceSignOut', params: { id: null } },
            },
          },
        },
        signingOut: {
          description: 'POST /security/devices/:id/sign-out.',
          tags: ['busy'],
          invoke: {
            id: 'signOutDevice',
            src: 'signOutDevice',
            input: ({ event }) => {
              assertEvent(event, 'device.signOut');
              return { id: event.id };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: 'idle',
                actions: [{ type: 'setDeviceNotice', params: { notice: 'The device has been signed out.' } }, 'reload'],
              },
              { target: 'idle', actions: [{ type: 'setDeviceError', params: ({ event }) => ({ error: errorOf(event.output) }) }, 'reload'] },
            ],
            onError: { target: 'idle', actions: { type: 'setDeviceError', params: { error: NO_RESPONSE } } },
          },
        },
        signingOutOthers: {
          description: 'POST /security/sign-out-everywhere: every device but this one.',
          tags: ['busy'],
          invoke: {
            id: 'signOutOthers',
            src: 'signOutOthers',
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: 'idle',
                actions: [{ type: 'setDeviceNotice', params: ({ event }) => ({ notice: signedOutNotice(event.output.ok ? event.output.signedOut : 0) }) }, 'reload'],
              },
              { target: 'idle', actions: { type: 'setDeviceError', params: ({ event }) => ({ error: errorOf(event.output) }) } },
            ],
            onError: { target: 'idle', actions: { type: 'setDeviceError', params: { error: NO_RESPONSE } } },
          },
        },
      },
    },

    twoFactor: {
      description: 'Two-step sign-in: turning it on (QR code, first code, recovery codes once) or off (with the password).',
      initial: 'idle',
      states: {
        idle: {
          description: 'Shows whether it is on, with "Turn on" or "Turn off".',
          on: {
            'twoFactor.start': { guard: 'twoFactorOff', target: 'starting', actions: 'clearTwoFactorError' },
            'twoFactor.disable': { guard: 'twoFactorOn', target: 'disabling', actions: 'clearTwoFactorError' },
          },
        },
        starting: {
          description: 'POST /security/two-factor/setup with the password: a new secret and its QR code.',
          tags: ['busy'],
          invoke: {
            id: 'startSetup',
            src: 'startSetup',
            input: ({ event }) => {
              assertEvent(event, 'twoFactor.start');
              return { password: event.password };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: 'scanning',
                actions: { type: 'setSetup', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'idle', actions: { type: 'setTwoFactorError', params: ({ event }) => ({ error: errorOf(event.output) }) } },
            ],
            onError: { target: 'idle', actions: { type: 'setTwoFactorError', params: { error: NO_RESPONSE } } },
          },
        },
        scanning: {
          description: 'The QR code (and the secret as text) is shown; the first code from the app turns it on.',
          on: {
            'twoFactor.confirm': { target: 'confirming', actions: 'clearTwoFactorError' },
            'twoFactor.cancel': { target: 'idle', actions: 'forgetSetup' },
          },
        },
        confirming: {
          description: 'POST /security/two-factor/confirm with the code.',
          tags: ['busy'],
          invoke: {
            id: 'confirmSetup',
            src: 'confirmSetup',
            input: ({ event }) => {
              assertEvent(event, 'twoFactor.confirm');
              return { code: event.code };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: 'showingCodes',
                actions: [{ type: 'setRecoveryCodes', params: ({ event }) => ({ codes: event.output.ok ? event.output.recoveryCodes : [] }) }, 'reload'],
              },
              { target: 'scanning', actions: { type: 'setTwoFactorError', params: ({ event }) => ({ error: errorOf(event.output) }) } },
            ],
            onError: { target: 'scanning', actions: { type: 'setTwoFactorError', params: { error: NO_RESPONSE } } },
          },
        },
        showingCodes: {
          description: 'Two-step sign-in is on: the 10 recovery codes are shown this once.',
          on: {
            'twoFactor.codesSaved': { target: 'idle', actions: 'forgetSetup' },
          },
        },
        disabling: {
          description: 'POST /security/two-factor/disable with the password.',
          tags: ['busy'],
          invoke: {
            id: 'disableTwoFactor',
            src: 'disableTwoFactor',
            input: ({ event }) => {
              assertEvent(event, 'twoFactor.disable');
              return { password: event.password };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: 'idle',
                actions: 'reload',
              },
              { target: 'idle', actions: { type: 'setTwoFactorError', params: ({ event }) => ({ error: errorOf(event.output) }) } },
            ],
            onError: { target: 'idle', actions: { type: 'setTwoFactorError', params: { error: NO_RESPONSE } } },
          },
        },
      },
    },
  },
});

export type SecurityMachine = typeof securityMachine;
