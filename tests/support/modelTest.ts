/**
 * Model-based testing for XState v5 machines that use `invoke` and `after`, built on `xstate/graph`.
 *
 * `createTestModel` from `xstate/graph` refuses machines with `invoke` or `after`, so this helper builds
 * `new TestModel(machine, options)` itself and adds what our machines need:
 *
 * - **Fixtures per event type.** `events(snapshot)` offers, for every event type the snapshot accepts
 *   (`__unsafe_getAllOwnEventDescriptors`, plus inert transitions such as "ignored while the dialog shows"),
 *   the events of the caller's fixture table. Several variants per type cover guarded branches. A type with no
 *   fixture is an error naming the type, unless listed in `ignoreEvents`. Delayed events (`xstate.after.*`)
 *   need no fixture; `xstate.done.actor.<id>` / `xstate.error.actor.<id>` do (they carry output / error).
 * - **Transition-aware state keys.** A state is serialized as its value plus the transition definitions
 *   that led to it and the value it came from (stack notes §3), so transitions back into visited states,
 *   self-transitions and each guarded branch all get a path. Context is left out of the key by default
 *   (it would make the graph infinite for time-stamped contexts); `serializeContext` opts in.
 * - **Replayed paths.** Every generated path is replayed from the initial snapshot with the pure machine,
 *   re-materializing each fixture variant from the snapshot it is applied to, so expected states are exact.
 *   The replay also simulates the scheduler, so each delayed step knows how much time must pass.
 * - **Real actor runs.** `runPath` runs a path against a real actor (built by the caller, normally
 *   `createActor(machine.provide(fakes))`) under vitest fake timers: plain events are sent, delayed events
 *   advance fake time by exactly the model's delay (checking nothing happens 1 ms earlier), done/error
 *   events settle a controllable promise actor. After every step the real state value must equal the model's.
 * - **Coverage.** Every state node and every transition definition of the machine (event, `after`,
 *   invoke `onDone`/`onError`, `always`, guarded branches separately) must be exercised by a path;
 *   `assertFullCoverage()` lists what is not.
 * - **Pinned journeys.** `pathFromEvents(name, events)` replays a hand-written scenario (events, functions of
 *   the snapshot, or `'after:<delay>'`) into a path that `runPath` runs the same way.
 *
 * @example
 * const model = createModelTest(machine, {
 *   input: { now: T0 },
 *   events: { 'user.save': () => [{ type: 'user.save' }], 'xstate.done.actor.saveUser': () => [{ type: 'xstate.done.actor.saveUser', output: { ok: true } }] },
 * });
 * model.assertFullCoverage();
 * for (const path of model.paths) {
 *   it(path.description, () => model.runPath(path, {
 *     createActor: ({ promises }) => createActor(machine.provide({ actors: { saveUser: promises.logic() } }), { input: { now: T0 } }),
 *   }));
 * }
 */
import { isDeepStrictEqual } from 'node:util';
import { vi } from 'vitest';
import { pathId } from './pathId.ts';
import {
  __unsafe_getAllOwnEventDescriptors,
  createEmptyActor,
  fromPromise,
  type ActorLogic,
  type AnyEventObject,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type ExecutableActionObject,
  type InputFrom,
  type PromiseActorLogic,
  type SnapshotFrom,
} from 'xstate';
import { TestModel, getStateNodes, type StatePath, type TestParam, type TestPath } from 'xstate/graph';

// ─── Public types ────────────────────────────────────────────────────────────────────────────────

/** Concrete events of one type to try in a given snapshot (several variants cover guarded branches). */
export type EventFixture<TSnapshot, TEvent extends EventObject> = (snapshot: TSnapshot) => readonly TEvent[];

/**
 * Fixture table: one entry per event type of the machine (required, so a new event type is a compile
 * error here), plus optional entries for internal events (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`, or an `xstate.after.*` type to override the default `[{ type }]`).
 */
export type EventFixtures<TMachine extends AnyStateMachine> = {
  [K in EventFromLogic<TMachine>['type']]: EventFixture<SnapshotFrom<TMachine>, Extract<EventFromLogic<TMachine>, { type: K }>>;
} & {
  [K in `xstate.${string}`]?: EventFixture<SnapshotFrom<TMachine>, EventObject>;
};

export interface ModelTestOptions<
  TMachine extends AnyStateMachine,
  TFixtures extends EventFixtures<TMachine> = EventFixtures<TMachine>,
