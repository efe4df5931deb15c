import dayjs from 'dayjs';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { form11FlowMachine } from '../../machines/form11Flow/form11Flow.machine.ts';
import type { Form11FlowEvent } from '../../machines/form11Flow/form11Flow.types.ts';
import { stepKeyOf } from '../../src/domain/form11Routes.ts';
import { form11Schema } from '../../src/domain/schemas/form11/index.ts';
import { TRANSIENT, UNREACHABLE_FROM_THE_UI, browserPaths, type UiPath } from '../e2e/form11FlowPaths.ts';
import { dottedValue } from '../support/expectedSteps.ts';
import { controllablePromises } from '../support/modelTest.ts';
import { doc } from './form11Flow.model.ts';

/**
 * The paths tests/e2e/form11FlowPaths.test.ts replays in Chromium, checked here against the machine
 * alone (fast, on every run): each reaches the state it names, is made of what the UI can do with data
 * its forms accept, and is the list QA reads under the same ids.
 */

const OPTIONS = { userId: 'qa-user', year: 2025 };
const TODAY = dayjs('2026-03-02');

/** States the flow rests in (transient ones, left at once by `always`, are passed through, never reached). */
const RESTING_STATES = getStateNodes(form11FlowMachine.root)
  .filter((node: AnyStateNode) => node.type === 'atomic' && node.always === undefined)
  .map((node: AnyStateNode) => node.path.join('.'))
  .sort();

/** Replays a path as the browser test does, with the router and the server played by fake actors and waits by fake time. */
async function replay(path: UiPath): Promise<string> {
  vi.useFakeTimers();
  const promises = controllablePromises();
  const actor = createActor(
    form11FlowMachine.provide({ actors: { navigateTo: promises.logic(), postAnswer: promises.logic(), postAllAnswers: promises.logic() } }),
    { input: { userId: OPTIONS.userId, defaultYear: OPTIONS.year, claimYears: [2025, 2024, 2023, 2022], saved: path.saved } },
  ).start();
  try {
    for (const [index, step] of path.steps.entries()) {
      const { event, machineEvent } = step;
      if (event.kind === 'arrive' || event.kind === 'respond') {
        promises.resolve(machineEvent.type.slice('xstate.done.actor.'.length), (machineEvent as typeof machineEvent & { output: unknown }).output);
      } else actor.send(machineEvent as Form11FlowEvent);
      await vi.advanceTimersByTimeAsync(0);
      expect(dottedValue(actor.getSnapshot().value), `step ${index + 1}: ${step.words}`).toBe(dottedValue(step.state.value));
    }
    return dottedValue(actor.getSnapshot().value);
  } finally {
    actor.stop();
    vi.useRealTimers();
  }
}

describe('the guided flow paths the browser replays', () => {
  const paths = browserPaths(OPTIONS);

  it('reach every state the flow rests in, except the ones the UI cannot bring about; from saved progress, also the restore itself; and both ways back to idle', () => {
    const expected = RESTING_STATES.filter((state) => !(state in UNREACHABLE_FROM_THE_UI) && !(TRANSIENT as readonly string[]).includes(state));
    const backToIdle = paths.filter((p) => p.target === 'idle' && p.steps.length > 0);
    const fresh = paths.filter((p) => p.saved === null && !backToIdle.includes(p));
    const saved = paths.filter((p) => p.saved !== null);
    expect(fresh.length).toBe(new Set(fresh.map((p) => p.target)).size);
    expect(backToIdle.map((p) => p.steps.at(-1)!.words)).toEqual(['POST /answer succeeds', 'POST /answer-multiple succeeds']);
    expect([...new Set(paths.map((p) => p.target))].sort()).toEqual(expected);
    expect(saved.filter((p) => p.steps.length === 0).map((p) => p.target)).toEqual(['inFlow.stepping.atStep']);
  });

  for (const path of paths) {
    it(`${path.id} reaches ${path.target}: ${path.steps.map((s) => s.words).join(' → ') || path.start}`, async () => {
      expect(await replay(path)).toBe(path.target);
    });
  }

  it('submit the pages with data their forms accept', () => {
    const submits = paths.flatMap((path) => path.steps.map((s) => s.machineEvent)).filter((e): e is Extract<Form11FlowEvent, { type: 'step.submit' }> => e.type === 'step.submit');
    expect(submits.length).toBeGreaterThan(0);
    for (const event of submits) {
      const key = stepKeyOf(event.route);
      expect(key).not.toBe('final-form');
      expect(v.safeParse(form11Schema(key as Exclude<typeof key, 'final-form'>, TODAY), event.data).success, `${key} sample is valid`).toBe(true);
    }
  });

  it('are named by ids that do not depend on the user, the year or the order of the list', () => {
    const ids = paths.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const other = browserPaths({ userId: 'someone-else', year: 2023 });
    expect(other.map((p) => p.id).sort()).toEqual([...ids].sort());
    for (const path of paths) expect(path.id).toMatch(/^form11Flow-[0-9a-f]{8}$/);
  });

  it('are the list QA reads, under the same ids and words', () => {
    const list = doc.lists.find((l) => l.title.startsWith('Replayed in the browser'));
    expect(list?.paths.map((p) => p.id)).toEqual(paths.map((p) => p.id));
    expect(list?.paths.map((p) => p.steps.map((s) => s.words))).toEqual(paths.map((p) => [p.start, ...p.steps.map((s) => s.words)]));
  });

  it('ask before a new claim replaces the unfinished one: a second start brings up the dialog', () => {
    const start = 'Open /tax-refund-questions, press "For Advanced Use", tick Health Expenses and Rent Tax Credit, press "Continue"';
    const asked = paths.find((p) => p.target === 'inFlow.stepping.confirmingReplace')!;
    expect(asked.steps.map((s) => s.words)).toEqual([start, 'The page opens', start]);
  });

  it('word the steps as a user does them', () => {
    const first = paths.find((p) => p.target === 'inFlow.stepping.unsent')!;
    expect(first.steps.map((s) => s.words)).toEqual([
      'Open /tax-refund-questions, press "For Advanced Use", tick Health Expenses and Rent Tax Credit, press "Continue"',
      'The page opens',
      'Fill in Health Expenses and press "Next"',
      'Fill in Rent Tax Credit and press "Next"',
      'POST /answer-multiple is refused (422)',
    ]);
  });
});

afterEach(() => void vi.useRealTimers());
