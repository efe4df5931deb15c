import { fromPromise } from 'xstate';
import { form11FlowView } from '../../../machines/form11Flow/form11Flow.view.ts';
import { pensionRefundMachine } from '../../../machines/pensionRefund/pensionRefund.machine.ts';
import type { AddClaimResult, PensionClaim } from '../../../machines/pensionRefund/pensionRefund.types.ts';
import { refundOptionsMachine } from '../../../machines/refundOptions/refundOptions.machine.ts';
import { createSessionClient, toApiFailure } from '../../api/client.ts';
import { postAnswer } from '../../api/form11.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';
import { todayOf } from './today.ts';

/*
 * The refund screens' effects (Tax Refund Options, /pension-refund): apart from the account's, as
 * they bring the tax engine and the guided flow's view, which the Settings and Profile pages need not load.
 */

/** Pension refund with its real effects: POST /answer into the year's claim, the profile reloaded. */
export function createPensionRefundLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return pensionRefundMachine.provide({
    actors: {
      addClaim: fromPromise<AddClaimResult, PensionClaim>(async ({ input, signal }) => {
        try {
          await postAnswer(client, { year: input.year, question: input.category, answer: input.answer }, { signal });
          return { ok: true };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
    },
    actions: { reloadProfile: () => deps.reloadProfile() },
  });
}

export const pensionRefundFlow = defineFlow({ logic: createPensionRefundLogic, input: (effects: AppEffects) => ({ user: effects.user(), today: todayOf(effects) }) });

/** Tax refund options: "Continue" hands the guided flow `flow.resume`; the claim shown is the one it holds. */
export function createRefundOptionsLogic(effects: AppEffects) {
  return refundOptionsMachine.provide({ actions: { continueClaim: () => effects.guidedFlow()?.send({ type: 'flow.resume' }) } });
}
export const refundOptionsFlow = defineFlow({
  logic: createRefundOptionsLogic,
  input: (effects: AppEffects) => {
    const unfinished = guidedClaimOf(effects);
    return { user: effects.user(), today: todayOf(effects), claim: unfinished && { year: unfinished.year, page: unfinished.position.number, pages: unfinished.position.total } };
  },
});

function guidedClaimOf(effects: AppEffects) {
  const guided = effects.guidedFlow();
  return guided ? form11FlowView(guided.getSnapshot()).unfinished : null;
}
