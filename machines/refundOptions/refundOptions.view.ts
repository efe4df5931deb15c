import type { SnapshotFrom } from 'xstate';
import { calendarDay, parseApiDate } from '../../src/domain/dates.ts';
import { REFUND_OPTION_TILES, refundSoFar, refundSoFarWords, type RefundSoFar, type RefundSoFarWords } from '../../src/domain/refundTotal.ts';
import type { RefundOptionsMachine } from './refundOptions.machine.ts';

type Snapshot = Pick<SnapshotFrom<RefundOptionsMachine>, 'context'>;

export interface RefundOptionsView {
  /** "My Tax Refund so far", figures in euro and the words the screen shows. */
  refund: RefundSoFar & RefundSoFarWords;
  tiles: readonly string[];
}

/** Tax refund options as /tax-refund-options shows them. */
export function refundOptionsView(snapshot: Snapshot): RefundOptionsView {
  const { user, today } = snapshot.context;
  const figures = refundSoFar(user, parseApiDate(today) ?? calendarDay(new Date(0)));
  return { refund: { ...figures, ...refundSoFarWords(figures) }, tiles: REFUND_OPTION_TILES };
}
