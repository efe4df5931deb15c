import type { Observer, InspectionEvent } from 'xstate';
import type { SessionHooks } from '../api/client.ts';
import { FINAL_FORM_ROUTE } from '../domain/catalogue.ts';
import type { JsonValue } from '../domain/form11Progress.ts';
import { answerCallsOver } from './effects/form11FlowEffects.ts';
import { createIncomeDeclarationLogic } from './effects/incomeDeclarationEffects.ts';
import { createQuestionnaireLogic } from './effects/questionnaireEffects.ts';
import type { Form11Runtime } from './form11FlowContext.tsx';
import { createForm11FlowHost } from './form11FlowHost.ts';
import type { AppRouter } from './router.tsx';

export interface Form11RuntimeDeps {
  router: AppRouter;
  sessionHooks: () => SessionHooks;
  reloadProfile(): void;
  inspect?: Observer<InspectionEvent>;
}

/**
 * The guided flow host and the questionnaire and income declaration logic with the browser's
 * effects. This module is loaded only once someone signs in (see `createAppRuntime`), so the
 * flow's machines, catalogue and tax tables never reach a signed-out visitor's first page.
 */
export function createForm11Runtime({ router, sessionHooks, reloadProfile, inspect }: Form11RuntimeDeps): Form11Runtime {
  const host = createForm11FlowHost({
    navigator: {
      navigate: (to, replace) => router.navigate({ href: to, replace }),
      currentPath: () => router.state.location.pathname,
    },
    answers: answerCallsOver(sessionHooks),
    reloadProfile,
    storage: localStorage,
    log: console,
    now: () => new Date(),
    ...(inspect ? { inspect } : {}),
  });
  return {
    host,
    questionnaireLogic: createQuestionnaireLogic({
      // The user was asked on the Tax Refund page before a flow in flight is replaced.
      startGuidedFlow: (selection, year) => host.current()?.send({ type: 'flow.start', selection, year, fromQuestionnaire: true, replace: true }),
      navigate: (to) => void router.navigate({ href: to }),
    }),
    incomeDeclarationLogic: createIncomeDeclarationLogic({
      sessionHooks,
      completeFlow: (declaration) => host.current()?.send({ type: 'step.submit', route: FINAL_FORM_ROUTE, data: declaration as JsonValue }),
      navigate: (to) => void router.navigate({ href: to }),
      reloadProfile,
      log: console,
    }),
  };
}
