import type { SnapshotFrom } from 'xstate';
import type { IncomeDeclarationMachine } from './incomeDeclaration.machine.ts';
import type { Declaration } from './incomeDeclaration.types.ts';

type Snapshot = Pick<SnapshotFrom<IncomeDeclarationMachine>, 'context' | 'hasTag' | 'can' | 'matches'>;

export interface IncomeDeclarationView {
  year: number;
  /** The saved declaration is still loading: the form waits (it reads its prefill once, when it mounts). */
  loading: boolean;
  /** A save or the estimate is under way: the submit button shows it. */
  busy: boolean;
  /** May the incomes be handed over now (/form11/income-selection)? */
  canChoose: boolean;
  /** May the declaration be submitted now? */
  canSubmit: boolean;
  /** The year's saved declaration: the sub-forms' prefill, and the incomes declared before (they stay on the form). */
  saved: Declaration;
  /** The last save failed: the form says so above it, as entered. */
  saveFailed: boolean;
  /** The estimated refund to show (euro, 2 decimals; negative: the tax due is more than the tax back), or null. */
  estimate: number | null;
}

/** The income selection and the income declaration as /form11/income-selection and /form11/final-form show them. */
export function incomeDeclarationView(snapshot: Snapshot): IncomeDeclarationView {
  const { context } = snapshot;
  return {
    year: context.year,
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    canChoose: snapshot.can({ type: 'incomes.choose', incomeIds: [] }),
    canSubmit: snapshot.can({ type: 'declaration.submit', declaration: {} }),
    saved: context.saved,
    saveFailed: context.error !== null,
    estimate: snapshot.matches('showingEstimate') ? context.estimate : null,
  };
}
