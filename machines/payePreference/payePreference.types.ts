import type { PromiseActorLogic } from 'xstate';
import type { User } from '../../src/domain/schemas/user.ts';

export interface PayePreferenceInput {
  /** The signed-in user as the session had them when the screen opened: the switch shows their choice. */
  user: User | null;
}

/** Plain JSON. */
export interface PayePreferenceContext extends PayePreferenceInput {
  /** The failure text to show, if the last change failed. */
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
