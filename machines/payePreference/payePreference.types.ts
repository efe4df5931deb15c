import type { PromiseActorLogic } from 'xstate';
import type { User } from '../../src/domain/schemas/user.ts';

/** Plain JSON: the failure text to show, if the last change failed. */
export interface PayePreferenceContext {
  error: string | null;
}

export type PayePreferenceEvent =
  /** The switch was flipped: `optOut` true stops refund processing until it is set back. */
  { type: 'preference.set'; optOut: boolean };

/** `busy`: the change is on its way (the switch is disabled). */
export type PayePreferenceTag = 'busy';

export interface SetOptOutInput {
  optOut: boolean;
}

/** POST /paye-opt-out; any failure resolves as `{ ok: false }` (the spec has one message for it). */
export type SetOptOutResult = { ok: true; user: User } | { ok: false };

export type SetOptOutLogic = PromiseActorLogic<SetOptOutResult, SetOptOutInput>;
