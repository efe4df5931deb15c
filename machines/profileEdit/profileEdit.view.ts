import type { SnapshotFrom } from 'xstate';
import { apiDateToDisplayDate, calendarDay, parseApiDate } from '../../src/domain/dates.ts';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../../src/domain/failureMessage.ts';
import { profileFormSchema, type ProfileFormValues } from '../../src/domain/schemas/profile.ts';
import { ASSESSMENT_BASES, ASSESSMENT_BASIS_LABELS } from '../../src/domain/tax/assessment.ts';
import { memoLast } from '../shared/memo.ts';
import type { ProfileEditMachine } from './profileEdit.machine.ts';

type Snapshot = Pick<SnapshotFrom<ProfileEditMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;

/**
 * The form's values as Mantine holds them (the date of birth as DD.MM.YYYY, no plan ID as '', the
 * spouse's income as a number or '' when not known).
 */
export type ProfileFormFields = Required<{ [K in Exclude<keyof ProfileFormValues, 'spouse_annual_income'>]: string }> & { spouse_annual_income: number | '' };

export interface ProfileEditView {
  /** The save is on its way: the button shows progress. */
  busy: boolean;
  canSave: boolean;
  /** The "saved" notice shows. */
  saved: boolean;
  /** Why the last save failed, worded for the user, or null. */
  error: string | null;
  /** The server's first message per field, for the form's own inputs. */
  fieldErrors: FieldErrors;
  /** The account's email, shown read-only. */
  email: string;
  /** A married user: the form also asks the spouse's income and the basis of assessment. */
  married: boolean;
  /** The bases of assessment, worded. */
  basisOptions: { value: string; label: string }[];
  form: {
    /** The profile as the screen opened on it. */
    initialValues: ProfileFormFields;
    /** The form's validation: the profile schema of today (the same rules as POST /edit-profile). */
    schema: ReturnType<typeof profileFormSchema>;
    /** The plan ID the profile holds: sent again only when changed. */
    storedPlanId: string | null;
  };
}

/** Keyed by today and the stored plan ID (an ID in an older format is kept as it is, not re-validated). */
const schemaOf = memoLast((key: string) => {
  const [today = '', planId = ''] = key.split('|');
  return profileFormSchema(parseApiDate(today) ?? calendarDay(new Date(0)), planId === '' ? null : planId);
});

const BASIS_OPTIONS = ASSESSMENT_BASES.map((value) => ({ value, label: ASSESSMENT_BASIS_LABELS[value] }));

/** The profile (/profile) as the screen shows it. */
export function profileEditView(snapshot: Snapshot): ProfileEditView {
  const { context } = snapshot;
  const { user } = context;
  return {
    busy: snapshot.hasTag('busy'),
    canSave: snapshot.can({ type: 'profile.save', changes: { first_name: '', surname: '', ppsn: '', date_of_birth: '', pension_plan_id: null } }),
    saved: snapshot.matches('saved'),
    error: context.error ? failureMessage(context.error) : null,
    fieldErrors: fieldErrorsOf(context.error),
    email: user?.email ?? '',
    married: user?.marital_status === 'married',
    basisOptions: BASIS_OPTIONS,
    form: {
      initialValues: {
        first_name: user?.first_name ?? '',
        surname: user?.surname ?? '',
        ppsn: user?.ppsn ?? '',
        date_of_birth: apiDateToDisplayDate(user?.date_of_birth) ?? '',
        pension_plan_id: user?.pension_plan_id ?? '',
        spouse_annual_income: user?.spouse_annual_income ?? '',
        assessment_basis: user?.assessment_basis ?? 'joint',
      },
      schema: schemaOf(`${context.today}|${user?.pension_plan_id ?? ''}`),
      storedPlanId: user?.pension_plan_id ?? null,
    },
  };
}
