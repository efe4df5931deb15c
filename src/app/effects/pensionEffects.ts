import { fromPromise } from 'xstate';
import { contributionMachine } from '../../../machines/contribution/contribution.machine.ts';
import type { LoadOptionsResult, PayInput, PayResult } from '../../../machines/contribution/contribution.types.ts';
import type { StepUpProof, StepUpResult } from '../../../machines/shared/stepUp.ts';
import { directDebitMachine } from '../../../machines/directDebit/directDebit.machine.ts';
import type { MandateResult } from '../../../machines/directDebit/directDebit.types.ts';
import { pensionSetupMachine } from '../../../machines/pensionSetup/pensionSetup.machine.ts';
import type { SavePensionInfoResult } from '../../../machines/pensionSetup/pensionSetup.types.ts';
import { createSessionClient, toApiFailure } from '../../api/client.ts';
import { cancelDirectDebit, contribute, getContributions, getDirectDebit, pauseDirectDebit, resumeDirectDebit, saveDirectDebit, savePensionInfo } from '../../api/pension.ts';
import { stepUp } from '../../api/security.ts';
import type { DirectDebitAnswer, DirectDebitRequest, PensionInfoRequest } from '../../domain/schemas/pension.ts';
import type { ContributionMode } from '../../../machines/contribution/contribution.types.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';
import { todayOf } from './today.ts';

/** Runs a call; an expected failure (any HTTP answer, a bad shape) becomes `{ ok: false, error }`. */
async function attempt<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: Awaited<ReturnType<typeof toApiFailure>> }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error: await toApiFailure(error) };
  }
}

/** POST /security/step-up with the session's client: the password before a large payment or a new account. */
function stepUpOver(client: ReturnType<typeof createSessionClient>) {
  return fromPromise<StepUpResult, StepUpProof>(async ({ input, signal }) => {
    const result = await attempt(() => stepUp(client, input, signal));
    return result.ok ? { ok: true } : result;
  });
}

/** Pension Setup with its real effects: POST /pension-info, the session told, the router. */
export function createPensionSetupLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return pensionSetupMachine.provide({
    actors: {
      savePensionInfo: fromPromise<SavePensionInfoResult, PensionInfoRequest>(async ({ input, signal }) => {
        const result = await attempt(() => savePensionInfo(client, input, signal));
        return result.ok ? { ok: true, user: result.value } : result;
      }),
    },
    actions: {
      userSaved: (_, params) => deps.announceUser(params.user),
      navigate: (_, params) => void deps.navigate(params.to),
    },
  });
}

/** A contribution with its real effects: GET /contributions and /direct-debit, POST /contribute with the key, the session told. */
export function createContributionLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return contributionMachine.provide({
    actors: {
      loadOptions: fromPromise<LoadOptionsResult, void>(async ({ signal }) => {
        const result = await attempt(() => Promise.all([getContributions(client, signal), getDirectDebit(client, signal)]));
        if (!result.ok) return result;
        const [{ tax_year, assignable_years, contributed, sources, contributions }, { mandate }] = result.value;
        const pending = contributions.filter((contribution) => contribution.status === 'pending');
        return { ok: true, options: { tax_year, assignable_years, contributed, sources, pending, mandate } };
      }),
      // No abort signal: once sent, a payment's answer is worth waiting for even if the screen closes.
      pay: fromPromise<PayResult, PayInput>(async ({ input }) => {
        const result = await attempt(() => contribute(client, input.draft, input.key));
        return result.ok ? { ok: true, answer: result.value } : result;
      }),
      stepUp: stepUpOver(client),
    },
    actions: {
      userPaid: (_, params) => deps.announceUser(params.user),
      keepDraftInAddress: (_, params) => {
        // Only while the user is on /contribute: a payment answered after they left moves no one.
        if (params.mode !== 'contribute' || deps.currentPath() !== '/contribute') return;
        const { draft } = params;
        const search = draft ? `?${new URLSearchParams({ amount: String(draft.amount), year: String(draft.tax_year), source: draft.source })}` : '';
        void deps.navigate(`/contribute${search}`, { replace: true, sameVisit: true });
      },
    },
  });
}

/** The direct debit with its real effects: the /direct-debit calls. */
export function createDirectDebitLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  const mandateOf = async (call: () => Promise<DirectDebitAnswer>): Promise<MandateResult> => {
    const result = await attempt(call);
    return result.ok ? { ok: true, mandate: result.value.mandate } : result;
  };
  return directDebitMachine.provide({
    actors: {
      loadMandate: fromPromise<MandateResult, void>(({ signal }) => mandateOf(() => getDirectDebit(client, signal))),
      saveMandate: fromPromise<MandateResult, DirectDebitRequest>(({ input }) => mandateOf(() => saveDirectDebit(client, input))),
      cancelMandate: fromPromise<MandateResult, void>(() => mandateOf(() => cancelDirectDebit(client))),
      pauseMandate: fromPromise<MandateResult, void>(() => mandateOf(() => pauseDirectDebit(client))),
      resumeMandate: fromPromise<MandateResult, void>(() => mandateOf(() => resumeDirectDebit(client))),
      stepUp: stepUpOver(client),
    },
  });
}


export const pensionSetupFlow = defineFlow({
  logic: createPensionSetupLogic,
  input: (effects: AppEffects, screen: { returnTo: string | null }) => ({ user: effects.user(), today: todayOf(effects), returnTo: screen.returnTo }),
});
export const contributionFlow = defineFlow({
  logic: createContributionLogic,
  input: (effects: AppEffects, screen: { mode: ContributionMode; suggestedAmount?: number | undefined; suggestedYear?: number | undefined; suggestedSource?: string | undefined }) => ({
    mode: screen.mode,
    user: effects.user(),
    today: todayOf(effects),
    suggestedAmount: screen.suggestedAmount,
    suggestedYear: screen.suggestedYear,
    suggestedSource: screen.suggestedSource,
  }),
});
export const directDebitFlow = defineFlow({ logic: createDirectDebitLogic, input: (effects: AppEffects) => ({ today: todayOf(effects) }) });
