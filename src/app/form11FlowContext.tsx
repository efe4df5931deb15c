import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { Form11FlowActorRef, Form11FlowHost } from './form11FlowHost.ts';

/**
 * The signed-in user's guided-flow actor, for the Form 11 screens. The runtime owns it (made at
 * sign-in, outside React); screens read it with `useSelector(flow, selectX)` and send it events.
 */
const Form11FlowContext = createContext<Form11FlowHost | null>(null);

export function Form11FlowProvider({ host, children }: { host: Form11FlowHost; children: ReactNode }) {
  return <Form11FlowContext value={host}>{children}</Form11FlowContext>;
}

/** The flow actor of the signed-in user, or null while nobody is signed in. */
export function useForm11Flow(): Form11FlowActorRef | null {
  const host = use(Form11FlowContext);
  if (!host) throw new Error('useForm11Flow outside Form11FlowProvider');
  return useSyncExternalStore(host.subscribe, host.current, host.current);
}
