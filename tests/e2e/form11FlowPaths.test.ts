/**
 * The shortest path to each state of the guided flow machine, replayed through the real UI in
 * Chromium against the production build (spec section 4, "Guided flow"; the paths come from
 * xstate/graph, see form11FlowPaths.ts). After every step the browser must show what the machine's
 * state says: the page (URL, "Page n of m", busy or enabled buttons, the failure and Try again),
 * the saved progress under 'form11Progress', and the request the state is waiting for. A path the
 * UI cannot follow, or a screen that disagrees with the machine, fails the test.
 *
 * Held requests make the waiting states observable at rest: POST /answer and /answer-multiple are
 * held until the path's next step lets them through (the server answers) or refuses them (422).
 * States the machine only passes through on its own (a navigation in flight) cannot be held; they
 * are checked by their effects, from a timeline the test records in the page (history pushes and
 * replaces, writes to 'form11Progress', with their times).
 * The production build exposes no handle on the flow actor, and gets none for this test.
 *
 * One signed-in, PAYE-authorised user and one page serve every path; between paths the saved
 * progress is removed outside the app and the app loaded afresh, which starts a new flow actor.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { form11FlowMachine, progressOf } from '../../machines/form11Flow/form11Flow.machine.ts';
import { FORM_PAGES, type FormSlug } from '../../src/domain/catalogue.ts';
import { dayjs } from '../../src/domain/dates.ts';
import type { Form11Progress } from '../../src/domain/form11Progress.ts';
import { REFUND_SUBMITTED_ROUTE, stepKeyOf, type Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { defaultClaimYear } from '../../src/domain/tax/index.ts';
import {
  OUTSIDE,
  SELECTION,
  TRANSIENT,
  UNREACHABLE_FROM_THE_UI,
  browserPaths,
  dotted,
  type FlowSnapshot,
  type UiEvent,
  type UiPath,
} from './form11FlowPaths.ts';
import { fillHealthExpenses, fillRent, openInApp, pathOf, signIn } from './form11Steps.ts';
import { baseUrl, expectNoPageProblems, launchBrowser, newPage, screenshot, settle } from './harness.ts';
import { API, signOutFromMenu } from './users.ts';

const YEAR = defaultClaimYear(dayjs());
const user = inject('form11Users').at(-1)!;
const OWNER = user.email.toLowerCase();

// The same list, under the same ids, as docs/paths/form11Flow.md.
const paths = browserPaths({ userId: OWNER, year: YEAR });

/** Every state a flow can rest in: the machine's leaf states. */
function leafStates(node: AnyStateNode, prefix: string[] = []): string[] {
  return Object.entries(node.states).flatMap(([key, child]) =>
    Object.keys(child.states).length === 0 ? [[...prefix, key].join('.')] : leafStates(child, [...prefix, key]),
  );
}

// ─── The page, its timeline and its held requests ─────────────────────────────────────────────────

type TimelineEntry =
  | { t: number; kind: 'pushState' | 'replaceState'; path: string }
  | { t: number; kind: 'save'; value: string }
  | { t: number; kind: 'clear' };

/**
 * Records, in the page, every history push/replace and every write to 'form11Progress', with its
 * time. A string, so the page gets exactly this code (no helpers a transpiler might add).
 */
const RECORD_TIMELINE = `(() => {
  const log = [];
  Object.defineProperty(window, '__flowTimeline', { value: log });
  for (const kind of ['pushState', 'replaceState']) {
    const original = history[kind].bind(history);
    history[kind] = (data, unused, url) => {
      original(data, unused, url);
      log.push({ t: Date.now(), kind, path: location.pathname });
    };
  }
  const setItem = Storage.prototype.setItem;
  const removeItem = Storage.prototype.removeItem;
  Storage.prototype.setItem = function (key, value) {
    setItem.call(this, key, value);
    if (key === 'form11Progress') log.push({ t: Date.now(), kind: 'save', value: String(value) });
  };
  Storage.prototype.removeItem = function (key) {
    removeItem.call(this, key);
    if (key === 'form11Progress') log.push({ t: Date.now(), kind: 'clear' });
  };
})();`;

const timeline = (page: Page) => page.evaluate(() => (window as unknown as { __flowTimeline: TimelineEntry[] }).__flowTimeline);

interface Held {
  request: 'answer' | 'answer-multiple';
  body: { year?: number; question?: string; questions?: Record<string, unknown> };
  route: Route;
}

