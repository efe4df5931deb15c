import type { User } from '../../src/domain/schemas/user.ts';

export interface RefundOptionsInput {
  /** The signed-in user when the screen opened; later changes arrive as `session.user.changed`. */
  user: User | null;
  /** The Irish calendar date, YYYY-MM-DD (the tax year whose contributions earn relief). */
  today: string;
}

export type RefundOptionsContext = RefundOptionsInput;

export type RefundOptionsEvent =
  /** The session's user changed (a claim decided, a payment made): the total follows. */
  { type: 'session.user.changed'; user: User | null };
