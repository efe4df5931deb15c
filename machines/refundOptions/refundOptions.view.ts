import type { SnapshotFrom } from 'xstate';
import { REFUND_OPTION_TILES, taxRefundTotal } from '../../src/domain/refundTotal.ts';
import type { RefundOptionsMachine } from './refundOptions.machine.ts';

type Snapshot = Pick<SnapshotFrom<RefundOptionsMachine>, 'context'>;

export interface RefundOptionsView {
  /** Euro. */
  total: number;
  tiles: readonly string[];
}

/** Tax refund options as /tax-refund-options shows them. */
export function refundOptionsView(snapshot: Snapshot): RefundOptionsView {
  return { total: taxRefundTotal(snapshot.context.user), tiles: REFUND_OPTION_TILES };
}