let page: Page;
const held: Held[] = [];
/** When the test last acted (Node's clock, the same wall clock the page's timeline uses). */
let actedAt = 0;

async function heldRequest(request: Held['request']): Promise<Held> {
  await expect.poll(() => held.some((h) => h.request === request), { message: `POST /${request} is on its way` }).toBe(true);
  return held.find((h) => h.request === request)!;
}

async function respond(request: Held['request'], ok: boolean) {
  const next = await heldRequest(request);
  held.splice(held.indexOf(next), 1);
  if (ok) await next.route.continue();
  else await next.route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: 'Refused for this test', fields: {} }) });
}

async function releaseAll() {
  for (const h of held.splice(0)) await h.route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: 'Path over', fields: {} }) });
}

/** The first timeline entry since the last action that matches. */
async function entrySinceAction(match: (entry: TimelineEntry) => boolean, what: string): Promise<TimelineEntry> {
  let found: TimelineEntry | undefined;
  await expect
    .poll(
      async () => {
        found = (await timeline(page)).find((entry) => entry.t >= actedAt && match(entry));
        return found !== undefined;
      },
      { message: what },
    )
    .toBe(true);
  return found!;
}

// ─── What the UI does for each event ─────────────────────────────────────────────────────────────

const skipButton = (route: Form11FlowRoute) => page.getByRole('button', { name: `Skip ${FORM_PAGES[slugOf(route)].title}` });
const slugOf = (route: Form11FlowRoute) => route.slice('/form11/'.length) as FormSlug;

async function fill(route: Form11FlowRoute) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (route === '/form11/health-expenses') await fillHealthExpenses(page);
  else if (route === '/form11/rent-tax-credit') await fillRent(page);
  else throw new Error(`No sample answer for ${route}`);
}

const dialog = () => page.getByRole('dialog');

