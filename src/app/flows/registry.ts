import { type Actor, type AnyActorLogic, createActor, type InspectionEvent, type Observer } from 'xstate';
import type { AppEffects } from '../effects/appEffects.ts';
import type { FlowCatalogue, LogicOf, NamesOfScope, ScreenInputOf } from './flow.ts';

/**
 * The session registry: every screen machine's actor is started here, never inside a component.
 *
 * - Logic is built once per runtime from the one effects table, the first time a flow is needed
 *   (its module loads with the screen's route, so a signed-out visitor never downloads it).
 * - A **visit** actor belongs to one visit of a screen (one history entry): the screen's renders,
 *   StrictMode's double render and a remount of the same entry rejoin it; it stops once no
 *   component holds it. A new visit of the same flow also stops an older one nobody held.
 * - A **session** actor belongs to the signed-in user (`setOwner`): made at sign-in from their
 *   saved progress, stopped when someone else or nobody is signed in.
 * - Signing out stops every actor (but a public screen's) and forgets every flow's saved progress,
 *   here and nowhere else.
 *
 * Every actor gets the runtime's inspector and a readable `systemId` (the flow's name), so the
 * Stately inspector shows each screen's machine as it runs.
 */
export interface FlowRegistry<C extends FlowCatalogue> {
  /** Loads flows' logic ahead of their screen (route loaders); resolves when all are ready. */
  preload(...names: (keyof C & string)[]): Promise<void>;
  /** The flow's logic once loaded, else null. */
  loaded<N extends keyof C & string>(name: N): LogicOf<C, N> | null;
  /**
   * Loads the flow's logic once. Once loaded, every call returns the same settled promise, marked
   * as React's `use` reads one (`status`, `value`): a screen calls `use(load(name))` on every
   * render, and it suspends only while the code is on its way.
   */
  load<N extends keyof C & string>(name: N): Promise<LogicOf<C, N>>;
  /** The visit's actor, started on first call (the logic must be loaded). Input is read only then. */
  visit<N extends NamesOfScope<C, 'visit'>>(name: N, visitKey: string, screen: ScreenInputOf<C, N>): Actor<LogicOf<C, N>>;
  /** A component shows the visit's actor; the returned release stops it once nobody holds it. */
  hold(name: string, visitKey: string): () => void;
  /** The signed-in user's actor of a session flow, or null (not signed in, or not loaded yet). */
  session<N extends NamesOfScope<C, 'session'>>(name: N): Actor<LogicOf<C, N>> | null;
  /** Called whenever a session actor appears, is replaced or goes. */
  subscribe(listener: () => void): () => void;
  /** Who is signed in now (their owner key, e.g. the email), or null. Call on every change. */
  setOwner(owner: string | null): void;
  /** Signing out: every actor stops and every flow's saved progress is forgotten. */
  signOut(): void;
  /**
   * Sends an event of the session (`session.user.changed`) to every running actor; a machine that
   * shows figures of the user takes it, the others ignore it.
   */
  broadcast(event: { type: `session.${string}`; [key: string]: unknown }): void;
  /** Every actor still running, by systemId (tests, the inspector check). */
  running(): { name: string; actor: Actor<AnyActorLogic> }[];
  stop(): void;
}

export interface FlowRegistryOptions<C extends FlowCatalogue> {
  catalogue: C;
  effects: AppEffects;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** How long a released visit actor waits for its component to come back (StrictMode remounts at once). */
  releaseDelayMs?: number;
  /**
   * When a session flow marked `afterFirstPaint` loads its code at sign-in if no page has asked for
   * it (a page's own flows load at once, through `preload`/`load`). The app waits until the page
   * has painted and the browser is idle, so the round-ups and the guided flow never delay a first
   * paint; by default at once.
   */
  later?: (task: () => void) => void;
  /**
   * What a flow's load waits for between its module's first run and its logic being built and its
   * session actor started: the app gives a new task, so a phone runs the two apart (each 50–100 ms
   * at 4× CPU); by default nothing. `load` resolves after both, as always.
   */
  between?: () => Promise<void>;
}

interface VisitEntry {
  name: string;
  key: string;
  actor: Actor<AnyActorLogic>;
  holds: number;
  stopTimer: ReturnType<typeof setTimeout> | null;
}

