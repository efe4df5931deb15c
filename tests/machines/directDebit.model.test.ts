import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { directDebitMachine } from '../../machines/directDebit/directDebit.machine.ts';
import {
  selectCanCancel,
  selectCanConfirmCancel,
  selectCanSubmit,
  selectErrorMessage,
  selectFieldErrors,
  selectIsBusy,
  selectMandate,
  selectStep,
} from '../../machines/directDebit/directDebit.selectors.ts';
import type { DirectDebitContext, MandateResult } from '../../machines/directDebit/directDebit.types.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { MANDATE, model, OUTAGE, REFUSED, REQUEST } from './directDebit.model.ts';

const START: DirectDebitContext = { mandate: null, notice: null, error: null };
const outputOf = (event: EventObject) => (event as EventObject & { output: MandateResult }).output;

const oracle = expectedSteps<DirectDebitContext>({
  initial: { value: 'loading', context: START },
  tags: { loading: ['busy'], saving: ['busy'], cancelling: ['busy'] },
  caseOf: (event, before) => {
    const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!match) return event.type === 'directDebit.cancel' && before.context.mandate === null ? 'cancel without mandate' : event.type;
    const [, kind, id] = match;
    if (kind === 'error') return `${id} outage`;
    const output = outputOf(event);
    if (!output.ok) return `${id} refused`;
    return id === 'loadMandate' ? (output.mandate ? 'loadMandate found' : 'loadMandate none') : `${id} ok`;
  },
  transitions: {
    loading: {
      'loadMandate none': { to: 'viewing', context: (c) => ({ ...c, mandate: null }) },
      'loadMandate found': { to: 'viewing', context: (c) => ({ ...c, mandate: MANDATE }) },
      'loadMandate refused': { to: 'loadFailed', context: (c) => ({ ...c, error: OUTAGE }) },
      'loadMandate outage': { to: 'loadFailed', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    loadFailed: { 'directDebit.reload': { to: 'loading', context: (c) => ({ ...c, error: null }) } },
    viewing: {
      'directDebit.edit': { to: 'editing', context: (c) => ({ ...c, notice: null }) },
      'directDebit.cancel': { to: 'confirmingCancel', context: (c) => ({ ...c, notice: null }) },
    },
    editing: {
      'directDebit.submit': { to: 'saving', context: (c) => ({ ...c, error: null }) },
      'directDebit.back': { to: 'viewing', context: (c) => ({ ...c, error: null }) },
    },
    saving: {
      'saveMandate ok': { to: 'viewing', context: (c) => ({ ...c, mandate: MANDATE, notice: 'saved' }) },
      'saveMandate refused': { to: 'editing', context: (c) => ({ ...c, error: REFUSED }) },
      'saveMandate outage': { to: 'editing', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    confirmingCancel: {
      'directDebit.cancelConfirm': { to: 'cancelling', context: (c) => ({ ...c, error: null }) },
      'directDebit.back': { to: 'viewing' },
    },
    cancelling: {
      'cancelMandate ok': { to: 'viewing', context: (c) => ({ ...c, mandate: null, notice: 'cancelled' }) },
      'cancelMandate refused': { to: 'viewing', context: (c) => ({ ...c, error: OUTAGE }) },
      'cancelMandate outage': { to: 'viewing', context: (c) => ({ ...c, error: OUTAGE }) },
    },
  },
});

describe('direct debit machine: model-based', () => {
  it('covers every state and transition, and the expected table matches', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  for (const path of model.paths) {
    it(path.description, () =>
      model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(directDebitMachine.provide({ actors: { loadMandate: promises.logic(), saveMandate: promises.logic(), cancelMandate: promises.logic() } })),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof directDebitMachine.resolveState>;
          expect(selectStep(snapshot)).toBe(snapshot.value);
          expect(selectCanSubmit(snapshot)).toBe(snapshot.matches('editing'));
          expect(selectCanCancel(snapshot), 'cancel only with an active mandate').toBe(snapshot.matches('viewing') && selectMandate(snapshot) !== null);
          expect(selectCanConfirmCancel(snapshot)).toBe(snapshot.matches('confirmingCancel'));
          expect(selectIsBusy(snapshot)).toBe((['loading', 'saving', 'cancelling'] as const).some((s) => snapshot.matches(s)));
          if (snapshot.matches('saving')) expect(ctx.promises.inputs.saveMandate).toEqual(REQUEST);
        },
      }),
    );
  }

  it('selectors', () => {
    const refused = directDebitMachine.resolveState({ value: 'editing', context: { ...START, error: REFUSED } });
    expect(selectFieldErrors(refused)).toEqual({ iban: m.IBAN_INVALID });
    expect(selectErrorMessage(refused)).toBe('The given data was invalid.');
    expect(selectErrorMessage(directDebitMachine.resolveState({ value: 'viewing', context: START }))).toBeNull();
  });
});
