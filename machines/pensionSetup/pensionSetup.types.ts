import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { PensionInfoRequest } from '../../src/domain/schemas/pension.ts';
import type { User } from '../../src/domain/schemas/user.ts';

export interface PensionSetupInput {
  /** The signed-in user as the screen opened (the form starts from their figures). */
  user: User | null;
  /** The Irish calendar date, YYYY-MM-DD (the age band is read on it). */
  today: string;
  /**
   * The page the user asked for before the guard sent them here (the URL's returnTo), or null:
   * saved, they go there (same-app paths only) instead of the Overview.
   */
  returnTo: string | null;
}

/** Plain JSON: the user and date the figures are worked out for, and the last failure to show beside the form (the form keeps what was typed). */
export interface PensionSetupContext extends PensionSetupInput {
  error: ApiFailure | null;
}

export type PensionSetupEvent =
  /** Pension Setup was submitted with values the shared schema accepted. */
  { type: 'pensionInfo.submit'; values: PensionInfoRequest };

/** `busy`: the values are being saved. */
export type PensionSetupTag = 'busy';

export type SavePensionInfoResult = { ok: true; user: User } | { ok: false; error: ApiFailure };
export type SavePensionInfoLogic = PromiseActorLogic<SavePensionInfoResult, PensionInfoRequest>;

/** Where Pension Setup goes once saved. */
export const AFTER_PENSION_SETUP = '/landing';
