import type { User } from '../../src/domain/schemas/user.ts';

export interface OverviewInput {
  /** The signed-in user when the Overview opened; later changes arrive as `session.user.changed`. */
  user: User | null;
  /** The Irish calendar date, YYYY-MM-DD (days left, the age band, the tax year). */
  today: string;
}

export type OverviewContext = OverviewInput;

export type OverviewEvent =
  /** "Get Maxing": the dialog with Contribute, Direct debit and Round payment. */
  | { type: 'overview.maxing.open' }
  /** The dialog closed (its close button, Escape, or one of its links followed). */
  | { type: 'overview.maxing.close' }
  /** The session's user changed (a payment, a claim decided, a reload): the figures follow. */
  | { type: 'session.user.changed'; user: User | null };