> {
  /** Fixture table keyed by event type (see {@link EventFixtures}). */
  events: TFixtures;
  /** Input for the model's initial snapshot (give the real actor the same input). */
  input?: InputFrom<TMachine>;
  /** Event types that may be accepted but must never be generated (no fixture needed). */
  ignoreEvents?: readonly string[];
  /**
   * `shortest` (default): one shortest path per reachable state key (every reachable transition gets one).
   * `simple`: every cycle-free path; only for small machines, it grows exponentially (the inactivity model,
   * 30 keys with 5 tick and 4 activity variants, did not finish in 2 minutes). Pin longer scenarios with
   * `pathFromEvents` instead.
   */
  pathGenerator?: 'shortest' | 'simple';
  /** Part of the context that distinguishes states (default: none; keep it finite). */
  serializeContext?: (context: SnapshotFrom<TMachine>['context']) => unknown;
  /** How an event reads in path descriptions (default: `type {payload}`; delayed events as `after <delay> (+ms)`). */
  describeEvent?: (event: EventObject) => string | undefined;
  /**
   * Which kind of visit this model is, when a machine has several (one per input, say `optedOut`): part of
   * every path's id, so two models of one machine never share an id.
   */
  name?: string;
}

export interface ModelStep<TMachine extends AnyStateMachine> {
  /** The concrete event of this step (`xstate.init` for the first step). */
  event: EventObject;
  /** The model snapshot after the event. */
  state: SnapshotFrom<TMachine>;
  /** Labels of the transition definitions taken (including eventless ones), e.g. `active —[clock.tick]→ active`. */
  transitions: string[];
  /** State nodes active at any microstep of this step, including transient ones left at once by `always`. */
  statesVisited: string[];
  /** Fake time that must pass for this step (only delayed events have one). */
  advanceMs: number;
  /** Model time after the step, in ms since the actor started. */
  atMs: number;
}

export interface ModelPath<TMachine extends AnyStateMachine> {
  /**
   * Stable id, `<machine id>-<8 hex>`: a hash of the model's name and the path's events as fixture variants
   * (type and variant), never its position, so adding a path or a variant leaves the others' ids alone.
   * What QA's path list (`npm run paths`), the test names and the JUnit report call the path.
   */
  id: string;
  /** Readable, starting with the id, e.g. `inactivity-3fa9c1 "warning" ← clock.tick {"now":…} → after untilLogout (+300000 ms)`. */
  description: string;
  steps: ModelStep<TMachine>[];
  /** The final model snapshot. */
  state: SnapshotFrom<TMachine>;
  /**
   * The path as `xstate/graph` generated it (event payloads from the graph's own representatives);
   * absent for paths made with `pathFromEvents`.
   */
  graphPath?: TestPath<SnapshotFrom<TMachine>, EventObject>;
}

/**
 * One event of a hand-written journey: a concrete event, a function of the snapshot it applies to
 * (times relative to context), or `'after:<delay>'` for the named delayed transition of the current state.
 */
export type JourneyEvent<TMachine extends AnyStateMachine> =
  | EventFromLogic<TMachine>
  | AnyEventObject
  | ((snapshot: SnapshotFrom<TMachine>) => EventObject)
  | `after:${string}`;

/** The minimum a real actor must offer; `createActor(machine.provide(...))` fits. */
export interface RunnableActor {
  start(): unknown;
  stop(): unknown;
  send(event: EventObject): void;
  getSnapshot(): AnyMachineSnapshot;
}

export interface StepContext<TMachine extends AnyStateMachine> {
  actor: RunnableActor;
  path: ModelPath<TMachine>;
  step: ModelStep<TMachine>;
  index: number;
  /** Controls for the fake promise actors made with `promises.logic()`. */
  promises: PromiseControls;
  /** Advance fake time (and flush promise callbacks). */
  advanceTime: (ms: number) => Promise<void>;
}

export type StepExecutor<TMachine extends AnyStateMachine> = (ctx: StepContext<TMachine>) => void | Promise<void>;

export interface RunPathOptions<TMachine extends AnyStateMachine> {
  /**
   * Builds the real actor (do not start it; the helper does, under fake timers). Receives a fresh
   * `promises` controller per run: provide `promises.logic()` for every invoked promise actor whose
   * done/error events appear in paths.
   */
  createActor: (tools: { promises: PromiseControls }) => RunnableActor;
  /** Override how an event type is delivered (default: send it; delayed: advance time; done/error: settle the promise). */
  executors?: Partial<Record<string, StepExecutor<TMachine>>>;
  beforeStep?: StepExecutor<TMachine>;
  /** Extra checks after each step (selectors, fake call counts, ...). */
  afterStep?: StepExecutor<TMachine>;
  /** Also compare context: `true` for deep equality, or a custom assertion. Default: value (and status) only. */
  assertContext?: boolean | ((actual: unknown, expected: unknown, ctx: StepContext<TMachine>) => void);
  /** Check that a delayed event has not fired 1 ms before its time (default true). */
  strictTiming?: boolean;
}

