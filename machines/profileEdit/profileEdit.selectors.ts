import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { ProfileEditMachine } from './profileEdit.machine.ts';

export type ProfileEditSnapshot = SnapshotFrom<ProfileEditMachine>;

const SAVE_PROBE = {
  type: 'profile.save',
  changes: { first_name: '', surname: '', ppsn: '', date_of_birth: '', pension_plan_id: null },
} as const;

export const selectIsSaving = (s: Pick<ProfileEditSnapshot, 'hasTag'>) => s.hasTag('busy');

/** May the form be submitted now? */
export const selectCanSave = (s: Pick<ProfileEditSnapshot, 'can'>) => s.can(SAVE_PROBE);

/** The "saved" notice shows. */
export const selectSaved = (s: Pick<ProfileEditSnapshot, 'matches'>) => s.matches('saved');

/** The failure worded for the user, or null. */
export const selectErrorMessage = (s: Pick<ProfileEditSnapshot, 'context'>) => (s.context.error ? failureMessage(s.context.error) : null);

/** The server's first message per field (`{ ppsn: '…' }`), shown under the inputs. */
export const selectFieldErrors = (s: Pick<ProfileEditSnapshot, 'context'>): Record<string, string> => {
  const errors = s.context.error?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
};
