import { createActor, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { contributionMachine } from '../../machines/contribution/contribution.machine.ts';
import type { ContributionContext, LoadOptionsResult, PayResult, StepUpResult } from '../../machines/contribution/contribution.types.ts';
import { contributionView } from '../../machines/contribution/contribution.view.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import type { ContributionRequest } from '../../src/domain/schemas/pension.ts';
import { expectedSteps } from '../support/expectedSteps.ts';

import {
  ANSWER,
  BAD_REQUEST,
  DECLINED,
  declined,
  DRAFT,
  INPUT,
  INTERNAL_ERROR,
  LAST_CLIENT_ERROR,
  LOADED,
  model,
  OPTIONS,
  OUTAGE,
  paid,
  PROVE,
  REFUSED,
  review,
  SERVER_ERROR,
  stepUpAsked,
  steppedUp,
  USER,
  WRONG_PASSWORD,
} from './contribution.model.ts';

const START: ContributionContext = { ...INPUT, options: null, draft: null, key: null, result: null, error: null };
/** The case of a payment's answer: by status, written out (not computed), so each boundary is its own rule below. */
const payCase = (event: EventObject) => {
  const output = (event as EventObject & { output: PayResult }).output;
  if (output.ok) return 'pay ok';
  return output.error.code === 'step_up_required' ? 'pay asks step-up' : `pay ${output.error.status}`;
};
const failedWith = (event: EventObject) => (event as EventObject & { output: Extract<PayResult, { ok: false }> }).output.error;

const oracle = expectedSteps<ContributionContext>({
  initial: { value: 'loading', context: START },
  tags: { loading: ['busy'], confirming: ['busy'], steppingUp: ['busy'] },
  final: ['done'],
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.loadOptions') return (event as EventObject & { output: LoadOptionsResult }).output.ok ? 'load ok' : 'load refused';
    if (event.type === 'xstate.error.actor.loadOptions') return 'load outage';
    if (event.type === 'xstate.done.actor.pay') return payCase(event);
    if (event.type === 'xstate.error.actor.pay') return 'pay outage';
    if (event.type === 'xstate.done.actor.stepUp') return (event as EventObject & { output: StepUpResult }).output.ok ? 'step-up ok' : 'step-up refused';
    if (event.type === 'xstate.error.actor.stepUp') return 'step-up outage';
    return event.type;
  },
  transitions: {
    loading: {
      'load ok': { to: 'editing', context: (c) => ({ ...c, options: OPTIONS, key: null }) },
      'load refused': { to: 'loadFailed', context: (c) => ({ ...c, error: SERVER_ERROR }) },
      'load outage': { to: 'loadFailed', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    loadFailed: { 'contribution.reload': { to: 'loading', context: (c) => ({ ...c, error: null }) } },
    editing: { 'contribution.review': { to: 'reviewing', context: (c) => ({ ...c, draft: DRAFT, key: 'key-1', error: null }) } },
    reviewing: {
      'contribution.confirm': { to: 'confirming', context: (c) => ({ ...c, error: null }) },
      'contribution.edit': { to: 'editing', context: (c) => ({ ...c, key: null }) },
    },
    confirming: {
      'pay ok': { to: 'done', context: (c) => ({ ...c, result: ANSWER, user: USER }) },
      'pay 402': { to: 'declined', context: (c) => ({ ...c, error: DECLINED }) },
      // Refused by the server (4xx): back to the form, whose next review makes a new key.
      'pay 400': { to: 'editing', context: (c, e) => ({ ...c, error: failedWith(e), key: null }) },
      'pay 422': { to: 'editing', context: (c) => ({ ...c, error: REFUSED, key: null }) },
      'pay 499': { to: 'editing', context: (c, e) => ({ ...c, error: failedWith(e), key: null }) },
      // No usable answer (5xx): the payment may have gone through, so a retry keeps the key.
      'pay 500': { to: 'failed', context: (c, e) => ({ ...c, error: failedWith(e) }) },
      'pay 503': { to: 'failed', context: (c) => ({ ...c, error: SERVER_ERROR }) },
      'pay outage': { to: 'failed', context: (c) => ({ ...c, error: OUTAGE }) },
      // A large payment: nothing paid, the same key waits for the password.
      'pay asks step-up': { to: 'confirmingIdentity' },
    },
    confirmingIdentity: {
      'contribution.stepUp': { to: 'steppingUp', context: (c) => ({ ...c, error: null }) },
      'contribution.edit': { to: 'editing', context: (c) => ({ ...c, key: null }) },
    },
    steppingUp: {
      'step-up ok': { to: 'confirming', context: (c) => ({ ...c, error: null }) },
      'step-up refused': { to: 'confirmingIdentity', context: (c) => ({ ...c, error: WRONG_PASSWORD }) },
      'step-up outage': { to: 'confirmingIdentity', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    // A retry keeps the key: the server then answers the first attempt's result instead of paying again.
    failed: {
      'contribution.retry': { to: 'confirming', context: (c) => ({ ...c, error: null }) },
      'contribution.edit': { to: 'editing', context: (c) => ({ ...c, key: null }) },
    },
    declined: { 'contribution.edit': { to: 'editing', context: (c) => ({ ...c, key: null }) } },
  },
});

describe('contribution machine: model-based', () => {
  // The shortest paths take each guarded branch once; these answer at its edges (400 and 499 are refusals, 500 is not).
  const atTheEdges = [BAD_REQUEST, LAST_CLIENT_ERROR, INTERNAL_ERROR].map((error) =>
    model.pathFromEvents(`a ${error.status} answer to the payment`, [LOADED, review('key-1'), { type: 'contribution.confirm' }, { type: 'xstate.done.actor.pay', output: { ok: false, error } }]),
  );

  it('covers every state and transition, and the expected table matches', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules([...model.paths, ...atTheEdges])).toEqual([]);
  });

  const journeys = [
    ...atTheEdges,
    model.pathFromEvents('an outage, then a retry with the same key pays', [LOADED, review('key-1'), { type: 'contribution.confirm' }, { type: 'xstate.error.actor.pay', error: new Error('timeout') }, { type: 'contribution.retry' }, paid]),
    model.pathFromEvents('a large payment asks for the password, then is paid with the same key', [LOADED, review('key-1'), { type: 'contribution.confirm' }, stepUpAsked, PROVE, steppedUp, paid]),
    model.pathFromEvents('declined, edited, reviewed again with a new key', [LOADED, review('key-1'), { type: 'contribution.confirm' }, declined, { type: 'contribution.edit' }, review('key-2'), { type: 'contribution.confirm' }, paid]),
  ];

  for (const path of [...model.paths, ...journeys]) {
    it(path.description, async () => {
      const userPaid = vi.fn();
      const addressed: (ContributionRequest | null)[] = [];
      const payKeys: string[] = [];
      await model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(
            contributionMachine.provide({ actors: { loadOptions: promises.logic(), pay: promises.logic(), stepUp: promises.logic() }, actions: { userPaid: (_, params) => userPaid(params.user), keepDraftInAddress: (_, params) => void addressed.push(params.draft) } }),
            { input: INPUT },
          ),
        afterStep: (ctx) => {
          if (!ctx.path.description.startsWith('an outage') && !ctx.path.description.startsWith('declined')) oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof contributionMachine.resolveState>;
          const view = contributionView(snapshot);
          expect(view.step).toBe(snapshot.value);
          expect(view.form !== null, 'the form shows exactly while editing').toBe(snapshot.matches('editing'));
          expect(view.canConfirm, 'confirm only from review: a second click while paying does nothing').toBe(snapshot.matches('reviewing'));
          expect(view.canRetry).toBe(snapshot.matches('failed'));
          expect(view.canEdit).toBe((['reviewing', 'failed', 'declined', 'confirmingIdentity'] as const).some((s) => snapshot.matches(s)));
          expect(view.canStepUp).toBe(snapshot.matches('confirmingIdentity'));
          expect(view.askingIdentity).toBe(snapshot.matches('confirmingIdentity') || snapshot.matches('steppingUp'));
          expect(view.busy).toBe(snapshot.matches('loading') || snapshot.matches('confirming') || snapshot.matches('steppingUp'));
          expect(view.review !== null).toBe((['reviewing', 'confirming', 'confirmingIdentity', 'steppingUp', 'failed', 'declined'] as const).some((s) => snapshot.matches(s)));
          expect(view.done !== null).toBe(snapshot.matches('done'));
          if (snapshot.matches('confirming')) {
            const input = ctx.promises.inputs.pay as { key: string; draft: unknown };
            expect(input.draft).toEqual(DRAFT);
            if (ctx.step.event.type !== 'xstate.init') payKeys.push(input.key);
          }
          expect(userPaid.mock.calls).toEqual(snapshot.matches('done') ? [[USER]] : []);
          // The address keeps the amount from each review (a reload opens the form with it) and drops it once paid.
          if (snapshot.matches('reviewing')) {
            // The whole draft (amount, year, source), so a reload opens the form as it was reviewed.
            expect(addressed.at(-1)).not.toBeNull();
            expect(addressed.at(-1)).toEqual(snapshot.context.draft);
          }
          if (snapshot.matches('done')) expect(addressed.at(-1)).toBeNull();
          if (snapshot.matches('loading') || snapshot.matches('loadFailed')) expect(addressed).toEqual([]);
        },
      });
      if (path.description.startsWith('an outage')) expect(payKeys).toEqual(['key-1', 'key-1']);
      if (path.description.startsWith('declined')) expect(payKeys).toEqual(['key-1', 'key-2']);
      if (path.description.startsWith('a large payment')) expect(payKeys).toEqual(['key-1', 'key-1']);
    });
  }

  it('view: the refusal’s field messages, the source’s label, the failure’s text', () => {
    const refusedView = contributionView(contributionMachine.resolveState({ value: 'editing', context: { ...START, options: OPTIONS, error: REFUSED } }));
    expect(refusedView.fieldErrors).toEqual({ amount: m.CONTRIBUTION_MAX });
    const reviewing = contributionView(contributionMachine.resolveState({ value: 'reviewing', context: { ...START, options: OPTIONS, draft: DRAFT, key: 'k' } }));
    expect(reviewing.review?.sourceLabel).toBe('Sandbox debit card');
    const unknownSource = contributionView(contributionMachine.resolveState({ value: 'reviewing', context: { ...START, options: OPTIONS, draft: { ...DRAFT, source: 'other' }, key: 'k' } }));
    expect(unknownSource.review?.sourceLabel).toBe('other');
    expect(contributionView(contributionMachine.resolveState({ value: 'declined', context: { ...START, error: DECLINED } })).error).toBe(m.PAYMENT_DECLINED);
    expect(contributionView(contributionMachine.resolveState({ value: 'failed', context: { ...START, error: OUTAGE } })).error).toBe(m.SOMETHING_WENT_WRONG);
    // A wrong password at "Please confirm it is you": the server's message under the field, no generic line beside it.
    const wrongPassword = contributionView(contributionMachine.resolveState({ value: 'confirmingIdentity', context: { ...START, options: OPTIONS, draft: DRAFT, key: 'k', error: WRONG_PASSWORD } }));
    expect(wrongPassword.fieldErrors).toEqual({ password: 'Your password is not correct.' });
    expect(wrongPassword.error).toBeNull();
    // A refusal that names no field of the step still shows.
    expect(contributionView(contributionMachine.resolveState({ value: 'confirmingIdentity', context: { ...START, options: OPTIONS, draft: DRAFT, key: 'k', error: OUTAGE } })).error).toBe(m.SOMETHING_WENT_WRONG);
  });
});