export interface CoverageReport {
  states: { covered: string[]; uncovered: string[] };
  transitions: { covered: string[]; uncovered: string[] };
}

export interface ModelTest<TMachine extends AnyStateMachine> {
  readonly machine: TMachine;
  /** The kind of visit (`name` option), or null for a machine's only model. */
  readonly name: string | null;
  /** The input of the initial snapshot. */
  readonly input: InputFrom<TMachine> | undefined;
  readonly testModel: TestModel<SnapshotFrom<TMachine>, EventObject, InputFrom<TMachine>>;
  /** Generated, replayed, realisable paths. */
  readonly paths: ModelPath<TMachine>[];
  /** Paths dropped because a delayed event could not fire first in reality (another timer is due earlier). */
  readonly unrealisablePaths: { description: string; reason: string }[];
  /** All transition labels of the machine (what coverage counts). */
  readonly transitionLabels: string[];
  /** All state node ids of the machine (what coverage counts). */
  readonly stateIds: string[];
  /**
   * A hand-written journey (pinned scenario) replayed like a generated path, ready for `runPath`. Throws if a
   * delayed event in it could not fire at that point. Journeys do not count towards `coverage()`.
   */
  pathFromEvents(name: string, events: ReadonlyArray<JourneyEvent<TMachine>>): ModelPath<TMachine>;
  runPath(path: ModelPath<TMachine>, options: RunPathOptions<TMachine>): Promise<void>;
  coverage(): CoverageReport;
  /** Throws listing every state and transition no path exercises (except those listed in `except`). */
  assertFullCoverage(options?: { except?: readonly string[] }): void;
}

// ─── Controllable promise actors ─────────────────────────────────────────────────────────────────

/** A promise with its resolve/reject exposed. */
export interface ControllablePromise<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function controllablePromise<T>(): ControllablePromise<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface PromiseControls {
  /**
   * A fake promise actor logic whose promise stays pending until `resolve(id)` / `reject(id)`. The `any`
   * defaults let `promises.logic()` stand in for any declared actor in `machine.provide({ actors })`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  logic<TOutput = any, TInput = any>(): PromiseActorLogic<TOutput, TInput>;
  /** Resolve the pending promise of the invoked child with this id (the invoke `id`). */
  resolve(id: string, output: unknown): void;
  reject(id: string, error: unknown): void;
  isPending(id: string): boolean;
  /** The last input each child id was started with. */
  readonly inputs: Readonly<Record<string, unknown>>;
  /** How many times a child with this id was started. */
  starts(id: string): number;
}

/** Controls for fake promise actors, keyed by the invoked child's id. */
export function controllablePromises(): PromiseControls {
  const pending = new Map<string, ControllablePromise<unknown>>();
  const inputs: Record<string, unknown> = {};
  const startCounts = new Map<string, number>();
  const settle = (id: string, how: 'resolve' | 'reject', value: unknown): void => {
    const deferred = pending.get(id);
    if (!deferred) {
      const known = [...pending.keys()];
      throw new Error(
        `No pending promise actor "${id}" to ${how}. Is the invoke id right, and does createActor provide promises.logic() ` +
          `for its src? Pending: ${known.length ? known.join(', ') : 'none'}.`,
      );
    }
    pending.delete(id);
    if (how === 'resolve') deferred.resolve(value);
    else deferred.reject(value);
  };
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    logic<TOutput = any, TInput = any>(): PromiseActorLogic<TOutput, TInput> {
      return fromPromise<TOutput, TInput>(({ input, self }) => {
        const deferred = controllablePromise<TOutput>();
        pending.set(self.id, deferred as ControllablePromise<unknown>);
        inputs[self.id] = input;
        startCounts.set(self.id, (startCounts.get(self.id) ?? 0) + 1);
        return deferred.promise;
      });
    },
    resolve: (id, output) => settle(id, 'resolve', output),
    reject: (id, error) => settle(id, 'reject', error),
    isPending: (id) => pending.has(id),
    inputs,
    starts: (id) => startCounts.get(id) ?? 0,
  };
}

