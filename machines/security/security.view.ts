import type { SnapshotFrom } from 'xstate';
import { formatDisplayDateTime } from '../../src/domain/dates.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../../src/domain/failureMessage.ts';
import type { Device, SecurityEvent, TwoFactorSetup } from '../../src/domain/schemas/security.ts';
import { describeSecurityEvent, isWarningEvent } from '../../src/domain/securityEvents.ts';
import { memoLast } from '../shared/memo.ts';
import type { SecurityMachine } from './security.machine.ts';
import type { SecurityMachineEvent } from './security.types.ts';

type Snapshot = Pick<SnapshotFrom<SecurityMachine>, 'context' | 'matches' | 'can'>;

/** Which part of the two-step card shows. */
export type TwoFactorStep = 'off' | 'on' | 'starting' | 'scanning' | 'confirming' | 'codes' | 'disabling' | 'unknown';

export interface DeviceRow {
  id: string;
  browser: string;
  place: string;
  /** This device: no "Sign out" (Logout ends it). */
  current: boolean;
  /** "Last active … · signed in …". */
  seen: string;
  /** The accessible name of its "Sign out" button. */
  signOutLabel: string;
  canSignOut: boolean;
  /** Its sign-out is on its way. */
  signingOut: boolean;
}

export interface SecurityEventRow {
  id: string;
  /** What happened, in words. */
  text: string;
  /** Worth the user's attention (a failed sign-in, a sign-out everywhere…): shown in bold. */
  warning: boolean;
  /** When, from which browser and place. */
  meta: string;
}

/** Settings → Security: change password, two-step sign-in, signed-in devices, security events. */
export interface SecurityView {
  /** The first load, with nothing to show yet. */
  loading: boolean;
  /** Why the overview could not be loaded, or null. */
  loadError: string | null;
  password: {
    canSubmit: boolean;
    busy: boolean;
    /** The server's confirmation of a change; the form empties itself when it comes. */
    notice: string | null;
    /** A refusal without field messages, worded for the user. */
    error: string | null;
    /** A refusal's first message per field, for the form's own inputs. */
    fieldErrors: FieldErrors;
  };
  twoFactor: {
    step: TwoFactorStep;
    /** "Since …" while on. */
    since: string;
    recoveryCodesLeft: number;
    /** The QR code and secret while scanning. */
    setup: TwoFactorSetup | null;
    /** Shown once, right after it was turned on. */
    recoveryCodes: string[];
    /** The refusal of the last two-step action: its first field message, else its message. */
    error: string | null;
    canStart: boolean;
    canConfirm: boolean;
    canDisable: boolean;
  };
  devices: {
    rows: DeviceRow[];
    /** "Signed out 2 other devices." */
    notice: string | null;
    error: string | null;
    canSignOutOthers: boolean;
    signingOutOthers: boolean;
  };
  events: SecurityEventRow[];
}

const PASSWORD_PROBE: SecurityMachineEvent = { type: 'password.submit', request: { current_password: '', password: '', password_confirmation: '' } };

function twoFactorStep(snapshot: Snapshot): TwoFactorStep {
  if (snapshot.matches({ twoFactor: 'starting' })) return 'starting';
  if (snapshot.matches({ twoFactor: 'scanning' })) return 'scanning';
  if (snapshot.matches({ twoFactor: 'confirming' })) return 'confirming';
  if (snapshot.matches({ twoFactor: 'showingCodes' })) return 'codes';
  if (snapshot.matches({ twoFactor: 'disabling' })) return 'disabling';
  if (!snapshot.context.twoFactor) return 'unknown';
  return snapshot.context.twoFactor.enabled ? 'on' : 'off';
}

/** Field messages go under the inputs, so the banner says only a refusal that has none. */
function passwordError(error: ApiFailure | null): string | null {
  if (!error) return null;
  return error.fieldErrors && Object.keys(error.fieldErrors).length > 0 ? null : failureMessage(error);
}

function twoFactorError(error: ApiFailure | null): string | null {
  if (!error) return null;
  return Object.values(error.fieldErrors ?? {})[0]?.[0] ?? failureMessage(error);
}

/** The same list of events gives the same rows (the list changes only when the overview is reloaded). */
const eventRows = memoLast((events: SecurityEvent[]): SecurityEventRow[] =>
  events.map((event) => ({
    id: event.id,
    text: describeSecurityEvent(event.kind, event.detail),
    warning: isWarningEvent(event.kind),
    meta: [formatDisplayDateTime(event.at), event.browser, event.place].filter(Boolean).join(' · '),
  })),
);

function deviceRow(snapshot: Snapshot, device: Device): DeviceRow {
  return {
    id: device.id,
    browser: device.browser ?? 'Unknown browser',
    place: device.place ?? 'Unknown place',
    current: device.current,
    seen: `Last active ${formatDisplayDateTime(device.last_seen_at)} · signed in ${formatDisplayDateTime(device.signed_in_at)}`,
    signOutLabel: `Sign out ${device.browser ?? 'device'}, ${device.place ?? ''}`,
    canSignOut: snapshot.can({ type: 'device.signOut', id: device.id }),
    signingOut: snapshot.context.signingOutId === device.id,
  };
}

export function securityView(snapshot: Snapshot): SecurityView {
  const { context } = snapshot;
  const status = context.twoFactor;
  return {
    loading: snapshot.matches({ overview: 'loading' }) && status === null,
    loadError: snapshot.matches({ overview: 'failed' }) && context.loadError ? failureMessage(context.loadError) : null,
    password: {
      canSubmit: snapshot.can(PASSWORD_PROBE),
      busy: snapshot.matches({ password: 'changing' }),
      notice: context.passwordNotice,
      error: passwordError(context.passwordError),
      fieldErrors: fieldErrorsOf(context.passwordError),
    },
    twoFactor: {
      step: twoFactorStep(snapshot),
      since: formatDisplayDateTime(status?.enabled_at),
      recoveryCodesLeft: status?.recovery_codes_left ?? 0,
      setup: context.setup,
      recoveryCodes: context.recoveryCodes ?? [],
      error: twoFactorError(context.twoFactorError),
      canStart: snapshot.can({ type: 'twoFactor.start', password: '' }),
      canConfirm: snapshot.can({ type: 'twoFactor.confirm', code: '' }),
      canDisable: snapshot.can({ type: 'twoFactor.disable', password: '' }),
    },
    devices: {
      rows: context.devices.map((device) => deviceRow(snapshot, device)),
      notice: context.deviceNotice,
      error: context.deviceError ? failureMessage(context.deviceError) : null,
      canSignOutOthers: snapshot.can({ type: 'devices.signOutOthers' }),
      signingOutOthers: snapshot.matches({ devices: 'signingOutOthers' }),
    },
    events: eventRows(context.events),
  };
}
