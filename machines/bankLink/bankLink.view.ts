/**
 * What the bank-link parts of /linked-bank-accounts and the /bank-link/$url page show, from one
 * snapshot of the bank-link machine.
 */
import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { BankLinkMachine } from './bankLink.machine.ts';
import type { NotLinkedReason } from './bankLink.types.ts';

type Snapshot = Pick<SnapshotFrom<BankLinkMachine>, 'context' | 'value' | 'hasTag'>;

export const NOT_LINKED_TEXT: Readonly<Record<NotLinkedReason, string>> = {
  cancelled: 'You cancelled at your bank, so no account was linked.',
  refused: 'Your bank did not give access (no account was chosen), so no account was linked.',
  expired: 'The request to your bank expired before you answered, so no account was linked. Please try again.',
  unanswered: 'Your bank has not answered this request yet, so no account was linked. Please try again.',
  invalid: 'This answer from your bank does not belong to your request, so no account was linked. Please try again.',
};

export const BLOCKED_TEXT = 'This link does not lead to a bank’s consent page, so we did not follow it. Nothing was linked.';
export const LEAVING_TEXT = 'Taking you to your bank…';

export interface BankLinkView {
  /** A request runs: "Link an account" and "Renew" are disabled. */
  busy: boolean;
  /** "Link an account" / "Renew" may be pressed. */
  canStart: boolean;
  /** The outcome in words, or null. */
  message: { tone: 'success' | 'info' | 'error'; text: string } | null;
  canRetry: boolean;
  canDismiss: boolean;
  /** How many accounts the completed link holds. */
  linkedCount: number | null;
}

export function bankLinkView(snapshot: Snapshot): BankLinkView {
  const { context, value } = snapshot;
  const busy = snapshot.hasTag('busy');
  const canStart = value === 'idle' || value === 'linked' || value === 'notLinked';
  let message: BankLinkView['message'] = null;
  if (value === 'linked' && context.result) {
    const n = context.result.accounts.length;
    message = { tone: 'success', text: `${n === 1 ? '1 account is' : `${n} accounts are`} linked. Round-ups start from a week before today.` };
  } else if (value === 'notLinked' && context.notLinked) {
    message = { tone: 'info', text: NOT_LINKED_TEXT[context.notLinked] };
  } else if (value === 'blocked') {
    message = { tone: 'error', text: BLOCKED_TEXT };
  } else if (value === 'leaving' || value === 'toBankLink') {
    message = { tone: 'info', text: LEAVING_TEXT };
  } else if (context.error && (value === 'failed' || value === 'idle')) {
    message = { tone: 'error', text: failureMessage(context.error) };
  }
  return {
    busy,
    canStart,
    message,
    canRetry: value === 'failed',
    canDismiss: value === 'failed',
    linkedCount: value === 'linked' && context.result ? context.result.accounts.length : null,
  };
}
