import type { SnapshotFrom } from 'xstate';
import { apiDateToDisplayDate } from '../../src/domain/dates.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../../src/domain/failureMessage.ts';
import type { RetentionPlan } from '../../src/domain/schemas/account.ts';
import { memoLast } from '../shared/memo.ts';
import type { AccountCloseMachine } from './accountClose.machine.ts';

type Snapshot = Pick<SnapshotFrom<AccountCloseMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;

/** What closing erases and keeps, with dates as the screen shows them (DD.MM.YYYY). */
export interface RetentionPlanView {
  erased: string[];
  kept: { key: string; what: string; until: string; reason: string }[];
  /** After this date nothing about the user is left; null when nothing is kept. */
  keptUntil: string | null;
}

export interface AccountCloseView {
  /** loading: the plan is being fetched; unavailable: it could not be; confirming: plan and password; closed: done. */
  step: 'loading' | 'unavailable' | 'confirming' | 'closed';
  busy: boolean;
  /** The plan before closing, or what was kept after. */
  plan: RetentionPlanView | null;
  canClose: boolean;
  /** A failure that is not about the password, worded for the user, or null. */
  error: string | null;
  /** The server's message for the password field (a wrong password), for the form's own input. */
  fieldErrors: FieldErrors;
}

const display = (date: string) => apiDateToDisplayDate(date) ?? date;

const planView = memoLast((plan: RetentionPlan | null): RetentionPlanView | null =>
  plan
    ? {
        erased: plan.erased,
        kept: plan.kept.map((record) => ({ key: `${record.what}-${record.until}`, what: record.what, until: display(record.until), reason: record.reason })),
        keptUntil: plan.keptUntil ? display(plan.keptUntil) : null,
      }
    : null,
);

const passwordErrors = memoLast((error: ApiFailure | null): FieldErrors => fieldErrorsOf(error));

/** "Close my account" on /settings. */
export function accountCloseView(snapshot: Snapshot): AccountCloseView {
  const { context } = snapshot;
  const fieldErrors = passwordErrors(context.error);
  const step = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('unavailable')
      ? 'unavailable'
      : snapshot.matches('closed') || snapshot.matches('done')
        ? 'closed'
        : 'confirming';
  return {
    step,
    busy: snapshot.hasTag('busy'),
    plan: planView(context.plan),
    canClose: snapshot.can({ type: 'close.submit', password: '' }),
    error: context.error && !fieldErrors.password ? failureMessage(context.error) : null,
    fieldErrors,
  };
}