async function act(event: UiEvent) {
  switch (event.kind) {
    case 'confirm':
    case 'keep':
      actedAt = Date.now();
      await dialog().getByRole('button', { name: event.kind === 'confirm' ? 'Start a new claim' : 'Keep my unfinished claim' }).click();
      return;
    case 'start': {
      if (pathOf(page) !== '/tax-refund-questions') await openInApp(page, '/tax-refund-questions');
      await page.getByRole('button', { name: 'For Advanced Use' }).click();
      for (const slug of SELECTION) await page.getByRole('checkbox', { name: FORM_PAGES[slug].title, exact: true }).check();
      actedAt = Date.now();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      return;
    }
    case 'resume':
      await openInApp(page, '/tax-refund-questions');
      actedAt = Date.now();
      await page.getByRole('button', { name: 'Continue previous application' }).click();
      return;
    case 'retry':
      actedAt = Date.now();
      await page.getByRole('button', { name: 'Try again' }).click();
      return;
    case 'submit':
      if (event.onItsOwn) await openInApp(page, `${event.route}?returnTo=${encodeURIComponent(OUTSIDE.returnTo)}`);
      else expect(pathOf(page), 'the flow’s page is on screen').toBe(event.route);
      await fill(event.route);
      actedAt = Date.now();
      await page.getByRole('button', { name: event.onItsOwn ? 'Save' : 'Next', exact: true }).click();
      return;
    case 'submitEmpty':
      expect(pathOf(page), 'the flow’s page is on screen').toBe(event.route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      actedAt = Date.now();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      return;
    case 'skipConfirm':
    case 'skipCancel':
      actedAt = Date.now();
      await dialog().getByRole('button', { name: event.kind === 'skipConfirm' ? 'Skip this page' : 'Enter amounts' }).click();
      return;
    case 'skip':
      expect(pathOf(page), 'the flow’s page is on screen').toBe(event.route);
      actedAt = Date.now();
      await skipButton(event.route).click();
      return;
    case 'respond':
      actedAt = Date.now();
      await respond(event.request, event.ok);
      return;
    case 'arrive': // The router arrives by itself.
      return;
  }
}

// ─── What the UI must show for each state ────────────────────────────────────────────────────────

/**
 * Answers and drafts compared by page (a save from before drafts has none); the old mode flag is
 * read but no longer used (every flow keeps its answers until the end).
 */
const progressShape = (progress: Form11Progress | null) =>
  progress
    ? { ...progress, isFromQuestionnaire: undefined, formData: Object.keys(progress.formData).sort(), drafts: Object.keys(progress.drafts ?? {}).sort() }
    : null;
const expectedProgress = (state: FlowSnapshot) => progressShape(state.context.routes.length > 0 ? progressOf(state.context) : null);

/** 'form11Progress' holds the machine's progress (answers compared by page: the UI's answers are real, the walk's are stand-ins). */
async function expectSaved(state: FlowSnapshot) {
  await expect
    .poll(async () => progressShape(JSON.parse((await page.evaluate(() => localStorage.getItem('form11Progress'))) ?? 'null') as Form11Progress | null), {
      message: 'the saved progress is the machine’s',
    })
    .toEqual(expectedProgress(state));
}

async function expectPath(path: string) {
  await expect.poll(() => pathOf(page), { message: `the app shows ${path}` }).toBe(path);
}

async function observe(state: FlowSnapshot, before: FlowSnapshot | null) {
  const value = dotted(state.value);
  const was = before ? dotted(before.value) : null;
  const { routes, currentRouteIndex, replayIndex, formData } = state.context;
  const current = routes[currentRouteIndex];
  switch (value) {
    case 'idle':
      if (was === 'single') await expectPath(OUTSIDE.returnTo);
      else if (was === 'inFlow.sendingAll') {
        // Sent: the progress is cleared and the claim the server answered shows at once, with no reload.
        await entrySinceAction((e) => e.kind === 'clear', 'the saved progress is cleared');
        await expectPath(REFUND_SUBMITTED_ROUTE);
        await page.getByRole('heading', { name: `Your claim for ${state.context.submitted?.year} is submitted` }).waitFor();
      } else if (!before) await expect(page.getByRole('button', { name: 'Continue previous application' }).count()).resolves.toBe(0);
      break;
    case 'inFlow.settingUp.navigating':
      // In flight for a moment only: setup replaces the page it started from with the first route.
      await entrySinceAction((e) => e.kind === 'replaceState' && e.path === routes[0], `setup replaces the page with ${routes[0]}`);
      break;
    case 'inFlow.replaying':
      // In flight for a moment only: the resume pushes the flow's pages up to the saved one.
      await entrySinceAction((e) => e.kind === 'pushState' && e.path === routes[replayIndex], `the resume pushes ${routes[replayIndex]}`);
      break;
    case 'inFlow.stepping.atStep':
      if (was === 'inFlow.stepping.confirmingReplace') {
        // Kept: the question goes, the unfinished claim is still offered where it was asked.
        await expect.poll(() => dialog().count(), { message: 'the question is gone' }).toBe(0);
        await expectPath('/tax-refund-questions');
        await page.getByText(`You have an unfinished claim for ${state.context.year}`).waitFor();
        break;
      }
      await expectPath(current!);
      await page.getByText(`Page ${currentRouteIndex + 1} of ${routes.length}`).waitFor();
      await expect.poll(() => skipButton(current!).isEnabled(), { message: 'the page takes input' }).toBe(true);
      break;
    case 'inFlow.stepping.confirmingReplace': {
      // The flow asks before the claim in flight is replaced; nothing is discarded yet.
      await expectPath('/tax-refund-questions');
      await dialog().getByRole('heading', { name: `Start a new claim for ${state.context.pendingStart?.year}?` }).waitFor();
      await expect(dialog().getByText(`Your unfinished claim for ${state.context.year} will be discarded`, { exact: false }).count()).resolves.toBe(1);
      break;
    }
    case 'confirmingSkip': {
      // Nothing entered: the flow asks before anything is kept; the page stays behind the question.
      const route = state.context.skipping!.route;
      await expectPath(route);
      await dialog().getByRole('heading', { name: 'Skip this page?' }).waitFor();
      await expect(dialog().getByText(`Nothing is entered for ${FORM_PAGES[slugOf(route)].title}`, { exact: false }).count()).resolves.toBe(1);
      break;
    }
    case 'inFlow.stepping.unsent':
      await expectPath(REFUND_SUBMITTED_ROUTE);
      await page.getByRole('heading', { name: `Your claim for ${state.context.year} was not sent yet` }).waitFor();
      await expect(page.getByRole('alert').filter({ hasText: SOMETHING_WENT_WRONG }).count()).resolves.toBe(1);
      await expect.poll(() => page.getByRole('button', { name: 'Try again' }).isEnabled()).toBe(true);
      break;
    case 'inFlow.sendingAll': {
      const sent = await heldRequest('answer-multiple');
      expect({ year: sent.body.year, pages: Object.keys(sent.body.questions ?? {}).sort() }).toEqual({ year: state.context.year, pages: Object.keys(formData).sort() });
      if (was === 'inFlow.stepping.unsent') {
        await expect.poll(() => page.getByRole('button', { name: /Try again/ }).isDisabled(), { message: 'Try again waits' }).toBe(true);
      } else {
        await expectPath(current!);
        await expect.poll(() => skipButton(current!).isDisabled(), { message: 'the page waits for the send' }).toBe(true);
      }
      break;
    }
    case 'single': {
      const sent = await heldRequest('answer');
      expect({ year: sent.body.year, question: sent.body.question }).toEqual({ year: YEAR, question: stepKeyOf(OUTSIDE.route) });
      await expectPath(OUTSIDE.route);
      await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled(), { message: 'Save waits' }).toBe(true);
      break;
    }
    default:
      throw new Error(`No UI check for state ${value}`);
  }
  await expectSaved(state);
  expectNoPageProblems(page);
}

