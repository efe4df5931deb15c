import { defaultStringifySearch } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { incomeDeclarationMachine } from '../../../machines/incomeDeclaration/incomeDeclaration.machine.ts';
import type { Declaration, LoadResult, SaveResult } from '../../../machines/incomeDeclaration/incomeDeclaration.types.ts';
import type { SessionHooks } from '../../api/client.ts';
import { claimRefundOfYear } from '../../domain/claimRefund.ts';
import { FINAL_FORM_ROUTE } from '../../domain/catalogue.ts';
import { calendarDay } from '../../domain/dates.ts';
import type { JsonValue } from '../../domain/form11Progress.ts';
import { defaultClaimYear } from '../../domain/tax/claimYears.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';

export interface IncomeDeclarationEffects {
  sessionHooks(): SessionHooks;
  /** Hand the declaration to the guided flow as /form11/final-form's answer. */
  completeFlow(declaration: Declaration): void;
  navigate(to: string): void;
  reloadProfile(): void;
  log: Pick<Console, 'warn'>;
}

async function load(sessionHooks: () => SessionHooks) {
  const [{ createSessionClient, toApiFailure }, calls, auth] = await Promise.all([
    import('../../api/client.ts'),
    import('../../api/form11.ts'),
    import('../../api/auth.ts'),
  ]);
  return { client: createSessionClient(sessionHooks()), toApiFailure, ...calls, getProfile: auth.getProfile };
}

/** The income declaration machine with the app's effects: GET/POST /income-forms, the profile for the estimate. */
export function createIncomeDeclarationLogic(effects: IncomeDeclarationEffects) {
  return incomeDeclarationMachine.provide({
    actions: {
      completeFlow: (_, params) => effects.completeFlow(params.declaration),
      // The router reads search parameters the way it writes them (JSON values).
      navigate: (_, params) => effects.navigate(params.search ? `${params.to}${defaultStringifySearch(params.search)}` : params.to),
      refreshProfile: () => effects.reloadProfile(),
      // The status only: a declaration carries what the user entered.
      logFailure: (_, params) => effects.log.warn('Income declaration call failed', { operation: params.operation, status: params.failure.status }),
    },
    actors: {
      loadIncomeForms: fromPromise<LoadResult, { year: number }>(async ({ input, signal }) => {
        const api = await load(effects.sessionHooks);
        try {
          const answer = await api.getIncomeForms(api.client, input.year, { signal });
          return { ok: true, declaration: answer.data.declaration };
        } catch (error) {
          return { ok: false, error: await api.toApiFailure(error) };
        }
      }),
      saveIncomeForms: fromPromise<SaveResult, { year: number; declaration: Declaration }>(async ({ input, signal }) => {
        const api = await load(effects.sessionHooks);
        try {
          await api.saveIncomeForms(api.client, input.year, input.declaration, { signal });
          return { ok: true };
        } catch (error) {
          return { ok: false, error: await api.toApiFailure(error) };
        }
      }),
      // The claim's refunds as the server recorded them after the save.
      estimateRefund: fromPromise<number, { year: number }>(async ({ input, signal }) => {
        const api = await load(effects.sessionHooks);
        const user = await api.getProfile(api.client, { signal });
        return claimRefundOfYear(user.form11, input.year);
      }),
    },
  });
}

export type IncomeDeclarationLogic = ReturnType<typeof createIncomeDeclarationLogic>;

export const incomeDeclarationFlow = defineFlow({
  logic: (effects: AppEffects) =>
    createIncomeDeclarationLogic({
      sessionHooks: () => effects.sessionHooks,
      completeFlow: (declaration) => effects.guidedFlow()?.send({ type: 'step.submit', route: FINAL_FORM_ROUTE, data: declaration as JsonValue }),
      navigate: (to) => void effects.navigate(to),
      reloadProfile: () => effects.reloadProfile(),
      log: effects.log,
    }),
  // A visit of /form11/income-selection (`choosing`) or /form11/final-form; the year its address names, else last year.
  input: (effects: AppEffects, screen: { year: number | undefined; inFlow: boolean; choosing?: boolean }) => ({
    year: screen.year ?? defaultClaimYear(calendarDay(effects.now())),
    inFlow: screen.inFlow,
    choosing: screen.choosing ?? false,
  }),
});
