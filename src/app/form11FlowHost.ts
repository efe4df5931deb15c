import { createActor, type Actor, type InspectionEvent, type Observer } from 'xstate';
import { calendarDay } from '../domain/dates.ts';
import { FORM11_PROGRESS_KEY } from '../domain/form11Progress.ts';
import { defaultClaimYear } from '../domain/tax/claimYears.ts';
import { createForm11FlowLogic, readSavedProgress, type Form11FlowEffects, type Form11FlowLogic } from './effects/form11FlowEffects.ts';

export type Form11FlowActorRef = Actor<Form11FlowLogic>;

/**
 * The guided flow belongs to one signed-in user: its saved progress names its owner. The host
 * makes the user's flow actor when they sign in (picking up their saved progress), stops it when
 * someone else or nobody is signed in, and forgets the flow on sign-out.
 */
export interface Form11FlowHost {
  /** The signed-in user's flow actor, or null while nobody is signed in. */
  current(): Form11FlowActorRef | null;
  /** Called whenever `current()` changes to another actor (or null). */
  subscribe(listener: () => void): () => void;
  /** Who is signed in now (their owner key, e.g. the email), or null. Call on every user change. */
  setOwner(ownerId: string | null): void;
  /** Signing out: the flow and its saved progress are forgotten (spec section 4). */
  clear(): void;
  stop(): void;
}

export interface Form11FlowHostOptions extends Form11FlowEffects {
  /** The instant "today" is read from (the default claim year is last year). */
  now(): Date;
  inspect?: Observer<InspectionEvent>;
}

export function createForm11FlowHost(options: Form11FlowHostOptions): Form11FlowHost {
  const logic = createForm11FlowLogic(options);
  const listeners = new Set<() => void>();
  let owner: string | null = null;
  let actor: Form11FlowActorRef | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    current: () => actor,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setOwner(next) {
      if (next === owner) return;
      actor?.stop();
      owner = next;
      actor = null;
      if (next !== null) {
        const saved = readSavedProgress(options.storage, next, options.log);
        actor = createActor(logic, {
          input: { userId: next, defaultYear: defaultClaimYear(calendarDay(options.now())), saved },
          ...(options.inspect ? { inspect: options.inspect } : {}),
        });
        actor.start();
      }
      notify();
    },
    clear() {
      if (actor) actor.send({ type: 'flow.clear' });
      else {
        try {
          options.storage.removeItem(FORM11_PROGRESS_KEY);
        } catch {
          // Storage unavailable: nothing was saved either.
        }
      }
    },
    stop() {
      actor?.stop();
      actor = null;
      owner = null;
      listeners.clear();
    },
  };
}
