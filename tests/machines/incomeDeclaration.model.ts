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
export const DISMISS = { type: 'estimate.dismiss' } as const;
export const LOADED = { type: 'xstate.done.actor.loadIncomeForms', output: { ok: true, declaration: SAVED } satisfies LoadResult };
export const LOAD_REFUSED = { type: 'xstate.done.actor.loadIncomeForms', output: { ok: false, error: REFUSED } satisfies LoadResult };
export const SAVED_OK = { type: 'xstate.done.actor.saveIncomeForms', output: { ok: true } satisfies SaveResult };
export const SAVE_REFUSED = { type: 'xstate.done.actor.saveIncomeForms', output: { ok: false, error: REFUSED } satisfies SaveResult };
export const ESTIMATED = { type: 'xstate.done.actor.estimateRefund', output: 812.5 };

export const fixtures = {
  'declaration.submit': () => [SUBMIT],
  'estimate.dismiss': () => [DISMISS],
  'xstate.done.actor.loadIncomeForms': () => [LOADED, LOAD_REFUSED],
  'xstate.error.actor.loadIncomeForms': () => [{ type: 'xstate.error.actor.loadIncomeForms', error: new Error(OUTAGE_MESSAGE) }],
  'xstate.done.actor.saveIncomeForms': () => [SAVED_OK, SAVE_REFUSED],
  'xstate.error.actor.saveIncomeForms': () => [{ type: 'xstate.error.actor.saveIncomeForms', error: new Error(OUTAGE_MESSAGE) }],
  'xstate.done.actor.estimateRefund': () => [ESTIMATED],
  'xstate.error.actor.estimateRefund': () => [{ type: 'xstate.error.actor.estimateRefund', error: new Error(OUTAGE_MESSAGE) }],
} satisfies EventFixtures<typeof incomeDeclarationMachine>;

/** The two kinds of visit: the last step of the guided flow, or the page opened on its own. */
export const visits = ([true, false] as const).map((inFlow) => {
  const input: IncomeDeclarationInput = { year: YEAR, inFlow };
  return { inFlow, input, model: createModelTest(incomeDeclarationMachine, { name: inFlow ? 'inFlow' : 'onItsOwn', input, events: fixtures }) };
});

export const doc = pathDoc(incomeDeclarationMachine, fixtures, {
  testFile: 'tests/machines/incomeDeclaration.model.test.ts',
  models: visits.map((visit) => visit.model),
  visits: { inFlow: 'The last page of the guided flow', onItsOwn: 'The final form opened on its own' },
  start: `Open /form11/final-form for ${YEAR}`,
  words: {
    'declaration.submit': 'Declare UK dividends of €400 from Tesco plc and submit',
    'estimate.dismiss': 'Press "OK" under the estimate',
    'xstate.done.actor.loadIncomeForms': (event) => (event.output.ok ? 'GET /income-forms answers the saved declaration (rental income)' : `GET /income-forms fails (${event.output.error.status})`),
    'xstate.error.actor.loadIncomeForms': 'GET /income-forms gets no answer (offline)',
    'xstate.done.actor.saveIncomeForms': (event) => (event.output.ok ? 'POST /income-forms saves it' : `POST /income-forms refuses it (${event.output.error.status})`),
    'xstate.error.actor.saveIncomeForms': 'POST /income-forms gets no answer (offline)',
    'xstate.done.actor.estimateRefund': (event) => `The refund estimate answers €${event.output}`,
    'xstate.error.actor.estimateRefund': 'The refund estimate gets no answer (offline)',
  },
  screen: (snapshot) => (snapshot.matches('done') ? (snapshot.context.inFlow ? '/form11/final-form, then the flow moves on' : '/tax-refund-options') : '/form11/final-form'),
});
