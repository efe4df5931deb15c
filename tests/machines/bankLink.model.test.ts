import { createActor, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { bankLinkMachine } from '../../machines/bankLink/bankLink.machine.ts';
import type { BankLinkContext, BankLinkInput, CompleteLinkResult } from '../../machines/bankLink/bankLink.types.ts';
import { BLOCKED_TEXT, NOT_LINKED_TEXT, bankLinkView } from '../../machines/bankLink/bankLink.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import type { ModelPath } from '../support/modelTest.ts';
import { CONSENT, SANDBOX_URL, OUTAGE, SERVER_ERROR, UNVERIFIED, INVALID, ACCOUNT, answer, models } from './bankLink.model.ts';
import type { Output } from './bankLink.model.ts';

const startContext = (input: BankLinkInput): BankLinkContext => ({
  appOrigin: input.appOrigin,
  providerOrigins: input.providerOrigins ?? [],
  renew: null,
  url: input.url ?? null,
  returned: input.returnQuery ? { consentId: CONSENT, query: input.returnQuery } : null,
  result: null,
  notLinked: null,
  error: null,
  failed: null,
});

const initialOf = (input: BankLinkInput) => {
  if (input.returnQuery) return 'completing';
  if (!input.url) return 'idle';
  return input.url.startsWith('https://auth.') || input.url.startsWith('/api/') ? 'leaving' : 'blocked';
};

const oracleFor = (input: BankLinkInput) =>
  expectedSteps<BankLinkContext>({
    initial: { value: initialOf(input), context: startContext(input) },
    tags: { requesting: ['busy'], completing: ['busy'] },
    final: ['toBankLink', 'leaving', 'blocked'],
    caseOf: (event, before) => {
      const output = (event as Output<{ ok: boolean; error?: ApiFailure; answer?: { consent: { status: string } } }>).output;
      if (event.type === 'xstate.done.actor.startLink') return output.ok ? 'started' : output.error!.status === 403 ? 'start refused' : 'start failed';
      if (event.type === 'xstate.done.actor.completeLink') return output.ok ? (output.answer!.consent.status === 'active' ? 'linked' : 'not linked') : output.error!.status === 422 ? 'return refused' : 'complete failed';
      if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice(19)} outage`;
      if (event.type === 'bankLink.retry') return `retry ${before.context.failed}`;
      return event.type;
    },
    transitions: (() => {
      const start = { to: 'requesting', context: (c: BankLinkContext, e: EventObject) => ({ ...c, renew: (e as EventObject & { renew: string | null }).renew, error: null, failed: null, notLinked: null }) };
      const failedWith = (request: 'start' | 'complete', error: ApiFailure) => ({ to: 'failed', context: (c: BankLinkContext) => ({ ...c, failed: request, error }) });
      return {
        idle: { 'bankLink.start': start },
        requesting: {
          started: { to: 'toBankLink' },
          'start refused': { to: 'idle', context: (c) => ({ ...c, error: UNVERIFIED }) },
          'start failed': failedWith('start', SERVER_ERROR),
          'startLink outage': failedWith('start', OUTAGE),
        },
        completing: {
          linked: { to: 'linked', context: (c) => ({ ...c, result: (answer('active', [ACCOUNT, ACCOUNT]) as Extract<CompleteLinkResult, { ok: true }>).answer, returned: null }) },
          'not linked': { to: 'notLinked', context: (c) => ({ ...c, notLinked: 'cancelled', error: null, returned: null }) },
          'return refused': { to: 'notLinked', context: (c) => ({ ...c, notLinked: 'invalid', error: INVALID, returned: null }) },
          'complete failed': failedWith('complete', SERVER_ERROR),
          'completeLink outage': failedWith('complete', OUTAGE),
        },
        linked: { 'bankLink.start': start },
        notLinked: { 'bankLink.start': start },
        failed: {
          'retry start': { to: 'requesting', context: (c) => ({ ...c, error: null, failed: null }) },
          'retry complete': { to: 'completing', context: (c) => ({ ...c, error: null, failed: null }) },
          'bankLink.dismiss': { to: 'idle', context: (c) => ({ ...c, error: null, failed: null }) },
        },
      };
    })(),
  });

describe('bank-link machine: model-based', () => {
  it('the visits together cover every state and transition', () => {
    const covered = new Set(models.flatMap(({ model }) => [...model.coverage().states.covered, ...model.coverage().transitions.covered]));
    const all = [...models[0]!.model.stateIds, ...models[0]!.model.transitionLabels];
    expect(all.filter((item) => !covered.has(item))).toEqual([]);
    const unused = models.map(({ input, model }) => oracleFor(input).unusedRules(model.paths as ModelPath<typeof bankLinkMachine>[]));
    // Every rule of the table is taken from some visit.
    const everyRule = new Set(unused.flat());
    for (const rule of everyRule) expect(unused.some((list) => !list.includes(rule)), rule).toBe(true);
  });

  for (const { input, model } of models) {
    const oracle = oracleFor(input);
    for (const path of model.paths) {
      it(path.description, async () => {
        const calls = { navigate: vi.fn(), leaveFor: vi.fn(), linked: vi.fn(), forgetReturn: vi.fn() };
        const renews: (string | null)[] = [];
        await model.runPath(path, {
          createActor: ({ promises }) =>
            createActor(
              bankLinkMachine.provide({
                actors: { startLink: promises.logic(), completeLink: promises.logic() },
                actions: {
                  navigate: (_, params) => calls.navigate(params.to),
                  leaveFor: (_, params) => calls.leaveFor(params.url),
                  linked: () => calls.linked(),
                  forgetReturn: () => calls.forgetReturn(),
                },
              }),
              { input },
            ),
          afterStep: (ctx) => {
            oracle.check(ctx);
            const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof bankLinkMachine.resolveState>;
            const view = bankLinkView(snapshot);
            if (snapshot.matches('requesting') && ctx.index > 0) renews.push((ctx.promises.inputs.startLink as { renew: string | null }).renew);
            // Effects only on their transitions.
            expect(calls.navigate.mock.calls).toEqual(snapshot.matches('toBankLink') ? [[`/bank-link/${encodeURIComponent(SANDBOX_URL)}`]] : []);
            expect(calls.leaveFor.mock.calls).toEqual(snapshot.matches('leaving') ? [[input.url]] : []);
            expect(calls.linked).toHaveBeenCalledTimes(snapshot.matches('linked') || snapshot.context.result ? 1 : 0);
            // The view.
            expect(view.busy).toBe(snapshot.matches('requesting') || snapshot.matches('completing'));
            expect(view.canStart).toBe((['idle', 'linked', 'notLinked'] as const).some((s) => snapshot.matches(s)));
            expect(view.canRetry).toBe(snapshot.matches('failed'));
            if (snapshot.matches('blocked')) expect(view.message).toEqual({ tone: 'error', text: BLOCKED_TEXT });
            if (snapshot.matches('notLinked')) expect(view.message).toEqual({ tone: 'info', text: NOT_LINKED_TEXT[snapshot.context.notLinked!] });
            if (snapshot.matches('linked')) expect(view).toMatchObject({ linkedCount: 2, message: { tone: 'success', text: '2 accounts are linked. Round-ups start from a week before today.' } });
          },
        });
        // A Retry after a failed start asks again for the same link (a renewal stays a renewal).
        if (renews.length > 1) expect(new Set(renews).size).toBe(1);
      });
    }
  }
});
