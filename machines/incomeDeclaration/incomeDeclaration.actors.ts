/**
 * Actor CONTRACTS of the income declaration machine, with harmless defaults; the app supplies the
 * real calls with `incomeDeclarationMachine.provide({ actors: { … } })`.
 */
import { fromPromise } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Declaration, EstimateRefundLogic, LoadIncomeFormsLogic, LoadResult, SaveIncomeFormsLogic, SaveResult } from './incomeDeclaration.types.ts';

const NOT_PROVIDED: ApiFailure = { status: null, message: 'not provided', source: 'network' };

/** Default: nothing saved before. */
export const loadIncomeForms: LoadIncomeFormsLogic = fromPromise<LoadResult, { year: number }>(async () => ({ ok: true, declaration: {} }));

/** Default: answers as an outage would (the declaration stays on the screen). */
export const saveIncomeForms: SaveIncomeFormsLogic = fromPromise<SaveResult, { year: number; declaration: Declaration }>(async () => ({
  ok: false,
  error: NOT_PROVIDED,
}));

/** Default: no estimate (0). */
export const estimateRefund: EstimateRefundLogic = fromPromise<number, { year: number }>(async () => 0);
