import { createActor, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { contributionMachine } from '../../machines/contribution/contribution.machine.ts';
import type { ContributionContext, ContributionInput, ContributionOptions, LoadOptionsResult, PayResult, StepUpResult } from '../../machines/contribution/contribution.types.ts';
import { contributionView } from '../../machines/contribution/contribution.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import type { ContributeAnswer } from '../../src/domain/schemas/pension.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';

const OPTIONS: ContributionOptions = {
  tax_year: 2026,
  assignable_years: [2026, 2025],
  contributed: { 2026: 0, 2025: 0 },
  sources: [{ id: 'sandbox-debit-card', label: 'Sandbox debit card' }],
  pending: [],
};
const DRAFT = { amount: 500, tax_year: 2026, source: 'sandbox-debit-card' };
const USER = { email: 'ann@example.ie', pension: 1500 } as unknown as User;
const ANSWER = {
  contribution: { id: 'c1', amount: 500, tax_year: 2026, kind: 'one_off', source: 'Sandbox debit card', status: 'succeeded', created_at: '2026-05-10T10:00:00.000Z' },
  user: USER,
  relief: 200,
} satisfies ContributeAnswer;
const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };
const DECLINED: ApiFailure = { status: 402, message: m.PAYMENT_DECLINED, source: 'server' };
const REFUSED: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { amount: [m.CONTRIBUTION_MAX] } };
const SERVER_ERROR: ApiFailure = { status: 503, message: null, source: 'server' };
const STEP_UP: ApiFailure = { status: 403, message: 'Please confirm it is you.', source: 'server', code: 'step_up_required' };
const WRONG_PASSWORD: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { password: ['Your password is not correct.'] } };

const review = (key: string) => ({ type: 'contribution.review', draft: DRAFT, key }) as const;
const LOADED = { type: 'xstate.done.actor.loadOptions', output: { ok: true, options: OPTIONS } satisfies LoadOptionsResult };
const LOAD_REFUSED = { type: 'xstate.done.actor.loadOptions', output: { ok: false, error: SERVER_ERROR } satisfies LoadOptionsResult };
const paid = { type: 'xstate.done.actor.pay', output: { ok: true, answer: ANSWER } satisfies PayResult };
const declined = { type: 'xstate.done.actor.pay', output: { ok: false, error: DECLINED } satisfies PayResult };
const refused = { type: 'xstate.done.actor.pay', output: { ok: false, error: REFUSED } satisfies PayResult };
const serverError = { type: 'xstate.done.actor.pay', output: { ok: false, error: SERVER_ERROR } satisfies PayResult };
const stepUpAsked = { type: 'xstate.done.actor.pay', output: { ok: false, error: STEP_UP } satisfies PayResult };
const steppedUp = { type: 'xstate.done.actor.stepUp', output: { ok: true } satisfies StepUpResult };
const stepUpRefused = { type: 'xstate.done.actor.stepUp', output: { ok: false, error: WRONG_PASSWORD } satisfies StepUpResult };
const PROVE = { type: 'contribution.stepUp', proof: { password: 'correct horse battery staple' } } as const;

const fixtures = {
  'contribution.review': () => [review('key-1')],
  'contribution.edit': () => [{ type: 'contribution.edit' }],
  'contribution.confirm': () => [{ type: 'contribution.confirm' }],
  'contribution.retry': () => [{ type: 'contribution.retry' }],
  'contribution.reload': () => [{ type: 'contribution.reload' }],
  'contribution.stepUp': () => [PROVE],
  'xstate.done.actor.stepUp': () => [steppedUp, stepUpRefused],
  'xstate.error.actor.stepUp': () => [{ type: 'xstate.error.actor.stepUp', error: new Error('offline') }],
  'xstate.done.actor.loadOptions': () => [LOADED, LOAD_REFUSED],
  'xstate.error.actor.loadOptions': () => [{ type: 'xstate.error.actor.loadOptions', error: new Error('offline') }],
  'xstate.done.actor.pay': () => [paid, declined, refused, serverError, stepUpAsked],
  'xstate.error.actor.pay': () => [{ type: 'xstate.error.actor.pay', error: new Error('offline') }],
} satisfies EventFixtures<typeof contributionMachine>;

const INPUT: ContributionInput = { mode: 'contribute', user: null, today: '2026-05-10' };
const model = createModelTest(contributionMachine, { events: fixtures, input: INPUT });

const START: ContributionContext = { ...INPUT, options: null, draft: null, key: null, result: null, error: null };
const payCase = (event: EventObject) => {
  const output = (event as EventObject & { output: PayResult }).output;
  if (output.ok) return 'pay ok';
  if (output.error.code === 'step_up_required') return 'pay asks step-up';
  if (output.error.status === 402) return 'pay declined';
  if (output.error.status !== null && output.error.status < 500) return 'pay refused';
  return 'pay failed';
};

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
      'pay declined': { to: 'declined', context: (c) => ({ ...c, error: DECLINED }) },
      'pay refused': { to: 'editing', context: (c) => ({ ...c, error: REFUSED, key: null }) },
      'pay failed': { to: 'failed', context: (c) => ({ ...c, error: SERVER_ERROR }) },
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
  it('covers every state and transition, and the expected table matches', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  const journeys = [
    model.pathFromEvents('an outage, then a retry with the same key pays', [LOADED, review('key-1'), { type: 'contribution.confirm' }, { type: 'xstate.error.actor.pay', error: new Error('timeout') }, { type: 'contribution.retry' }, paid]),
    model.pathFromEvents('a large payment asks for the password, then is paid with the same key', [LOADED, review('key-1'), { type: 'contribution.confirm' }, stepUpAsked, PROVE, steppedUp, paid]),
    model.pathFromEvents('declined, edited, reviewed again with a new key', [LOADED, review('key-1'), { type: 'contribution.confirm' }, declined, { type: 'contribution.edit' }, review('key-2'), { type: 'contribution.confirm' }, paid]),
  ];

  for (const path of [...model.paths, ...journeys]) {
    it(path.description, async () => {
      const userPaid = vi.fn();
      const payKeys: string[] = [];
      await model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(
            contributionMachine.provide({ actors: { loadOptions: promises.logic(), pay: promises.logic(), stepUp: promises.logic() }, actions: { userPaid: (_, params) => userPaid(params.user) } }),
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
  });
});
