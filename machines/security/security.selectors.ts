/**
 * Pure snapshot → view functions for Settings → Security. They take partial snapshots, so tests
 * can call them on hand-made objects.
 */
import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { SecurityMachine } from './security.machine.ts';
import type { SecurityMachineEvent } from './security.types.ts';

type Snapshot = SnapshotFrom<SecurityMachine>;
type WithContext = Pick<Snapshot, 'context'>;
type WithMatches = Pick<Snapshot, 'matches'>;
type WithCan = Pick<Snapshot, 'can'>;

export const selectEvents = (s: WithContext) => s.context.events;
export const selectDevices = (s: WithContext) => s.context.devices;
export const selectTwoFactor = (s: WithContext) => s.context.twoFactor;

/** The overview is being loaded for the first time (nothing to show yet). */
export const selectIsLoadingOverview = (s: WithMatches & WithContext) => s.matches({ overview: 'loading' }) && s.context.twoFactor === null;
export const selectLoadError = (s: WithMatches & WithContext) =>
  s.matches({ overview: 'failed' }) && s.context.loadError ? failureMessage(s.context.loadError) : null;

// ── Password ────────────────────────────────────────────────────────────────────────────────
const PASSWORD_PROBE: SecurityMachineEvent = { type: 'password.submit', request: { current_password: '', password: '', password_confirmation: '' } };
export const selectCanChangePassword = (s: WithCan) => s.can(PASSWORD_PROBE);
export const selectIsChangingPassword = (s: WithMatches) => s.matches({ password: 'changing' });
export const selectPasswordNotice = (s: WithContext) => s.context.passwordNotice;
/** The refusal as one message (field errors are shown under their inputs instead). */
export const selectPasswordError = (s: WithContext) => {
  const error = s.context.passwordError;
  if (!error) return null;
  return error.fieldErrors && Object.keys(error.fieldErrors).length > 0 ? null : failureMessage(error);
};
/** The server's field errors of the last refusal, first message per field. */
export const selectPasswordFieldErrors = (s: WithContext): Record<string, string> => {
  const fields = s.context.passwordError?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(fields).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
};

// ── Devices ─────────────────────────────────────────────────────────────────────────────────
/** May this device be signed out now (another device of the list, no sign-out under way)? */
export const selectCanSignOutDevice = (s: WithCan, id: string) => s.can({ type: 'device.signOut', id });
/** The devices whose "Sign out" button is enabled now. */
export const selectSignOutableIds = (s: WithCan & WithContext): string[] =>
  s.context.devices.filter((device) => s.can({ type: 'device.signOut', id: device.id })).map((device) => device.id);
export const selectCanSignOutOthers = (s: WithCan) => s.can({ type: 'devices.signOutOthers' });
export const selectSigningOutId = (s: WithContext) => s.context.signingOutId;
export const selectIsSigningOutOthers = (s: WithMatches) => s.matches({ devices: 'signingOutOthers' });
export const selectDeviceNotice = (s: WithContext) => s.context.deviceNotice;
export const selectDeviceError = (s: WithContext) => (s.context.deviceError ? failureMessage(s.context.deviceError) : null);

// ── Two-step sign-in ────────────────────────────────────────────────────────────────────────
export type TwoFactorView = 'off' | 'on' | 'starting' | 'scanning' | 'confirming' | 'codes' | 'disabling' | 'unknown';

/** Which part of the two-step card to show. */
export const selectTwoFactorView = (s: WithMatches & WithContext): TwoFactorView => {
  if (s.matches({ twoFactor: 'starting' })) return 'starting';
  if (s.matches({ twoFactor: 'scanning' })) return 'scanning';
  if (s.matches({ twoFactor: 'confirming' })) return 'confirming';
  if (s.matches({ twoFactor: 'showingCodes' })) return 'codes';
  if (s.matches({ twoFactor: 'disabling' })) return 'disabling';
  if (!s.context.twoFactor) return 'unknown';
  return s.context.twoFactor.enabled ? 'on' : 'off';
};
export const selectSetup = (s: WithContext) => s.context.setup;
export const selectRecoveryCodes = (s: WithContext) => s.context.recoveryCodes;
export const selectCanStartTwoFactor = (s: WithCan) => s.can({ type: 'twoFactor.start', password: '' });
export const selectCanConfirmTwoFactor = (s: WithCan) => s.can({ type: 'twoFactor.confirm', code: '' });
export const selectCanDisableTwoFactor = (s: WithCan) => s.can({ type: 'twoFactor.disable', password: '' });
/** The refusal of the last two-step action: the first field message, else the message. */
export const selectTwoFactorError = (s: WithContext) => {
  const error = s.context.twoFactorError;
  if (!error) return null;
  const first = Object.values(error.fieldErrors ?? {})[0]?.[0];
  return first ?? failureMessage(error);
};