// ─── Internals: probing the pure machine ─────────────────────────────────────────────────────────

interface ProbeResult {
  snapshot: AnyMachineSnapshot;
  transitions: AnyTransitionDefinition[];
  /** State nodes active in any microstep (transient states left by `always` included). */
  nodes: Set<AnyStateNode>;
  actions: ExecutableActionObject[];
}

/**
 * Runs the pure machine with an actor scope that records the transition definitions of every microstep
 * (via the `@xstate.microstep` inspection event) and the executable actions (not executed). A fresh scope
 * per call keeps children with a `systemId` from colliding.
 */
function probe(run: (scope: AnyActorScope) => AnyMachineSnapshot): ProbeResult {
  const self = createEmptyActor();
  const transitions: AnyTransitionDefinition[] = [];
  const actions: ExecutableActionObject[] = [];
  const nodes = new Set<AnyStateNode>();
  self.system.inspect((event) => {
    if (event.type !== '@xstate.microstep') return;
    transitions.push(...event._transitions);
    for (const node of (event.snapshot as AnyMachineSnapshot)._nodes) if (node.parent) nodes.add(node);
  });
  const scope: AnyActorScope = {
    self,
    id: 'model-probe',
    sessionId: 'model-probe',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: (action) => {
      actions.push(action);
    },
  };
  const snapshot = run(scope);
  for (const node of snapshot._nodes) if (node.parent) nodes.add(node);
  return { snapshot, transitions, actions, nodes };
}

/**
 * The machine as xstate/graph's traversal should see it. That traversal runs every transition in
 * ONE mock actor scope whose system never unregisters stopped children, so entering a state that
 * invokes a child with a `systemId` a second time would throw "Actor with system ID … already
 * exists". Each transition runs in a fresh scope instead; config, implementations and snapshots are
 * the machine's own.
 */
function withFreshScopes<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  return new Proxy(machine, {
    get(target, prop) {
      if (prop === 'transition') {
        return (snapshot: AnyMachineSnapshot, event: EventObject) => probe((scope) => target.transition(snapshot as never, event as never, scope)).snapshot;
      }
      return Reflect.get(target, prop, target);
    },
  });
}

const AFTER_PREFIX = 'xstate.after.';
const DONE_ACTOR_PREFIX = 'xstate.done.actor.';
const ERROR_ACTOR_PREFIX = 'xstate.error.actor.';
const DONE_STATE_PREFIX = 'xstate.done.state.';

function nodeName(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : `(${node.machine.id})`;
}

function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith(AFTER_PREFIX)) {
    const delay = eventType.slice(AFTER_PREFIX.length).split('.')[0];
    return `after ${delay}`;
  }
  return eventType;
}

function guardLabel(guard: AnyTransitionDefinition['guard']): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return ` if ${guard}`;
  if (typeof guard === 'function') return ` if ${guard.name || 'inline guard'}`;
  return ` if ${String((guard as { type?: unknown }).type ?? 'guard')}`;
}

function transitionLabel(def: AnyTransitionDefinition): string {
  const targets = def.target?.length ? def.target.map(nodeName).join(', ') : '(no target)';
  return `${nodeName(def.source)} —[${eventLabel(def.eventType)}${guardLabel(def.guard)}]→ ${targets}${def.reenter ? ' (re-enter)' : ''}`;
}

function formatValue(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? `"${snapshot.value}"` : JSON.stringify(snapshot.value);
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function defaultDescribeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const json = JSON.stringify(payload, (_key, value: unknown) =>
    value instanceof Error ? `${value.name}: ${value.message}` : value,
  );
  const body = Object.keys(payload).length ? ` ${truncate(json, 80)}` : '';
  return `${type}${body}`;
}

const flushMicrotasks = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

// ─── createModelTest ─────────────────────────────────────────────────────────────────────────────

// `const TFixtures` keeps literal event types in inline fixtures such as `() => [{ type: 'go' }]`: without it,
// TypeScript types those parameterless arrows before TMachine is fixed and widens `type` to string.
export function createModelTest<
  TMachine extends AnyStateMachine,
  const TFixtures extends EventFixtures<TMachine> = EventFixtures<TMachine>,
