import { assign, setup } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { FINAL_FORM_ROUTE, INCOME_TYPE_IDS } from '../../src/domain/catalogue.ts';
import { REFUND_OPTIONS_ROUTE } from '../../src/domain/form11Routes.ts';
import { estimateRefund, loadIncomeForms, saveIncomeForms } from './incomeDeclaration.actors.ts';
import type {
  CompleteFlowParams,
  Declaration,
  IncomeDeclarationContext,
  IncomeDeclarationEvent,
  IncomeDeclarationInput,
  IncomeDeclarationTag,
  LoadResult,
  LogFailureParams,
  NavigateParams,
  SaveResult,
} from './incomeDeclaration.types.ts';

function outageOf(error: unknown): ApiFailure {
  return { status: null, message: error instanceof Error ? error.message : String(error), source: 'network' };
}

/** The income types chosen, known ids only, in catalogue order. */
export function chosenIncomes(incomeIds: readonly string[]): string[] {
  return INCOME_TYPE_IDS.filter((id) => incomeIds.includes(id));
}

/**
 * The income declaration (spec section 4, "Income selection" and "Final form"). On
 * /form11/income-selection the incomes are chosen: some lead to /form11/final-form, none to the
 * estimated refund. On /form11/final-form the year's saved declaration prefills the sub-forms;
 * Submit saves it (POST /income-forms), then completes the guided flow when the page is one of its
 * steps, or, on its own, refreshes the profile, shows the estimated refund and goes to
 * /tax-refund-options. Load and save failures are logged; a failed save keeps the form as entered.
 * One actor per visit of either page.
 */
