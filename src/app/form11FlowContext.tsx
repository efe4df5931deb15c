import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { IncomeDeclarationLogic } from './effects/incomeDeclarationEffects.ts';
import type { QuestionnaireLogic } from './effects/questionnaireEffects.ts';
import type { Form11FlowActorRef, Form11FlowHost } from './form11FlowHost.ts';

/**
 * The signed-in user's guided-flow actor and the questionnaire's logic, for the Form 11 screens.
 * The runtime owns them (built outside React); screens read the flow with
 * `useSelector(flow, selectX)` and send it events.
 */
export interface Form11Runtime {
  host: Form11FlowHost;
  questionnaireLogic: QuestionnaireLogic;
  incomeDeclarationLogic: IncomeDeclarationLogic;
}

/**
 * The Form 11 runtime is code a signed-out visitor never needs: the app runtime loads it when
 * someone signs in, and a screen that reads it first suspends until it is there.
 */
export interface LazyForm11Runtime {
  /** Loads the runtime once; every call returns the same promise. */
  load(): Promise<Form11Runtime>;
  /** The runtime once loaded, else null. */
  loaded(): Form11Runtime | null;
}

const Form11Context = createContext<LazyForm11Runtime | null>(null);

export function Form11FlowProvider({ value, children }: { value: LazyForm11Runtime; children: ReactNode }) {
  return <Form11Context value={value}>{children}</Form11Context>;
}

function useForm11Runtime(): Form11Runtime {
  const value = use(Form11Context);
  if (!value) throw new Error('Form 11 screens need Form11FlowProvider');
  // `use` may be called conditionally: once loaded, the screen renders without suspending.
  return value.loaded() ?? use(value.load());
}

/** The flow actor of the signed-in user, or null while nobody is signed in. */
export function useForm11Flow(): Form11FlowActorRef | null {
  const { host } = useForm11Runtime();
  return useSyncExternalStore(host.subscribe, host.current, host.current);
}

/** The questionnaire machine with the app's effects (start one actor per visit). */
export function useQuestionnaireLogic(): QuestionnaireLogic {
  return useForm11Runtime().questionnaireLogic;
}

/** The income declaration machine with the app's effects (start one actor per visit of /form11/final-form). */
export function useIncomeDeclarationLogic(): IncomeDeclarationLogic {
  return useForm11Runtime().incomeDeclarationLogic;
}
