import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { controllablePromises, createModelTest, type EventFixtures } from './modelTest.ts';

/**
 * A small fetcher: invoke (done and error), a named delay, a guard on the event, an eventless guarded
 * branch and an inert transition ("ignored while loading").
 */
const fetcher = setup({
  types: {
    context: {} as { attempts: number; data: string | null },
    events: {} as { type: 'load' } | { type: 'retry'; confirmed: boolean } | { type: 'cancel' },
  },
  actors: {
    fetchData: fromPromise<string, { attempt: number }>(async () => 'real data'),
  },
  guards: {
    isConfirmed: ({ event }) => event.type === 'retry' && event.confirmed,
    hasData: ({ context }) => context.data !== null && context.data !== '',
  },
  delays: { resetDelay: 2000 },
}).createMachine({
  id: 'fetcher',
  initial: 'idle',
  context: { attempts: 0, data: null },
  states: {
    idle: { description: 'Nothing loaded yet.', on: { load: 'loading' } },
    loading: {
      description: 'Fetching.',
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: {
        id: 'fetchData',
        src: 'fetchData',
        input: ({ context }) => ({ attempt: context.attempts }),
        onDone: { target: 'checking', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'failure',
      },
      on: { cancel: { description: 'Ignored: a fetch cannot be cancelled.' } },
    },
    checking: {
      description: 'Decides whether the data is usable.',
      always: [{ guard: 'hasData', target: 'success' }, { target: 'failure' }],
    },
    success: { description: 'Shows the data, then resets.', after: { resetDelay: 'idle' } },
    failure: {
      description: 'Offers a retry.',
      on: { retry: { guard: 'isConfirmed', target: 'loading' }, cancel: 'idle' },
    },
  },
});

const fixtures = {
  load: () => [{ type: 'load' }],
  retry: () => [
    { type: 'retry', confirmed: true },
    { type: 'retry', confirmed: false },
  ],
  cancel: () => [{ type: 'cancel' }],
  'xstate.done.actor.fetchData': () => [
    { type: 'xstate.done.actor.fetchData', output: 'some data' },
    { type: 'xstate.done.actor.fetchData', output: '' },
  ],
  'xstate.error.actor.fetchData': () => [{ type: 'xstate.error.actor.fetchData', error: new Error('offline') }],
} satisfies EventFixtures<typeof fetcher>;

const realActor =
  (machine: typeof fetcher) =>
  ({ promises }: { promises: ReturnType<typeof controllablePromises> }) =>
    createActor(machine.provide({ actors: { fetchData: promises.logic() } }));

describe('createModelTest: a machine with invoke, after, guards and always', () => {
  const model = createModelTest(fetcher, { events: fixtures });

  it('covers every state and transition', () => {
    expect(() => model.assertFullCoverage()).not.toThrow();
    const report = model.coverage();
    expect(report.states.uncovered).toEqual([]);
    expect(report.states.covered).toEqual(['idle', 'loading', 'checking', 'success', 'failure']);
    expect(report.transitions.covered).toEqual(
      expect.arrayContaining([
        'loading —[xstate.done.actor.fetchData]→ checking',
        'loading —[xstate.error.actor.fetchData]→ failure',
        'loading —[cancel]→ (no target)',
        'success —[after resetDelay]→ idle',
        'checking —[always if hasData]→ success',
        'checking —[always]→ failure',
        'failure —[retry if isConfirmed]→ loading',
      ]),
    );
    expect(report.transitions.uncovered).toEqual([]);
  });

  it('gives every path a readable description and the delay its step needs', () => {
    expect(model.paths.length).toBeGreaterThan(3);
    const viaReset = model.paths.find((p) => p.steps.some((s) => s.event.type.startsWith('xstate.after.')));
    expect(viaReset?.description).toMatch(/after resetDelay \(\+2000 ms\)/);
    expect(viaReset?.steps.at(-1)?.advanceMs).toBe(2000);
    expect(model.unrealisablePaths).toEqual([]);
  });

  for (const path of model.paths) {
    it(`runs against the real actor: ${path.description}`, async () => {
      await model.runPath(path, { createActor: realActor(fetcher), assertContext: true });
    });
  }
});

describe('createModelTest: simple paths', () => {
  const simple = createModelTest(fetcher, { events: fixtures, pathGenerator: 'simple' });
  const shortest = createModelTest(fetcher, { events: fixtures });

  it('generates at least as many paths as shortest, with the same coverage', () => {
    expect(simple.paths.length).toBeGreaterThanOrEqual(shortest.paths.length);
    expect(() => simple.assertFullCoverage()).not.toThrow();
  });

  for (const path of simple.paths) {
    it(`runs: ${path.description}`, async () => {
      await simple.runPath(path, { createActor: realActor(fetcher), assertContext: true });
    });
  }
});

describe('createModelTest: coverage gaps are reported by name', () => {
  it('names a guarded transition that no fixture satisfies', () => {
    const model = createModelTest(fetcher, {
      events: { ...fixtures, retry: () => [{ type: 'retry', confirmed: false }] },
    });
    expect(() => model.assertFullCoverage()).toThrow(/uncovered transitions:\n\s+- failure —\[retry if isConfirmed\]→ loading/);
    expect(model.coverage().states.uncovered).toEqual([]);
  });

  it('names an unreachable state and its transitions', () => {
    const withOrphan = setup({ types: { events: {} as { type: 'go' } | { type: 'back' } } }).createMachine({
      id: 'orphaned',
      initial: 'a',
      states: {
        a: { on: { go: 'b' } },
        b: { on: { go: 'a' } },
        orphan: { on: { back: 'a' } },
      },
    });
    const model = createModelTest(withOrphan, { events: { go: () => [{ type: 'go' }], back: () => [{ type: 'back' }] } });
    expect(model.coverage().states.uncovered).toEqual(['orphan']);
    expect(model.coverage().transitions.uncovered).toEqual(['orphan —[back]→ a']);
    expect(() => model.assertFullCoverage()).toThrow(/uncovered states:\n\s+- orphan[\s\S]*- orphan —\[back\]→ a/);
    expect(() => model.assertFullCoverage({ except: ['orphan', 'orphan —[back]→ a'] })).not.toThrow();
  });
});

describe('createModelTest: the real actor must behave like the model', () => {
  const model = createModelTest(fetcher, { events: fixtures });
  const delayedPaths = model.paths.filter((p) => p.steps.some((s) => s.event.type.startsWith('xstate.after.')));

  it('fails a path when the real delay is longer than the model says', async () => {
    expect(delayedPaths.length).toBeGreaterThan(0);
    for (const path of delayedPaths) {
      await expect(
        model.runPath(path, { createActor: realActor(fetcher.provide({ delays: { resetDelay: 5000 } })) }),
      ).rejects.toThrow(/expected the real actor in "idle" \(active\) but it is in "success"/);
    }
  });

  it('fails a path when the real delay fires early', async () => {
    const path = delayedPaths[0]!;
    await expect(
      model.runPath(path, { createActor: realActor(fetcher.provide({ delays: { resetDelay: 1000 } })) }),
    ).rejects.toThrow(/left "success" for "idle" before 2000 ms had passed/);
  });

  it('fails a path when a real guard disagrees with the model', async () => {
    const lenient = fetcher.provide({ guards: { isConfirmed: () => true } });
    const refused = model.paths.filter((p) =>
      p.steps.some((s) => s.event.type === 'retry' && !(s.event as unknown as { confirmed: boolean }).confirmed),
    );
    expect(refused.length).toBeGreaterThan(0);
    await expect(model.runPath(refused[0]!, { createActor: realActor(lenient) })).rejects.toThrow(
      /expected the real actor in "failure"/,
    );
  });

  it('passes the same paths with the model delay', async () => {
    for (const path of delayedPaths) {
      await model.runPath(path, { createActor: realActor(fetcher.provide({ delays: { resetDelay: 2000 } })) });
    }
  });
});

describe('createModelTest: run options', () => {
  const counter = setup({
    types: { context: {} as { count: number }, events: {} as { type: 'bump' } },
    actions: { bump: assign({ count: ({ context }) => context.count + 1 }) },
  }).createMachine({
    id: 'counter',
    context: { count: 0 },
    initial: 'counting',
    states: { counting: { on: { bump: { actions: 'bump' } } } },
  });
  const model = createModelTest(counter, { events: { bump: () => [{ type: 'bump' }] } });
  const path = model.paths.find((p) => p.steps.length > 1)!;

  it('compares context when asked', async () => {
    const wrong = counter.provide({ actions: { bump: assign({ count: ({ context }) => context.count + 2 }) } });
    await expect(model.runPath(path, { createActor: () => createActor(wrong), assertContext: true })).rejects.toThrow(
      /context differs\n\s+expected \{"count":1\}\n\s+actual\s+\{"count":2\}/,
    );
    await model.runPath(path, { createActor: () => createActor(wrong) }); // value only by default
  });

  it('lets a caller deliver an event type its own way and hook every step', async () => {
    const seen: string[] = [];
    await model.runPath(path, {
      createActor: () => createActor(counter),
      executors: { bump: ({ actor }) => actor.send({ type: 'bump' }) },
      beforeStep: ({ index, step }) => void seen.push(`before ${index} ${step.event.type}`),
      afterStep: ({ index, actor }) => void seen.push(`after ${index} ${JSON.stringify(actor.getSnapshot().context)}`),
    });
    expect(seen).toEqual(['before 0 xstate.init', 'after 0 {"count":0}', 'before 1 bump', 'after 1 {"count":1}']);
  });
});

describe('createModelTest: pinned journeys', () => {
  const model = createModelTest(fetcher, { events: fixtures });

  it('replays hand-written events, with after:<delay> and snapshot-relative events', async () => {
    const journey = model.pathFromEvents('load, succeed, reset, load again', [
      { type: 'load' },
      { type: 'xstate.done.actor.fetchData', output: 'x' },
      'after:resetDelay',
      ({ context }) => ({ type: context.attempts === 1 ? 'load' : 'cancel' }),
    ]);
    expect(journey.description).toMatch(/^load, succeed, reset, load again: "loading" ← load → /);
    expect(journey.steps.map((s) => s.state.value)).toEqual(['idle', 'loading', 'success', 'idle', 'loading']);
    expect(journey.steps.map((s) => s.advanceMs)).toEqual([0, 0, 0, 2000, 0]);
    expect(journey.steps[2]!.statesVisited).toEqual(['checking', 'success']);
    await model.runPath(journey, { createActor: realActor(fetcher), assertContext: true });
  });

  it('refuses a delay the current state does not have', () => {
    expect(() => model.pathFromEvents('too early', ['after:resetDelay'])).toThrow(/state "idle" has no delay "resetDelay"/);
  });
});

describe('createModelTest: fixtures', () => {
  it('throws a clear error naming an accepted event type with no fixture', () => {
    const { 'xstate.error.actor.fetchData': _omitted, ...incomplete } = fixtures;
    expect(() => createModelTest(fetcher, { events: incomplete })).toThrow(
      /no fixture for event type "xstate\.error\.actor\.fetchData", which state "loading" accepts/,
    );
  });

  it('throws for a missing fixture of a machine event too (e.g. from an untyped table)', () => {
    const { retry: _omitted, ...incomplete } = fixtures;
    expect(() => createModelTest(fetcher, { events: incomplete as unknown as EventFixtures<typeof fetcher> })).toThrow(
      /no fixture for event type "retry"/,
    );
  });

  it('accepts an explicitly ignored event type without a fixture', () => {
    const { 'xstate.error.actor.fetchData': _omitted, ...incomplete } = fixtures;
    const model = createModelTest(fetcher, { events: incomplete, ignoreEvents: ['xstate.error.actor.fetchData'] });
    expect(model.coverage().transitions.uncovered).toEqual(['loading —[xstate.error.actor.fetchData]→ failure']);
  });

  it('rejects a fixture that returns events of another type', () => {
    expect(() =>
      createModelTest(fetcher, {
        events: { ...fixtures, cancel: () => [{ type: 'load' }] as never },
      }),
    ).toThrow(/fixture events\["cancel"\] returned an event of type "load"/);
  });
});

describe('createModelTest: delayed events that cannot happen', () => {
  it('drops paths where a later timer would have to fire before an earlier one', () => {
    const twoTimers = setup({ delays: { short: 1000, long: 5000 } }).createMachine({
      id: 'twoTimers',
      initial: 'waiting',
      states: {
        waiting: { after: { short: 'early', long: 'late' } },
        early: {},
        late: {},
      },
    });
    const model = createModelTest(twoTimers, { events: {} });
    expect(model.unrealisablePaths.map((p) => p.reason)).toEqual(['after long cannot fire before after short, which is due first']);
    expect(() => model.assertFullCoverage()).toThrow(/- late[\s\S]*- waiting —\[after long\]→ late/);
  });
});

describe('controllablePromises', () => {
  it('keeps an invoked promise pending until resolved by invoke id, and records its input', async () => {
    const promises = controllablePromises();
    const actor = createActor(fetcher.provide({ actors: { fetchData: promises.logic() } })).start();
    actor.send({ type: 'load' });
    expect(promises.isPending('fetchData')).toBe(true);
    expect(promises.inputs.fetchData).toEqual({ attempt: 1 });
    promises.resolve('fetchData', 'hello');
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('success');
    expect(() => promises.resolve('fetchData', 'again')).toThrow(/No pending promise actor "fetchData"/);
    actor.stop();
  });
});

describe('machines with a systemId child', () => {
  // Entering `on` twice invokes the child with the same systemId twice; xstate/graph's own
  // traversal scope would reject the second one.
  const child = setup({}).createMachine({ id: 'child' });
  const machine = setup({ actors: { child } }).createMachine({
    id: 'parent',
    initial: 'off',
    states: {
      off: { on: { toggle: 'on' } },
      on: { invoke: { id: 'child', systemId: 'theChild', src: 'child' }, on: { toggle: 'off' } },
    },
  });

  it('generates, covers and runs paths that enter the same state again', async () => {
    const model = createModelTest(machine, { events: { toggle: () => [{ type: 'toggle' }] } });
    model.assertFullCoverage();
    const reentry = model.pathFromEvents('on, off, on again', [{ type: 'toggle' }, { type: 'toggle' }, { type: 'toggle' }]);
    expect(reentry.state.matches('on')).toBe(true);
    for (const path of [...model.paths, reentry]) await model.runPath(path, { createActor: () => createActor(machine) });
  });
});