export const incomeDeclarationMachine = setup({
  types: {
    context: {} as IncomeDeclarationContext,
    events: {} as IncomeDeclarationEvent,
    input: {} as IncomeDeclarationInput,
    tags: {} as IncomeDeclarationTag,
  },
  actors: { loadIncomeForms, saveIncomeForms, estimateRefund },
  actions: {
    // ── Effects (defaults do nothing; the app provides them) ──────────────────────────────────
    /** Send the declaration to the guided flow as the final page's answer. */
    completeFlow: (_, _params: CompleteFlowParams) => {},
    navigate: (_, _params: NavigateParams) => {},
    /** Reload the signed-in user's profile (the claim changed). */
    refreshProfile: () => {},
    logFailure: (_, _params: LogFailureParams) => {},

    // ── Context updates (pure) ───────────────────────────────────────────────────────────────
    keepSaved: assign((_, params: { declaration: Declaration }) => ({ saved: params.declaration })),
    holdDeclaration: assign((_, params: { declaration: Declaration }) => ({ declaration: params.declaration, error: null })),
    rememberFailure: assign((_, params: { failure: ApiFailure }) => ({ error: params.failure })),
    rememberEstimate: assign((_, params: { estimate: number }) => ({ estimate: Number.isFinite(params.estimate) ? params.estimate : 0 })),
  },
  guards: {
    loaded: (_, params: { result: LoadResult }) => params.result.ok,
    saved: (_, params: { result: SaveResult }) => params.result.ok,
    isInFlow: ({ context }) => context.inFlow,
    isChoosing: ({ context }) => context.choosing,
    choosesIncomes: (_, params: { incomeIds: readonly string[] }) => chosenIncomes(params.incomeIds).length > 0,
  },
}).createMachine({
  id: 'incomeDeclaration',
  description:
    'The income declaration of one claim year: the incomes chosen (some: declared on the final form; none: the estimated ' +
    'refund), prefilled from GET /income-forms, saved with POST /income-forms, then the guided flow is completed (a step ' +
    'of it) or the estimated refund shown before the refund options (on its own).',
  context: ({ input }) => ({
    year: input.year,
    inFlow: input.inFlow,
    choosing: input.choosing ?? false,
    saved: {},
    declaration: null,
    estimate: null,
    error: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Which page the visit is of: the income selection, or the declaration itself.',
      always: [
        { description: '/form11/income-selection.', guard: 'isChoosing', target: 'choosing' },
        { description: '/form11/final-form.', target: 'loading' },
      ],
    },
    choosing: {
      description: 'A tile per income type; Submit hands over the ones ticked.',
      on: {
        'incomes.choose': [
          {
            description: 'Some incomes: they are declared on /form11/final-form, for the year.',
            guard: { type: 'choosesIncomes', params: ({ event }) => ({ incomeIds: event.incomeIds }) },
            target: 'done',
            actions: {
              type: 'navigate',
              params: ({ context, event }) => ({ to: FINAL_FORM_ROUTE, search: { incomeIds: chosenIncomes(event.incomeIds), year: context.year } }),
            },
          },
          { description: 'No other income: the profile is refreshed and the refund estimated.', target: 'estimating', actions: 'refreshProfile' },
        ],
      },
    },
    loading: {
      description: "GET /income-forms for the year: what was declared before prefills the sub-forms.",
      tags: ['loading'],
      invoke: {
        id: 'loadIncomeForms',
        src: 'loadIncomeForms',
        input: ({ context }) => ({ year: context.year }),
        onDone: [
          {
            description: 'Loaded: the sub-forms start from it.',
            guard: { type: 'loaded', params: ({ event }) => ({ result: event.output }) },
            target: 'editing',
            actions: { type: 'keepSaved', params: ({ event }) => ({ declaration: event.output.ok ? event.output.declaration : {} }) },
          },
          {
            description: 'Refused or no response: logged; the sub-forms start empty.',
            target: 'editing',
            actions: [
              { type: 'logFailure', params: ({ event }) => ({ operation: 'load', failure: event.output.ok ? outageOf('') : event.output.error }) },
            ],
          },
        ],
        onError: {
          description: 'The call failed outright: logged; the sub-forms start empty.',
          target: 'editing',
          actions: { type: 'logFailure', params: ({ event }) => ({ operation: 'load', failure: outageOf(event.error) }) },
        },
      },
    },
    editing: {
      description: 'The sub-forms are shown; "Submit Income Declaration" sends the parsed declaration. A failed save is shown above them.',
      on: {
        'declaration.submit': {
          description: 'Submit: the declaration is saved.',
          target: 'saving',
          actions: { type: 'holdDeclaration', params: ({ event }) => ({ declaration: event.declaration }) },
        },
      },
    },
    saving: {
      description: 'POST /income-forms {year, income-form: {declaration}}.',
      tags: ['busy'],
      invoke: {
        id: 'saveIncomeForms',
        src: 'saveIncomeForms',
        input: ({ context }) => ({ year: context.year, declaration: context.declaration ?? {} }),
        onDone: [
          {
            description: 'Saved, as a step of the guided flow: the flow takes the declaration as its final answer and goes on.',
            guard: { type: 'saved', params: ({ event }) => ({ result: event.output }) },
            target: 'afterSave',
          },
          {
            description: 'Refused or no response: logged; the form stays as entered, with the failure shown.',
            target: 'editing',
            actions: [
              { type: 'logFailure', params: ({ event }) => ({ operation: 'save', failure: event.output.ok ? outageOf('') : event.output.error }) },
              { type: 'rememberFailure', params: ({ event }) => ({ failure: event.output.ok ? outageOf('') : event.output.error }) },
            ],
          },
        ],
        onError: {
          description: 'The call failed outright: logged; the form stays as entered.',
          target: 'editing',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ operation: 'save', failure: outageOf(event.error) }) },
            { type: 'rememberFailure', params: ({ event }) => ({ failure: outageOf(event.error) }) },
          ],
        },
      },
    },
    afterSave: {
      description: 'Saved: in the guided flow the declaration completes it; on its own the refund is estimated.',
      always: [
        {
          description: 'A step of the guided flow: the flow gets the declaration and moves on.',
          guard: 'isInFlow',
          target: 'done',
          actions: { type: 'completeFlow', params: ({ context }) => ({ declaration: context.declaration ?? {} }) },
        },
        { description: 'On its own: the profile is refreshed and the refund estimated.', target: 'estimating', actions: 'refreshProfile' },
      ],
    },
    estimating: {
      description: "The year's estimated refund, to show before the refund options.",
      tags: ['busy'],
      invoke: {
        id: 'estimateRefund',
        src: 'estimateRefund',
        input: ({ context }) => ({ year: context.year }),
        onDone: {
          description: 'Estimated: shown (2 decimals).',
          target: 'showingEstimate',
          actions: { type: 'rememberEstimate', params: ({ event }) => ({ estimate: event.output }) },
        },
        onError: {
          description: 'Not estimated: shown as 0.',
          target: 'showingEstimate',
          actions: { type: 'rememberEstimate', params: { estimate: 0 } },
        },
      },
    },
    showingEstimate: {
      description: 'The estimated refund is shown; OK goes to /tax-refund-options.',
      on: {
        'estimate.dismiss': {
          description: 'OK: off to the refund options.',
          target: 'done',
          actions: { type: 'navigate', params: { to: REFUND_OPTIONS_ROUTE } },
        },
      },
    },
    done: {
      description: 'The declaration is saved and the user has moved on.',
      type: 'final',
    },
  },
});

export type IncomeDeclarationMachine = typeof incomeDeclarationMachine;