export function createFlowRegistry<C extends FlowCatalogue>({
  catalogue,
  effects,
  inspect,
  releaseDelayMs = 0,
  later = (task) => task(),
  between,
}: FlowRegistryOptions<C>): FlowRegistry<C> {
  const logics = new Map<string, { logic: AnyActorLogic; input: (screen: unknown) => unknown }>();
  const loading = new Map<string, Promise<AnyActorLogic>>();
  /** The loaded flows' logic as a settled promise, which React's `use` reads without suspending. */
  const settledLoads = new Map<string, Promise<AnyActorLogic>>();
  const visits = new Map<string, VisitEntry>();
  const sessions = new Map<string, Actor<AnyActorLogic>>();
  const listeners = new Set<() => void>();
  let owner: string | null = null;
  // Bumped on every owner change: a deferred load asked for an earlier owner is dropped.
  let generation = 0;

  const start = (name: string, input: unknown): Actor<AnyActorLogic> => {
    const made = logics.get(name)!;
    const actor = createActor(made.logic, { input: made.input(input), systemId: name, ...(inspect ? { inspect } : {}) });
    actor.start();
    return actor;
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const entryKey = (name: string, visitKey: string) => `${name}\u0000${visitKey}`;
  const stopVisit = (entry: VisitEntry) => {
    if (entry.stopTimer) clearTimeout(entry.stopTimer);
    entry.actor.stop();
    visits.delete(entryKey(entry.name, entry.key));
  };
  /** Stops every visit actor but those of public screens, which hold nothing of a user. */
  const stopUsersVisits = () => {
    for (const entry of [...visits.values()]) if (catalogue[entry.name]?.public !== true) stopVisit(entry);
  };
  /** Stops the session actors; says whether there were any (the caller notifies once). */
  const stopSessions = (): boolean => {
    for (const actor of sessions.values()) actor.stop();
    const had = sessions.size > 0;
    sessions.clear();
    return had;
  };
  /** Starts the session actors of the owner; those already loaded at once, the others once loaded. Says whether any started now. */
  const startSessions = (): boolean => {
    let started = false;
    for (const [name, entry] of Object.entries(catalogue)) {
      if (entry.scope !== 'session') continue;
      // Already loaded (every sign-in after the first, or a page that needed it): the actor is there before anyone reads it.
      if (logics.has(name)) {
        startSession(name);
        started = true;
        continue;
      }
      // `load` starts the actor when the code arrives, for whoever is signed in then.
      const loadNow = () => void load(name).catch((error: unknown) => effects.log.warn(`${name}: not loaded`, error));
      if (!entry.afterFirstPaint) {
        loadNow();
        continue;
      }
      const at = generation;
      later(() => {
        if (at === generation) loadNow();
      });
    }
    return started;
  };
  /** The signed-in owner's actor of a session flow whose logic is loaded, unless it runs already. */
  const startSession = (name: string) => {
    if (owner === null || sessions.has(name)) return;
    sessions.set(name, start(name, owner));
  };

  function load(name: string): Promise<AnyActorLogic> {
    const done = settledLoads.get(name);
    if (done) return done;
    let pending = loading.get(name);
    if (!pending) {
      const entry = catalogue[name];
      if (!entry) throw new Error(`No flow named ${name}`);
      const loaded = between ? entry.load().then(async (flow) => (await between(), flow)) : entry.load();
      pending = loaded.then(
        (flow) => {
          const logic = flow.logic(effects) as AnyActorLogic;
          logics.set(name, { logic, input: (screen) => flow.input(effects, screen) });
          loading.delete(name);
          settledLoads.set(name, settled(logic));
          // A session flow's actor starts as soon as its code is there, whoever asked for it (a
          // screen that reads it, or the sign-in's deferred load).
          if (entry.scope === 'session' && owner !== null && !sessions.has(name)) {
            startSession(name);
            notify();
          }
          return logic;
        },
        (error: unknown) => {
          // A failed download (offline, or a new release removed the old chunk) is not kept: the next use tries again.
          loading.delete(name);
          throw error;
        },
      );
      loading.set(name, pending);
    }
    return pending;
  }

  return {
    preload: async (...names) => {
      await Promise.all(names.map((name) => load(name)));
    },
    loaded: (name) => (logics.get(name)?.logic as LogicOf<C, typeof name> | undefined) ?? null,
    load: (name) => load(name) as Promise<LogicOf<C, typeof name>>,
    visit(name, visitKey, screen) {
      const key = entryKey(name, visitKey);
      let entry = visits.get(key);
      if (!entry) {
        if (!logics.has(name)) throw new Error(`Flow ${name} used before its logic loaded`);
        for (const other of [...visits.values()]) if (other.name === name && other.holds === 0) stopVisit(other);
        entry = { name, key: visitKey, actor: start(name, screen), holds: 0, stopTimer: null };
        visits.set(key, entry);
      }
      return entry.actor as Actor<LogicOf<C, typeof name>>;
    },
    hold(name, visitKey) {
      const entry = visits.get(entryKey(name, visitKey));
      if (!entry) return () => {};
      entry.holds += 1;
      if (entry.stopTimer) {
        clearTimeout(entry.stopTimer);
        entry.stopTimer = null;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.holds -= 1;
        if (entry.holds > 0 || visits.get(entryKey(name, visitKey)) !== entry) return;
        entry.stopTimer = setTimeout(() => {
          entry.stopTimer = null;
          if (entry.holds === 0) stopVisit(entry);
        }, releaseDelayMs);
      };
    },
    session: (name) => (sessions.get(name) as Actor<LogicOf<C, typeof name>> | undefined) ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setOwner(next) {
      if (next === owner) return;
      generation += 1;
      owner = next;
      // Whatever the last user had open is theirs alone.
      stopUsersVisits();
      const stopped = stopSessions();
      const started = next !== null && startSessions();
      if (stopped || started) notify();
    },
    signOut() {
      generation += 1;
      owner = null;
      stopUsersVisits();
      if (stopSessions()) notify();
      for (const entry of Object.values(catalogue)) {
        for (const key of entry.forgetOnSignOut ?? []) {
          try {
            effects.storage.removeItem(key);
          } catch {
            // Storage unavailable: nothing was saved either.
          }
        }
      }
    },
    broadcast(event) {
      for (const entry of visits.values()) entry.actor.send(event);
      for (const actor of sessions.values()) actor.send(event);
    },
    running: () => [
      ...[...visits.values()].map((entry) => ({ name: entry.name, actor: entry.actor })),
      ...[...sessions.entries()].map(([name, actor]) => ({ name, actor })),
    ],
    stop() {
      generation += 1;
      for (const entry of [...visits.values()]) stopVisit(entry);
      stopSessions();
      listeners.clear();
    },
  };
}

/** A promise already fulfilled with `value`, marked so that React's `use` returns it at once. */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}
