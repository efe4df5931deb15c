import dayjs from 'dayjs';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { form11FlowMachine } from '../../machines/form11Flow/form11Flow.machine.ts';
import { getForm11FlowShortestPaths, type Form11FlowPath } from '../../machines/form11Flow/form11Flow.paths.ts';
import type { Form11FlowInput } from '../../machines/form11Flow/form11Flow.types.ts';
import { isIncomeTypeId, type Form11Category } from '../../src/domain/catalogue.ts';
import type { Form11Progress } from '../../src/domain/form11Progress.ts';
import { stepKeyOf } from '../../src/domain/form11Routes.ts';
import { form11Schema } from '../../src/domain/schemas/form11/index.ts';
import { dottedValue } from '../support/expectedSteps.ts';
import { controllablePromises } from '../support/modelTest.ts';

const OPTIONS = { userId: 'qa-user', year: 2025 };
const INPUT: Form11FlowInput = { userId: OPTIONS.userId, defaultYear: OPTIONS.year, claimYears: [2025, 2024, 2023, 2022] };
const TODAY = dayjs('2026-03-02');

/** States the flow rests in (transient ones, left at once by `always`, are passed through, never reached). */
const RESTING_STATES = getStateNodes(form11FlowMachine.root)
  .filter((node: AnyStateNode) => node.type === 'atomic' && node.always === undefined)
  .map((node: AnyStateNode) => node.path.join('.'))
  .sort();

/** Replays a path as a browser test would, with the outcomes played by fake actors and waits by fake time. */
async function replay(path: Form11FlowPath, input: Form11FlowInput): Promise<string> {
  vi.useFakeTimers();
  const promises = controllablePromises();
  const actor = createActor(
    form11FlowMachine.provide({ actors: { navigateTo: promises.logic(), postAnswer: promises.logic(), postAllAnswers: promises.logic() } }),
    { input },
  ).start();
  try {
    for (const step of path.steps) {
      if (step.kind === 'user') actor.send(step.event);
      else promises.resolve(step.actor, step.output);
      await vi.advanceTimersByTimeAsync(0);
    }
    return dottedValue(actor.getSnapshot().value);
  } finally {
    actor.stop();
  }
}

afterEach(() => void vi.useRealTimers());

describe('shortest paths of the guided flow, for browser replays', () => {
  const paths = getForm11FlowShortestPaths(OPTIONS);

  it('reach every state the flow rests in, one path each', () => {
    expect(RESTING_STATES).toHaveLength(9);
    expect(paths.map((p) => p.state).sort()).toEqual(RESTING_STATES);
  });

  for (const path of paths) {
    it(`reach ${path.state}: ${path.description}`, async () => {
      expect(await replay(path, INPUT)).toBe(path.state);
    });
  }

  it('are made of things the real UI can do, with data its forms accept', () => {
    for (const step of paths.flatMap((p) => p.steps)) {
      expect(step.action.length).toBeGreaterThan(0);
      if (step.kind !== 'user') continue;
      const event = step.event;
      if (event.type === 'flow.start') expect(event.selection.length, 'an empty selection never reaches the flow').toBeGreaterThan(0);
      if (event.type === 'step.submit') {
        const key = stepKeyOf(event.route);
        const answers: [Form11Category, unknown][] =
          key === 'final-form' ? Object.entries(event.data as Record<string, unknown>).map(([id, data]) => [id as Form11Category, data]) : [[key, event.data]];
        expect(answers.length).toBeGreaterThan(0);
        for (const [category, data] of answers) {
          if (key === 'final-form') expect(isIncomeTypeId(category)).toBe(true);
          expect(v.safeParse(form11Schema(category, TODAY), data).success, `${category} sample is valid`).toBe(true);
        }
      }
    }
  });

  it('ask before a new claim replaces the unfinished one, in the words of its dialog', () => {
    const asked = paths.find((p) => p.state === 'inFlow.stepping.confirmingReplace')!;
    expect(asked.steps.map((s) => s.action)).toEqual([
      'Pick 2024 on the Tax Refund page, take the questionnaire and answer Yes to Health Expenses, Rent Tax Credit only',
      'The page opens',
      'Tick Tuition Fees, Rental income under "For Advanced Use" on the Tax Refund page (2025, the year it offers first) and press Continue',
    ]);
    const unsent = paths.find((p) => p.state === 'inFlow.stepping.unsent')!;
    expect(unsent.steps.map((s) => s.action)).toEqual([
      'Pick 2024 on the Tax Refund page, take the questionnaire and answer Yes to Health Expenses, Rent Tax Credit only',
      'The page opens',
      'Fill Health Expenses with its sample data and submit it',
      'Fill Rent Tax Credit with its sample data and submit it',
      'POST /answer-multiple is refused (the server answers 500)',
    ]);
  });

  it('start from saved progress too (as after a reload), resting at its page', async () => {
    const saved: Form11Progress = {
      version: 1,
      ownerId: OPTIONS.userId,
      year: 2024,
      routes: ['/form11/tuition-fees', '/form11/final-form'],
      currentRouteIndex: 1,
      isFromQuestionnaire: false,
      formData: {},
      selectedForms: ['tuition-fees'],
      selectedIncomeTypes: ['rental-income'],
    };
    const fromSaved = getForm11FlowShortestPaths({ ...OPTIONS, saved });
    expect(fromSaved.find((p) => p.state === 'inFlow.stepping.atStep')!.steps).toEqual([]);
    const resumed = fromSaved.find((p) => p.state === 'inFlow.replaying')!;
    expect(resumed.steps.map((s) => s.action)).toEqual(['Press "Continue previous application" on the Tax Refund page']);
    for (const path of fromSaved) {
      expect(await replay(path, { ...INPUT, saved })).toBe(path.state);
    }
  });
});
