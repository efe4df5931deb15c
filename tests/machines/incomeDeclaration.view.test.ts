import { describe, expect, it } from 'vitest';
import { incomeDeclarationMachine } from '../../machines/incomeDeclaration/incomeDeclaration.machine.ts';
import type { IncomeDeclarationContext } from '../../machines/incomeDeclaration/incomeDeclaration.types.ts';
import { incomeDeclarationView } from '../../machines/incomeDeclaration/incomeDeclaration.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';

/** What /form11/income-selection and /form11/final-form show, for a few states worked out by hand. */
const SAVED = { 'rental-income': { grossRent: 12_000 } };
const REFUSED: ApiFailure = { status: 422, message: 'Please check the form.', source: 'server' };
const viewOf = (value: string, context: Partial<IncomeDeclarationContext> = {}) =>
  incomeDeclarationView(
    incomeDeclarationMachine.resolveState({
      value,
      context: { year: 2025, inFlow: false, choosing: false, saved: {}, declaration: null, estimate: null, error: null, ...context },
    }),
  );

describe('income declaration view', () => {
  it('waits for the saved declaration, then offers the form prefilled with it', () => {
    expect(viewOf('loading')).toMatchObject({ year: 2025, loading: true, busy: false, canSubmit: false, canChoose: false });
    expect(viewOf('editing', { saved: SAVED })).toMatchObject({ loading: false, canSubmit: true, saved: SAVED, saveFailed: false, estimate: null });
  });

  it('says a save failed above the form as entered, and is busy while saving', () => {
    expect(viewOf('editing', { error: REFUSED })).toMatchObject({ saveFailed: true, canSubmit: true });
    expect(viewOf('saving')).toMatchObject({ busy: true, canSubmit: false });
  });

  it('takes the incomes only on the income selection', () => {
    expect(viewOf('choosing', { choosing: true })).toMatchObject({ canChoose: true, canSubmit: false, loading: false });
  });

  it('shows the estimate only while it is on screen: a refund of €812.50, or €120.05 of tax due', () => {
    expect(viewOf('estimating').estimate).toBeNull();
    expect(viewOf('showingEstimate', { estimate: 812.5 }).estimate).toBe(812.5);
    expect(viewOf('showingEstimate', { estimate: -120.05 }).estimate).toBe(-120.05);
    expect(viewOf('done', { estimate: 812.5 }).estimate).toBeNull();
  });
});
