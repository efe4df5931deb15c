import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { directDebitMachine } from '../../machines/directDebit/directDebit.machine.ts';
import { directDebitView } from '../../machines/directDebit/directDebit.view.ts';
import type { DirectDebitContext, MandateResult } from '../../machines/directDebit/directDebit.types.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { expectedSteps } from '../support/expectedSteps.ts';

import { INPUT, MANDATE, model, OUTAGE, PAUSED, REFUSED, REQUEST, UNVERIFIED, WRONG_PASSWORD } from './directDebit.model.ts';

const START: DirectDebitContext = { ...INPUT, mandate: null, pending: null, notice: null, error: null };
const outputOf = (event: EventObject) => (event as EventObject & { output: MandateResult }).output;

const oracle = expectedSteps<DirectDebitContext>({
  initial: { value: 'loading', context: START },
  tags: { loading: ['busy'], saving: ['busy'], cancelling: ['busy'], steppingUp: ['busy'], pausing: ['busy'], resuming: ['busy'] },
  caseOf: (event, before) => {
    const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!match) {
      if (event.type === 'directDebit.cancel' && before.context.mandate === null) return 'cancel without mandate';
      if (event.type === 'directDebit.pause' && before.context.mandate?.paused_until !== null) return 'pause without a collecting mandate';
      if (event.type === 'directDebit.resume' && !before.context.mandate?.paused_until) return 'resume without a paused mandate';
      return event.type;
    }
    const [, kind, id] = match;
    if (kind === 'error') return `${id} outage`;
    const output = outputOf(event);
    if (id === 'stepUp') return (event as EventObject & { output: { ok: boolean } }).output.ok ? 'stepUp ok' : 'stepUp refused';
    if (!output.ok) return output.error.code === 'step_up_required' ? `${id} wants step-up` : `${id} refused`;
    return id === 'loadMandate' ? (output.mandate ? (output.mandate.paused_until ? 'loadMandate paused' : 'loadMandate found') : 'loadMandate none') : `${id} ok`;
  },
  transitions: {
    loading: {
      'loadMandate none': { to: 'viewing', context: (c) => ({ ...c, mandate: null }) },
      'loadMandate found': { to: 'viewing', context: (c) => ({ ...c, mandate: MANDATE }) },
      'loadMandate paused': { to: 'viewing', context: (c) => ({ ...c, mandate: PAUSED }) },
      'loadMandate refused': { to: 'loadFailed', context: (c) => ({ ...c, error: OUTAGE }) },
      'loadMandate outage': { to: 'loadFailed', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    loadFailed: { 'directDebit.reload': { to: 'loading', context: (c) => ({ ...c, error: null }) } },
    viewing: {
      'directDebit.edit': { to: 'editing', context: (c) => ({ ...c, notice: null }) },
      'directDebit.cancel': { to: 'confirmingCancel', context: (c) => ({ ...c, notice: null }) },
      'directDebit.pause': { to: 'pausing', context: (c) => ({ ...c, notice: null, error: null }) },
      'directDebit.resume': { to: 'resuming', context: (c) => ({ ...c, notice: null, error: null }) },
    },
    pausing: {
      'pauseMandate ok': { to: 'viewing', context: (c) => ({ ...c, mandate: PAUSED, notice: 'paused' }) },
      'pauseMandate refused': { to: 'viewing', context: (c) => ({ ...c, error: OUTAGE }) },
      'pauseMandate outage': { to: 'viewing', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    resuming: {
      'resumeMandate ok': { to: 'viewing', context: (c) => ({ ...c, mandate: MANDATE, notice: 'resumed' }) },
      // Resuming moves money again: an unproven email address is refused, with "Resend link" beside it.
      'resumeMandate refused': { to: 'viewing', context: (c) => ({ ...c, error: UNVERIFIED }) },
      'resumeMandate outage': { to: 'viewing', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    editing: {
      'directDebit.submit': { to: 'saving', context: (c) => ({ ...c, pending: REQUEST, error: null }) },
      'directDebit.back': { to: 'viewing', context: (c) => ({ ...c, error: null }) },
    },
    saving: {
      'saveMandate ok': { to: 'viewing', context: (c) => ({ ...c, mandate: MANDATE, notice: c.mandate ? 'changed' : 'saved', pending: null }) },
      'saveMandate refused': { to: 'editing', context: (c) => ({ ...c, error: REFUSED, pending: null }) },
      'saveMandate outage': { to: 'editing', context: (c) => ({ ...c, error: OUTAGE, pending: null }) },
      // A new account: nothing saved yet, the request kept for after the password.
      'saveMandate wants step-up': { to: 'confirmingIdentity' },
    },
    confirmingIdentity: {
      'directDebit.stepUp': { to: 'steppingUp', context: (c) => ({ ...c, error: null }) },
      'directDebit.back': { to: 'editing', context: (c) => ({ ...c, error: null, pending: null }) },
    },
    steppingUp: {
      'stepUp ok': { to: 'saving', context: (c) => ({ ...c, error: null }) },
      'stepUp refused': { to: 'confirmingIdentity', context: (c) => ({ ...c, error: WRONG_PASSWORD }) },
      'stepUp outage': { to: 'confirmingIdentity', context: (c) => ({ ...c, error: OUTAGE }) },
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
          createActor(
            directDebitMachine.provide({
              actors: {
                loadMandate: promises.logic(),
                saveMandate: promises.logic(),
                cancelMandate: promises.logic(),
                pauseMandate: promises.logic(),
                resumeMandate: promises.logic(),
                stepUp: promises.logic(),
              },
            }),
            { input: INPUT },
          ),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof directDebitMachine.resolveState>;
          const view = directDebitView(snapshot);
          expect(view.step).toBe(snapshot.value);
          expect(view.canSubmit).toBe(snapshot.matches('editing'));
          expect(view.form !== null, 'the form shows while editing and saving').toBe(snapshot.matches('editing') || snapshot.matches('saving'));
          expect(view.canCancel, 'cancel only with an active mandate').toBe(snapshot.matches('viewing') && view.mandate !== null);
          expect(view.canConfirmCancel).toBe(snapshot.matches('confirmingCancel'));
          expect(view.askingToCancel).toBe(snapshot.matches('confirmingCancel') || snapshot.matches('cancelling'));
          expect(view.busy).toBe((['loading', 'saving', 'cancelling', 'steppingUp', 'pausing', 'resuming'] as const).some((s) => snapshot.matches(s)));
          // Pause for a collecting mandate, Resume for a paused one, and the pause shown plainly.
          expect(view.canPause).toBe(snapshot.matches('viewing') && view.mandate !== null && view.mandate.paused_until === null);
          expect(view.canResume).toBe(snapshot.matches('viewing') && view.mandate?.paused_until != null);
          expect(view.mandate?.pausedUntilDisplay ?? null).toBe(snapshot.context.mandate?.paused_until ? '31.12.2026' : null);
          if (snapshot.context.error === UNVERIFIED) expect(view.offerNewLink).toBe(true);
          expect(view.askingIdentity).toBe(snapshot.matches('confirmingIdentity') || snapshot.matches('steppingUp'));
          expect(view.canStepUp).toBe(snapshot.matches('confirmingIdentity'));
          // The same request is sent again after the password: never a request the user did not submit.
          if (snapshot.matches('saving')) expect(ctx.promises.inputs.saveMandate).toEqual(REQUEST);
          if (snapshot.matches('steppingUp')) expect(ctx.promises.inputs.stepUp).toEqual({ password: 'correct horse' });
        },
      }),
    );
  }

  it('view: the refusal by field, the mandate as shown, the form of a new and of a changed mandate', () => {
    const refused = directDebitView(directDebitMachine.resolveState({ value: 'editing', context: { ...START, error: REFUSED } }));
    expect(refused.fieldErrors).toEqual({ iban: m.IBAN_INVALID });
    expect(refused.error).toBe('The given data was invalid.');
    expect(directDebitView(directDebitMachine.resolveState({ value: 'viewing', context: START })).error).toBeNull();

    // A wrong password at "Please confirm it is you": the server's message under the field, no generic banner beside it.
    const wrongPassword = directDebitView(directDebitMachine.resolveState({ value: 'confirmingIdentity', context: { ...START, error: WRONG_PASSWORD } }));
    expect(wrongPassword.fieldErrors).toEqual({ password: 'The password is not right.' });
    expect(wrongPassword.error).toBeNull();
    // A refusal that names no field of the step still shows in the banner.
    expect(directDebitView(directDebitMachine.resolveState({ value: 'confirmingIdentity', context: { ...START, error: OUTAGE } })).error).toBe(m.SOMETHING_WENT_WRONG);

    const viewing = directDebitView(directDebitMachine.resolveState({ value: 'viewing', context: { ...START, mandate: MANDATE } }));
    expect(viewing.mandate?.nextCollectionDisplay).toBe('20.06.2026');
    expect(viewing.mandate?.pausedUntilDisplay).toBeNull();
    expect(viewing).toMatchObject({ canPause: true, canResume: false });
    const paused = directDebitView(directDebitMachine.resolveState({ value: 'viewing', context: { ...START, mandate: PAUSED, notice: 'paused' } }));
    expect(paused.mandate).toMatchObject({ pausedUntilDisplay: '31.12.2026', nextCollectionDisplay: '20.01.2027' });
    expect(paused).toMatchObject({ canPause: false, canResume: true, notice: 'paused' });

    const setUp = directDebitView(directDebitMachine.resolveState({ value: 'editing', context: START })).form!;
    // A week after 10 May 2026.
    expect(setUp.initialValues).toEqual({ iban: '', amount: '', day_of_month: '', start_date: '17.05.2026', mandate_accepted: false });
    expect(setUp.changing).toBe(false);
    const typed = { iban: 'IE29AIBK93115212345678', amount: 150 as const, day_of_month: 20 as const, start_date: '01.06.2026', mandate_accepted: true };
    expect(setUp.validate(typed)).toEqual({});
    expect(setUp.toRequest(typed)).toEqual(REQUEST);
    expect(setUp.validate({ ...typed, iban: '' })).toHaveProperty('iban');
    expect(setUp.validate({ ...typed, start_date: '31.02.2026' }).start_date).toBe(m.DATE_INVALID);
    expect(setUp.toRequest({ ...typed, mandate_accepted: false })).toBeNull();

    const change = directDebitView(directDebitMachine.resolveState({ value: 'editing', context: { ...START, mandate: MANDATE } })).form!;
    expect(change.changing).toBe(true);
    expect(change.keptIban).toBe('IE29 •••• 5678');
    expect(change.initialValues).toMatchObject({ amount: 150, day_of_month: 20 });
    // Changing keeps the account when the IBAN is left empty.
    expect(change.toRequest({ ...typed, iban: '' })).toEqual({ amount: 150, day_of_month: 20, start_date: '2026-06-01', mandate_accepted: true });
  });
});
