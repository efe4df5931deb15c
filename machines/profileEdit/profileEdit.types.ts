import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import type { AssessmentBasis } from '../../src/domain/tax/assessment.ts';

// ─── Context and input ───────────────────────────────────────────────────────────────────────────

export interface ProfileEditInput {
  /** Where to go after a successful save (the validated `returnTo` search param), or null to stay. */
  returnTo: string | null;
  /** The signed-in user as the session had them when the screen opened: the form starts from them. */
  user: User | null;
  /** The Irish calendar date the screen opened on, YYYY-MM-DD (the date of birth is judged on it). */
  today: string;
}

/** Plain JSON. */
export interface ProfileEditContext extends ProfileEditInput {
  /** Why the last save failed (the server's field messages included); cleared by the next save. */
  error: ApiFailure | null;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

/** The profile fields POST /edit-profile takes from this screen, already validated by the form. */
export interface ProfileChanges {
  first_name: string;
  surname: string;
  ppsn: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
  /** Left out when it is the stored plan ID (which may be in an older format). */
  pension_plan_id?: string | null;
  /** Married users: the spouse's income (null: not known) and the basis of assessment. */
  spouse_annual_income?: number | null;
  assessment_basis?: AssessmentBasis | null;
}

export type ProfileEditEvent =
  /** The form was submitted and passed its own validation. */
  { type: 'profile.save'; changes: ProfileChanges };

// ─── Tags ────────────────────────────────────────────────────────────────────────────────────────

/** `busy`: the save is on its way (the button shows progress). */
export type ProfileEditTag = 'busy';

// ─── Actor contracts ─────────────────────────────────────────────────────────────────────────────

/** POST /edit-profile. A refusal (422 with field messages) resolves as data; only an outage rejects. */
export type SaveProfileResult = { ok: true; user: User } | { ok: false; error: ApiFailure };

export type SaveProfileLogic = PromiseActorLogic<SaveProfileResult, ProfileChanges>;
