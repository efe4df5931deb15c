import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { ChangePasswordRequest, Device, SecurityEvent, TwoFactorSetup, TwoFactorStatus } from '../../src/domain/schemas/security.ts';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/** Plain JSON: what Settings → Security shows. */
export interface SecurityContext {
  /** The account's security events, newest first (last 90 days). */
  events: SecurityEvent[];
  /** The signed-in devices; `current` marks this one. */
  devices: Device[];
  /** Two-step sign-in on or off; null until loaded. */
  twoFactor: TwoFactorStatus | null;
  /** Why the overview could not be loaded. */
  loadError: ApiFailure | null;
  /** The server's confirmation of a password change. */
  passwordNotice: string | null;
  /** Why the last password change was refused (field errors go back to the form). */
  passwordError: ApiFailure | null;
  /** What the device list says after a sign-out ("Signed out 2 devices."). */
  deviceNotice: string | null;
  deviceError: ApiFailure | null;
  /** The device being signed out, while the request is on its way. */
  signingOutId: string | null;
  /** The QR code and secret of a setup in progress; null otherwise. */
  setup: TwoFactorSetup | null;
  /** The recovery codes, shown once right after two-step sign-in was turned on. */
  recoveryCodes: string[] | null;
  /** Why the last two-step action was refused. */
  twoFactorError: ApiFailure | null;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export type SecurityMachineEvent =
  /** Load the overview again (a retry after a failure). */
  | { type: 'security.reload' }
  /** The change-password form was submitted (the form validated it first). */
  | { type: 'password.submit'; request: ChangePasswordRequest }
  /** "Sign out" on one device of the list. */
  | { type: 'device.signOut'; id: string }
  /** "Sign out everywhere else": every other device. */
  | { type: 'devices.signOutOthers' }
  /** "Turn on two-step sign-in" with the account password: a new secret and its QR code. */
  | { type: 'twoFactor.start'; password: string }
  /** The first code from the app, confirming the setup. */
  | { type: 'twoFactor.confirm'; code: string }
  /** Leave the setup without turning it on. */
  | { type: 'twoFactor.cancel' }
  /** "I have saved my recovery codes": they are not shown again. */
  | { type: 'twoFactor.codesSaved' }
  /** "Turn off" with the account password. */
  | { type: 'twoFactor.disable'; password: string };


// ─── Tags ────────────────────────────────────────────────────────────────────────────────────────

/** `busy`: some request of the section is on its way. */
export type SecurityTag = 'busy';

// ─── Actor contracts (expected failures are data; a rejection is an outage) ─────────────────────

export type Failure = { ok: false; error: ApiFailure };

export type LoadOverviewResult = { ok: true; events: SecurityEvent[]; devices: Device[]; twoFactor: TwoFactorStatus } | Failure;
export type LoadOverviewLogic = PromiseActorLogic<LoadOverviewResult>;

export type ChangePasswordResult = { ok: true; message: string | null } | Failure;
export type ChangePasswordLogic = PromiseActorLogic<ChangePasswordResult, ChangePasswordRequest>;

export type SignOutDeviceResult = { ok: true } | Failure;
export type SignOutDeviceLogic = PromiseActorLogic<SignOutDeviceResult, { id: string }>;

export type SignOutOthersResult = { ok: true; signedOut: number } | Failure;
export type SignOutOthersLogic = PromiseActorLogic<SignOutOthersResult>;

export type StartSetupResult = { ok: true; setup: TwoFactorSetup } | Failure;
export type StartSetupLogic = PromiseActorLogic<StartSetupResult, { password: string }>;

export type ConfirmSetupResult = { ok: true; recoveryCodes: string[] } | Failure;
export type ConfirmSetupLogic = PromiseActorLogic<ConfirmSetupResult, { code: string }>;

export type DisableResult = { ok: true } | Failure;
export type DisableLogic = PromiseActorLogic<DisableResult, { password: string }>;
