import { incomeDeclarationMachine } from '../../machines/incomeDeclaration/incomeDeclaration.machine.ts';
import type {
  Declaration,
  IncomeDeclarationInput,
  LoadResult,
  SaveResult,
} from '../../machines/incomeDeclaration/incomeDeclaration.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const YEAR = 2025;
export const SAVED: Declaration = { 'rental-income': { grossRent: 12000 } };
export const DECLARATION: Declaration = { 'uk-dividends': { payer: 'Tesco plc', grossAmount: 400 } };
export const REFUSED: ApiFailure = { status: 422, message: 'Please check the form.', source: 'server' };
export const OUTAGE_MESSAGE = 'socket hang up';

export const SUBMIT = { type: 'declaration.submit', declaration: DECLARATION } as const;
/** Ticked out of catalogue order, with an id the catalogue does not know. */
export const CHOSEN = { type: 'incomes.choose', incomeIds: ['uk-dividends', 'no-such-income', 'rental-income'] } as const;
export const NONE_CHOSEN = { type: 'incomes.choose', incomeIds: [] } as const;
export const DISMISS = { type: 'estimate.dismiss' } as const;
export const LOADED = { type: 'xstate.done.actor.loadIncomeForms', output: { ok: true, declaration: SAVED } satisfies LoadResult };
export const LOAD_REFUSED = { type: 'xstate.done.actor.loadIncomeForms', output: { ok: false, error: REFUSED } satisfies LoadResult };
export const SAVED_OK = { type: 'xstate.done.actor.saveIncomeForms', output: { ok: true } satisfies SaveResult };
export const SAVE_REFUSED = { type: 'xstate.done.actor.saveIncomeForms', output: { ok: false, error: REFUSED } satisfies SaveResult };
export const ESTIMATED = { type: 'xstate.done.actor.estimateRefund', output: 812.5 };

export const fixtures = {
  'incomes.choose': () => [CHOSEN, NONE_CHOSEN],
  'declaration.submit': () => [SUBMIT],
  'estimate.dismiss': () => [DISMISS],
  'xstate.done.actor.loadIncomeForms': () => [LOADED, LOAD_REFUSED],
  'xstate.error.actor.loadIncomeForms': () => [{ type: 'xstate.error.actor.loadIncomeForms', error: new Error(OUTAGE_MESSAGE) }],
  'xstate.done.actor.saveIncomeForms': () => [SAVED_OK, SAVE_REFUSED],
  'xstate.error.actor.saveIncomeForms': () => [{ type: 'xstate.error.actor.saveIncomeForms', error: new Error(OUTAGE_MESSAGE) }],
  'xstate.done.actor.estimateRefund': () => [ESTIMATED],
  'xstate.error.actor.estimateRefund': () => [{ type: 'xstate.error.actor.estimateRefund', error: new Error(OUTAGE_MESSAGE) }],
} satisfies EventFixtures<typeof incomeDeclarationMachine>;

export type Mode = 'inFlow' | 'onItsOwn' | 'choosing';

/** The three kinds of visit: the last step of the guided flow, the final form opened on its own, the income selection. */
export const visits = (['inFlow', 'onItsOwn', 'choosing'] as const).map((mode) => {
  const input: IncomeDeclarationInput = { year: YEAR, inFlow: mode === 'inFlow', ...(mode === 'choosing' ? { choosing: true } : {}) };
  return { mode, inFlow: mode === 'inFlow', input, model: createModelTest(incomeDeclarationMachine, { name: mode, input, events: fixtures }) };
});

export const doc = pathDoc(incomeDeclarationMachine, fixtures, {
  testFile: 'tests/machines/incomeDeclaration.model.test.ts',
  models: visits.map((visit) => visit.model),
  visits: { inFlow: 'The last page of the guided flow', onItsOwn: 'The final form opened on its own', choosing: 'The income selection (which incomes to declare)' },
  start: (snapshot) => (snapshot.context.choosing ? `Open /form11/income-selection for ${YEAR}` : `Open /form11/final-form for ${YEAR}`),
  words: {
    'incomes.choose': (event) =>
      event.incomeIds.length > 0 ? `Tick ${event.incomeIds.join(', ')} and press "Submit"` : 'Tick nothing and press "Submit"',
    'declaration.submit': 'Declare UK dividends of €400 from Tesco plc and submit',
    'estimate.dismiss': 'Press "OK" under the estimate',
    'xstate.done.actor.loadIncomeForms': (event) => (event.output.ok ? 'GET /income-forms answers the saved declaration (rental income)' : `GET /income-forms fails (${event.output.error.status})`),
    'xstate.error.actor.loadIncomeForms': 'GET /income-forms gets no answer (offline)',
    'xstate.done.actor.saveIncomeForms': (event) => (event.output.ok ? 'POST /income-forms saves it' : `POST /income-forms refuses it (${event.output.error.status})`),
    'xstate.error.actor.saveIncomeForms': 'POST /income-forms gets no answer (offline)',
    'xstate.done.actor.estimateRefund': (event) => `The refund estimate answers €${event.output}`,
    'xstate.error.actor.estimateRefund': 'The refund estimate gets no answer (offline)',
  },
  screen: (snapshot) => {
    const page = snapshot.context.choosing ? '/form11/income-selection' : '/form11/final-form';
    if (!snapshot.matches('done')) return page;
    if (snapshot.context.inFlow) return '/form11/final-form, then the flow moves on';
    // From the selection, chosen incomes are declared next; with none, the estimate was shown and OK leads on.
    return snapshot.context.choosing && snapshot.context.estimate === null ? `/form11/final-form?incomeIds=rental-income,uk-dividends&year=${YEAR}` : '/tax-refund-options';
  },
});