>(machine: TMachine, options: ModelTestOptions<TMachine, TFixtures>): ModelTest<TMachine> {
  type Snap = SnapshotFrom<TMachine>;
  const fixtures = options.events as unknown as Record<string, EventFixture<AnyMachineSnapshot, EventObject> | undefined>;
  const ignored = new Set(options.ignoreEvents ?? []);

  // Every state node and transition definition of the machine: what coverage counts.
  const allNodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  const stateIds = allNodes.filter((n) => n !== machine.root && n.type !== 'history').map(nodeName);
  const labels = new Map<AnyTransitionDefinition, string>();
  const seenLabels = new Map<string, number>();
  for (const node of allNodes) {
    const defs = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const def of defs) {
      let label = transitionLabel(def);
      const n = (seenLabels.get(label) ?? 0) + 1;
      seenLabels.set(label, n);
      if (n > 1) label = `${label} #${n}`;
      labels.set(def, label);
    }
  }
  const labelOf = (def: AnyTransitionDefinition): string => labels.get(def) ?? transitionLabel(def);

  const valueKey = (snapshot: AnyMachineSnapshot): string => {
    const status = snapshot.status === 'active' ? '' : ` [${snapshot.status}]`;
    const ctx = options.serializeContext ? ` ${JSON.stringify(options.serializeContext(snapshot.context))}` : '';
    return `${JSON.stringify(snapshot.value)}${status}${ctx}`;
  };

  // Which fixture (type, variant) produced an event, so a replay can rebuild it from its own snapshot.
  const eventOrigin = new WeakMap<EventObject, { type: string; index: number }>();

  const acceptedTypes = (snapshot: AnyMachineSnapshot): string[] => {
    // `__unsafe_getAllOwnEventDescriptors` leaves out inert transitions (no target, no actions); we add them
    // back so "this event is ignored here" is generated, run and counted like any other transition.
    const own: string[] = __unsafe_getAllOwnEventDescriptors(snapshot);
    const inert = snapshot._nodes.flatMap((node: AnyStateNode) => [...node.transitions.keys()]);
    return [...new Set([...own, ...inert])];
  };

  const eventsFor = (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const result: EventObject[] = [];
    for (const type of acceptedTypes(snapshot)) {
      if (ignored.has(type) || type.startsWith(DONE_STATE_PREFIX)) continue;
      const fixture = fixtures[type];
      if (!fixture) {
        if (type.startsWith(AFTER_PREFIX)) {
          const event = { type };
          eventOrigin.set(event, { type, index: 0 });
          result.push(event);
          continue;
        }
        throw new Error(
          `createModelTest(${machine.id}): no fixture for event type "${type}", which state ${formatValue(snapshot)} accepts. ` +
            `Add events["${type}"] (return [] to never send it) or list it in ignoreEvents.`,
        );
      }
      fixture(snapshot).forEach((event, index) => {
        if (event.type !== type && !type.endsWith('*')) {
          throw new Error(`createModelTest(${machine.id}): fixture events["${type}"] returned an event of type "${event.type}".`);
        }
        const copy = { ...event };
        eventOrigin.set(copy, { type, index });
        result.push(copy);
      });
    }
    return result;
  };

  // Transition-aware keys, memoized on (next snapshot, event) so a key is computed once, from the exact
  // predecessor the graph traversal used (xstate/graph later calls serializeState with other representatives).
  const keyMemo = new WeakMap<object, WeakMap<object, string>>();
  const serializeState = (snapshot: Snap, event: EventObject | undefined, prev?: Snap): string => {
    const base = valueKey(snapshot);
    if (!event || event.type === 'xstate.init') return base;
    const cached = keyMemo.get(snapshot)?.get(event);
    if (cached !== undefined) return cached;
    if (!prev) return `${base} via ${event.type}`;
    const { transitions } = probe((scope) => machine.transition(prev, event, scope));
    const via = transitions.length ? transitions.map(labelOf).join(' + ') : `(ignored ${event.type})`;
    const key = `${base} via ${via} from ${valueKey(prev)}`;
    let byEvent = keyMemo.get(snapshot);
    if (!byEvent) {
      byEvent = new WeakMap();
      keyMemo.set(snapshot, byEvent);
    }
    byEvent.set(event, key);
    return key;
  };

  const logic = withFreshScopes(machine) as unknown as ActorLogic<Snap, EventObject, InputFrom<TMachine>>;
  const testModel = new TestModel<Snap, EventObject, InputFrom<TMachine>>(logic, {
    events: (snapshot: Snap) => eventsFor(snapshot),
    serializeState,
    ...(options.input === undefined ? {} : { input: options.input }),
  });

  const graphPaths =
    options.pathGenerator === 'simple' ? testModel.getSimplePaths() : testModel.getShortestPaths();

  const describeEvent = (event: EventObject, advanceMs: number): string => {
    const custom = options.describeEvent?.(event);
    if (custom !== undefined) return custom;
    if (event.type.startsWith(AFTER_PREFIX)) return `${eventLabel(event.type)} (+${advanceMs} ms)`;
    return defaultDescribeEvent(event);
  };

  interface Pending {
    event: EventObject;
    dueAt: number;
    order: number;
  }

  /**
   * Replays events with the pure machine from the initial snapshot; each producer builds its event from the
   * snapshot it applies to. Returns the exact steps, or why reality cannot follow them.
   */
  const replay = (
    producers: ReadonlyArray<(snapshot: AnyMachineSnapshot) => EventObject>,
  ): { steps: ModelStep<TMachine>[] } | { reason: string } => {
    const pending = new Map<string, Pending>();
    let order = 0;
    let clock = 0;
    const schedule = (actions: ExecutableActionObject[]): void => {
      for (const action of actions) {
        const params = action.params as Record<string, unknown> | undefined;
        if (action.type === 'xstate.raise' && typeof params?.delay === 'number') {
          const event = params.event as EventObject;
          const id = typeof params.id === 'string' ? params.id : `${event.type}#${order}`;
          pending.set(id, { event, dueAt: clock + params.delay, order: order++ });
        } else if (action.type === 'xstate.cancel' && typeof params?.sendId === 'string') {
          pending.delete(params.sendId);
        }
      }
    };

    const init = probe((scope) => machine.getInitialSnapshot(scope, options.input));
    schedule(init.actions);
    let snapshot = init.snapshot;
    const steps: ModelStep<TMachine>[] = [
      {
        event: { type: 'xstate.init' },
        state: snapshot as Snap,
        transitions: init.transitions.map(labelOf),
        // A transient initial state left at once by `always` is only seen as the source of that transition.
        statesVisited: [...new Set([...init.nodes, ...init.transitions.map((t) => t.source).filter((n) => n.parent)])].map(nodeName),
        advanceMs: 0,
        atMs: 0,
      },
    ];

    for (const produce of producers) {
      const event = produce(snapshot);
      let advanceMs = 0;
      if (event.type.startsWith(AFTER_PREFIX)) {
        const entry = [...pending.entries()].find(([, p]) => p.event.type === event.type);
        if (!entry) return { reason: `${eventLabel(event.type)} is not scheduled at this point` };
        const [id, due] = entry;
        const earlier = [...pending.values()].find(
          (p) => p !== due && (p.dueAt < due.dueAt || (p.dueAt === due.dueAt && p.order < due.order)),
        );
        if (earlier) {
          return { reason: `${eventLabel(event.type)} cannot fire before ${eventLabel(earlier.event.type)}, which is due first` };
        }
        pending.delete(id);
        advanceMs = due.dueAt - clock;
        clock = due.dueAt;
      }
      const current = snapshot;
      const result = probe((scope) => machine.transition(current, event, scope));
      schedule(result.actions);
      snapshot = result.snapshot;
      steps.push({
        event,
        state: snapshot as Snap,
        transitions: result.transitions.map(labelOf),
        statesVisited: [...result.nodes].map(nodeName),
        advanceMs,
        atMs: clock,
      });
    }
    return { steps };
  };

  const paths: ModelPath<TMachine>[] = [];
  const unrealisablePaths: { description: string; reason: string }[] = [];
  const seenDescriptions = new Set<string>();
  /** A graph step's event, rebuilt from the fixture variant that made it, applied to the replayed snapshot. */
  const rematerialize =
    (graphEvent: EventObject) =>
    (snapshot: AnyMachineSnapshot): EventObject => {
      const origin = eventOrigin.get(graphEvent);
      const fixture = origin ? fixtures[origin.type] : undefined;
      const again = origin && fixture ? fixture(snapshot)[origin.index] : undefined;
      return again && again.type === graphEvent.type ? { ...again } : graphEvent;
    };

  const describePath = (steps: ModelStep<TMachine>[]): string => {
    const last = steps[steps.length - 1]!;
    const trail = steps.slice(1).map((s) => describeEvent(s.event, s.advanceMs));
    return `${formatValue(last.state)} ← ${trail.length ? trail.join(' → ') : 'start'}`;
  };

  /** What a path is made of, for its id: each step's fixture variant (`type#variant`), never its payload or position. */
  const contentOf = (graphPath: TestPath<Snap, EventObject>): string[] =>
    graphPath.steps.slice(1).map((step) => {
      const origin = eventOrigin.get(step.event);
      return origin ? `${origin.type}#${origin.index}` : step.event.type;
    });
  const seenIds = new Map<string, string>();

  for (const graphPath of graphPaths) {
    const replayed = replay(graphPath.steps.slice(1).map((step) => rematerialize(step.event)));
    if ('reason' in replayed) {
      unrealisablePaths.push({ description: graphPath.description, reason: replayed.reason });
      continue;
    }
    const { steps } = replayed;
    const body = describePath(steps);
    if (seenDescriptions.has(body)) continue;
    seenDescriptions.add(body);
    const id = pathId(machine.id, [options.name ?? '', ...contentOf(graphPath)]);
    const clash = seenIds.get(id);
    if (clash !== undefined) throw new Error(`createModelTest(${machine.id}): paths "${clash}" and "${body}" hash to the same id ${id}.`);
    seenIds.set(id, body);
    paths.push({ id, description: `${id} ${body}`, steps, state: steps[steps.length - 1]!.state, graphPath });
  }

  const coverage = (): CoverageReport => {
    const coveredStates = new Set<string>();
    const coveredTransitions = new Set<string>();
    for (const path of paths) {
      for (const step of path.steps) {
        for (const id of step.statesVisited) coveredStates.add(id);
        for (const label of step.transitions) coveredTransitions.add(label);
      }
    }
    const allTransitions = [...labels.values()];
    return {
      states: {
        covered: stateIds.filter((id) => coveredStates.has(id)),
        uncovered: stateIds.filter((id) => !coveredStates.has(id)),
      },
      transitions: {
        covered: allTransitions.filter((l) => coveredTransitions.has(l)),
        uncovered: allTransitions.filter((l) => !coveredTransitions.has(l)),
      },
    };
  };

  const assertFullCoverage = (assertOptions?: { except?: readonly string[] }): void => {
    const except = new Set(assertOptions?.except ?? []);
    const report = coverage();
    const states = report.states.uncovered.filter((s) => !except.has(s));
    const transitions = report.transitions.uncovered.filter((t) => !except.has(t));
    if (!states.length && !transitions.length) return;
    const lines = [`Model of "${machine.id}" does not cover everything (${paths.length} paths):`];
    if (states.length) lines.push(`  uncovered states:`, ...states.map((s) => `    - ${s}`));
    if (transitions.length) lines.push(`  uncovered transitions:`, ...transitions.map((t) => `    - ${t}`));
    if (unrealisablePaths.length) {
      lines.push(`  dropped unrealisable paths:`, ...unrealisablePaths.map((p) => `    - ${p.reason}`));
    }
    lines.push(`  Add fixture variants that reach them, or pass them in except if they are dead on purpose.`);
    throw new Error(lines.join('\n'));
  };

  const runPath = async (path: ModelPath<TMachine>, run: RunPathOptions<TMachine>): Promise<void> => {
    const ownTimers = !vi.isFakeTimers();
    if (ownTimers) vi.useFakeTimers();
    const promises = controllablePromises();
    const strictTiming = run.strictTiming ?? true;
    let actor: RunnableActor | undefined;
    const advanceTime = async (ms: number): Promise<void> => {
      await vi.advanceTimersByTimeAsync(ms);
      await flushMicrotasks();
    };
    const indexOf = new Map<object, number>(path.steps.map((step, i) => [step, i]));
    const contextFor = (step: ModelStep<TMachine>): StepContext<TMachine> => {
      if (!actor) throw new Error('runPath: the actor is not created yet');
      return { actor, path, step, index: indexOf.get(step) ?? -1, promises, advanceTime };
    };
    const stepName = (ctx: StepContext<TMachine>): string =>
      `step ${ctx.index} (${ctx.index === 0 ? 'start' : describeEvent(ctx.step.event, ctx.step.advanceMs)})`;

    const deliver = async (ctx: StepContext<TMachine>): Promise<void> => {
      const { event } = ctx.step;
      const custom = run.executors?.[event.type];
      if (custom) {
        await custom(ctx);
      } else if (event.type === 'xstate.init') {
        ctx.actor.start();
      } else if (event.type.startsWith(AFTER_PREFIX)) {
        const ms = ctx.step.advanceMs;
        if (strictTiming && ms > 0) {
          await advanceTime(ms - 1);
          const before = path.steps[ctx.index - 1]!.state as AnyMachineSnapshot;
          const actual = ctx.actor.getSnapshot();
          if (!isDeepStrictEqual(actual.value, before.value)) {
            throw new Error(
              `${stepName(ctx)}: the real actor left ${formatValue(before)} for ${formatValue(actual)} before ${ms} ms had passed`,
            );
          }
          await advanceTime(1);
        } else {
          await advanceTime(ms);
        }
      } else if (event.type.startsWith(DONE_ACTOR_PREFIX)) {
        ctx.promises.resolve(event.type.slice(DONE_ACTOR_PREFIX.length), (event as EventObject & { output?: unknown }).output);
      } else if (event.type.startsWith(ERROR_ACTOR_PREFIX)) {
        ctx.promises.reject(event.type.slice(ERROR_ACTOR_PREFIX.length), (event as EventObject & { error?: unknown }).error);
      } else {
        ctx.actor.send(event);
      }
      await flushMicrotasks();
    };

    const check = async (ctx: StepContext<TMachine>): Promise<void> => {
      const expected = ctx.step.state as AnyMachineSnapshot;
      const actual = ctx.actor.getSnapshot();
      if (!isDeepStrictEqual(actual.value, expected.value) || actual.status !== expected.status) {
        throw new Error(
          `${stepName(ctx)}: expected the real actor in ${formatValue(expected)} (${expected.status}) but it is in ` +
            `${formatValue(actual)} (${actual.status})${actual.error ? `, error: ${String(actual.error)}` : ''}`,
        );
      }
      if (typeof run.assertContext === 'function') {
        run.assertContext(actual.context, expected.context, ctx);
      } else if (run.assertContext && !isDeepStrictEqual(actual.context, expected.context)) {
        throw new Error(
          `${stepName(ctx)}: context differs\n  expected ${JSON.stringify(expected.context)}\n  actual   ${JSON.stringify(actual.context)}`,
        );
      }
      await run.afterStep?.(ctx);
    };

    // Drive the run through xstate/graph's TestModel.testPath, which appends the path trace to failures.
    let current: ModelStep<TMachine> | undefined;
    const executors: Record<string, (step: ModelStep<TMachine>) => Promise<void>> = {};
    for (const step of path.steps) {
      executors[step.event.type] = async (s) => {
        const ctx = contextFor(s);
        await run.beforeStep?.(ctx);
        await deliver(ctx);
        current = s;
      };
    }
    const params = {
      events: executors,
      states: {
        '*': async () => {
          if (!current) throw new Error('runPath: state check before any step');
          await check(contextFor(current));
        },
      },
    } as unknown as TestParam<Snap, EventObject>;
    const statePath: StatePath<Snap, EventObject> = {
      state: path.state,
      steps: path.steps.map((s) => s as unknown as { event: EventObject; state: Snap }),
      weight: path.steps.length,
    };

    try {
      actor = run.createActor({ promises });
      await testModel.testPath(statePath, params);
    } finally {
      actor?.stop();
      if (ownTimers) vi.useRealTimers();
    }
  };

  const pathFromEvents = (
    name: string,
    events: ReadonlyArray<JourneyEvent<TMachine>>,
  ): ModelPath<TMachine> => {
    type Item = EventObject | ((snapshot: AnyMachineSnapshot) => EventObject) | `after:${string}`;
    const producers = (events as ReadonlyArray<Item>).map((item) => (snapshot: AnyMachineSnapshot): EventObject => {
      if (typeof item === 'function') return item(snapshot);
      if (typeof item !== 'string') return item;
      const delay = item.slice('after:'.length);
      const type = acceptedTypes(snapshot).find((t) => t.startsWith(`${AFTER_PREFIX}${delay}.`));
      if (!type) throw new Error(`pathFromEvents("${name}"): state ${formatValue(snapshot)} has no delay "${delay}"`);
      return { type };
    });
    const replayed = replay(producers);
    if ('reason' in replayed) throw new Error(`pathFromEvents("${name}"): not realisable: ${replayed.reason}`);
    const { steps } = replayed;
    const id = pathId(machine.id, [options.name ?? '', `journey: ${name}`]);
    return { id, description: `${name}: ${describePath(steps)}`, steps, state: steps[steps.length - 1]!.state };
  };

  return {
    machine,
    name: options.name ?? null,
    input: options.input,
    testModel,
    paths,
    pathFromEvents,
    unrealisablePaths,
    transitionLabels: [...labels.values()],
    stateIds,
    runPath,
    coverage,
    assertFullCoverage,
  };
}
