import type { SnapshotFrom } from 'xstate';
import { calendarDay, parseApiDate } from '../../src/domain/dates.ts';
import { REFUND_OPTIONS, REFUND_TO_BANK_TEXT, refundSoFar, refundSoFarWords, type RefundOption, type RefundSoFar, type RefundSoFarWords } from '../../src/domain/refundTotal.ts';
import type { RefundOptionsMachine } from './refundOptions.machine.ts';

type Snapshot = Pick<SnapshotFrom<RefundOptionsMachine>, 'context' | 'matches' | 'can'>;

export interface RefundOptionsView {
  /** The first thing on the page: start a claim, or continue the unfinished one at page n of m. */
  claim: { kind: 'start'; title: string; action: string } | { kind: 'continue'; title: string; detail: string; action: string; canContinue: boolean };
  /** "My Tax Refund so far", figures in euro and the words the screen shows. */
  refund: RefundSoFar & RefundSoFarWords;
  /** The ways MaxOut acts on (reinvest: Contribute with `amount`; bank: an explanation). */
  actions: { reinvest: RefundOption & { amount: number | null }; bank: RefundOption & { open: boolean; explanation: string } };
  /** The other ways, information only. */
  ideas: readonly RefundOption[];
}

const optionOf = (act: 'reinvest' | 'bank'): RefundOption => REFUND_OPTIONS.find((option) => option.act === act)!;

/** Tax refund options as /tax-refund-options shows them. */
export function refundOptionsView(snapshot: Snapshot): RefundOptionsView {
  const { user, today, claim } = snapshot.context;
  const figures = refundSoFar(user, parseApiDate(today) ?? calendarDay(new Date(0)));
  return {
    claim: claim
      ? {
          kind: 'continue',
          title: `Your claim for ${claim.year} is not finished`,
          detail: `You stopped at page ${claim.page} of ${claim.pages}. Your answers are kept on this device.`,
          action: `Continue at page ${claim.page} of ${claim.pages}`,
          canContinue: snapshot.can({ type: 'claim.continue' }),
        }
      : { kind: 'start', title: 'Claim back tax you overpaid', action: 'Start my claim' },
    refund: { ...figures, ...refundSoFarWords(figures) },
    actions: {
      reinvest: { ...optionOf('reinvest'), amount: figures.total > 0 ? figures.total : null },
      bank: { ...optionOf('bank'), open: snapshot.matches('bankInfo'), explanation: REFUND_TO_BANK_TEXT },
    },
    ideas: REFUND_OPTIONS.filter((option) => option.act === null),
  };
}
