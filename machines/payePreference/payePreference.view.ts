import type { SnapshotFrom } from 'xstate';
import type { PayePreferenceMachine } from './payePreference.machine.ts';

type Snapshot = Pick<SnapshotFrom<PayePreferenceMachine>, 'context' | 'hasTag' | 'can'>;

export interface PayePreferenceView {
  /** The saved choice: opted out of PAYE authorisation (refund processing paused). */
  optedOut: boolean;
  /** The change is on its way. */
  busy: boolean;
  /** The switch may be flipped now. */
  canChange: boolean;
  /** 'Failed to update preference. Please try again.' after a failed change, else null. */
  error: string | null;
  /** Opted in but no declaration signed yet: the section says it will be asked for. */
  notSignedYet: boolean;
}

/** The PAYE opt-out switch on /settings. */
export function payePreferenceView(snapshot: Snapshot): PayePreferenceView {
  const { user, error } = snapshot.context;
  const optedOut = user?.opt_out_paye_auth === true;
  return {
    optedOut,
    busy: snapshot.hasTag('busy'),
    canChange: snapshot.can({ type: 'preference.set', optOut: true }),
    error,
    notSignedYet: user !== null && !user.paye_a1_authorized && !optedOut,
  };
}