// ─── Running the paths ───────────────────────────────────────────────────────────────────────────

/** A new flow actor: the saved progress set (or removed) outside the app, then the app loaded afresh. */
async function reset(saved: Form11Progress | null) {
  await releaseAll();
  await page.goto(`${baseUrl()}${API}/health`);
  await page.evaluate((value) => {
    if (value === null) localStorage.removeItem('form11Progress');
    else localStorage.setItem('form11Progress', value);
  }, saved ? JSON.stringify(saved) : null);
  await page.goto(saved ? saved.routes[saved.currentRouteIndex]! : '/tax-refund-questions');
  await settle(page);
}

async function replay(path: UiPath) {
  await reset(path.saved);
  await observe(path.initial, null);
  let before = path.initial;
  for (const [index, step] of path.steps.entries()) {
    try {
      await act(step.event);
      await observe(step.state, before);
    } catch (error) {
      await screenshot(page, `flow-path-${path.target}-step-${index + 1}-failure`).catch(() => undefined);
      throw new Error(`Step ${index + 1} (${JSON.stringify(step.event)}) → ${dotted(step.state.value)}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    before = step.state;
  }
}

const describePath = (path: UiPath) =>
  `${path.target} ← ${path.saved ? 'saved flow' : 'fresh'}${path.steps.map((s) => ` → ${s.event.kind}${'route' in s.event ? `(${slugOf(s.event.route)})` : ''}${'ok' in s.event ? (s.event.ok ? ' ok' : ' refused') : ''}`).join('')}`;

describe('the guided flow machine’s shortest paths, through the UI', () => {
  beforeAll(async () => {
    const browser = await launchBrowser();
    page = await newPage(browser);
    await page.addInitScript({ content: RECORD_TIMELINE });
    await page.route(
      (url) => url.pathname === `${API}/answer` || url.pathname === `${API}/answer-multiple`,
      (route) => {
        const request = route.request();
        if (request.method() !== 'POST') return route.continue();
        held.push({ request: new URL(request.url()).pathname.endsWith('multiple') ? 'answer-multiple' : 'answer', body: request.postDataJSON() as Held['body'], route });
      },
    );
    await signIn(page, user, { remember: true });
  });

  afterAll(async () => {
    await releaseAll().catch(() => undefined);
    await page?.context().browser()?.close();
  });

  it('has a path to every state a user can bring about; the others are named with the reason', () => {
    const covered = new Set(paths.map((path) => path.target));
    const all = leafStates(form11FlowMachine.root);
    const left = all.filter((state) => !covered.has(state) && !(state in UNREACHABLE_FROM_THE_UI) && !(TRANSIENT as readonly string[]).includes(state));
    expect(left).toEqual([]);
    expect([...covered].filter((state) => state in UNREACHABLE_FROM_THE_UI)).toEqual([]);
  });

  // The list ends with the two ways back to `idle` (after a page saved on its own, after the claim was sent): see browserPaths.
  for (const path of paths) it(`${path.id} ${describePath(path)}`, () => replay(path));

  // flow.clear leads back to idle, which has its (empty) path above; signing out is how the UI sends it. Last, as it signs out.
  it('flow.clear: signing out forgets the flow in flight and its saved progress; signing in again offers nothing to continue', async () => {
    const [inFlow] = paths.filter((path) => path.target === 'inFlow.stepping.atStep' && path.saved === null);
    await replay(inFlow!);
    await signOutFromMenu(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('form11Progress'))).toBeNull();
    await signIn(page, user, { remember: true });
    await openInApp(page, '/tax-refund-questions');
    await expect(page.getByRole('button', { name: 'Continue previous application' }).count()).resolves.toBe(0);
    expectNoPageProblems(page);
  });
});
