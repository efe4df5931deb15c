import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import { RESET_LINK_SENT } from '../../src/domain/schemas/messages.ts';
import type { ForgotPasswordMachine } from './forgotPassword.machine.ts';

export type ForgotPasswordSnapshot = SnapshotFrom<ForgotPasswordMachine>;

/** Is a request on its way (the button shows progress)? */
export const selectIsBusy = (s: Pick<ForgotPasswordSnapshot, 'hasTag'>) => s.hasTag('busy');

/** May the form be submitted now? Asked of the machine, so the button never copies its rules. */
export const selectCanSubmit = (s: Pick<ForgotPasswordSnapshot, 'can'>) => s.can({ type: 'reminder.submit', email: '' });

/** Has the server accepted the request ("check your email")? */
export const selectSent = (s: Pick<ForgotPasswordSnapshot, 'matches'>) => s.matches('sent');

/** The server's confirmation, or the usual wording when it sent none. */
export const selectNotice = (s: Pick<ForgotPasswordSnapshot, 'context'>) => s.context.notice ?? RESET_LINK_SENT;

/** Why the last request failed, worded for the user, or null. */
export const selectErrorMessage = (s: Pick<ForgotPasswordSnapshot, 'context'>) => (s.context.error ? failureMessage(s.context.error) : null);
