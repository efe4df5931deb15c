/**
 * Browser harness for the e2e project: Debian's chromium through playwright-core, against the one
 * server started by globalSetup.ts (`inject('baseUrl')`).
 *
 *   const b = useBrowser();                        // hooks: browser per file, fresh page per test
 *   it('welcome → auth', async () => {
 *     await visit(b.page, '/welcome');             // navigate, settle, fail on console errors, axe scan
 *     await b.page.getByRole('link', { name: 'Get started' }).click();
 *     await checkScreen(b.page, 'auth');           // settle + errors + axe + screenshot auth.png
 *   });
 *
 * Every test fails on: a console error (CSP violations are reported there), an uncaught page
 * exception, or a 5xx answer; and on a serious/critical axe violation of any screen it settled on.
 * The screen a test ends on is scanned in afterEach if the test did not scan it itself.
 *
 * axe-core is injected with `page.evaluate(axe.source)`: a DevTools evaluation, which the page's
 * CSP (script-src 'self', no inline) does not govern. CSP stays enforced (no bypassCSP), so a
 * violation by the app itself still shows up as a console error and fails the test.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AxeResults, Result } from 'axe-core';
import { type Browser, type BrowserContext, chromium, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { activeServer } from './pinnedClock.ts';
import { CHROMIUM_PATH } from '../support/systemDeps.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const screenshotDir = path.join(root, 'test-results/screenshots');

export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type Viewport = { width: number; height: number };

export function baseUrl(): string {
  // The main server, or the pinned-clock one for a file that asked for it (pinnedClock.ts).
  return activeServer().baseUrl;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

// ─── Pages and what went wrong on them ─────────────────────────────────────────────────────

export interface PageProblem {
  kind: 'console' | 'pageerror' | 'http';
  text: string;
}

interface PageState {
  problems: PageProblem[];
  allowed: RegExp[];
  inFlight: number;
  lastNetwork: number;
  /** Pathnames (with search) the page settled on, and those scanned by axe. */
  settled: Set<string>;
  scanned: Set<string>;
  /** When set (deferAccessibilityFailures), axe violations are kept here and fail the test in afterEach. */
  deferredA11y?: string[];
}

const states = new WeakMap<Page, PageState>();

function stateOf(page: Page): PageState {
  const state = states.get(page);
  if (!state) throw new Error('Use newPage() so the harness can watch the page.');
  return state;
}

/**
 * A page in its own browser context (fresh cookies and storage), with baseURL set so
 * `page.goto('/welcome')` works, and listeners that record console errors, page exceptions and
 * 5xx responses.
 */
export async function newPage(browser: Browser, options: { viewport?: Viewport } = {}): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? viewports.desktop,
    locale: 'en-IE',
    timezoneId: 'Europe/Dublin',
    reducedMotion: 'reduce',
  });
  return watchPage(await context.newPage());
}

/**
 * Another tab in the same browser context as `page` (shared cookies and localStorage, its own
 * sessionStorage), watched like any page from newPage(). With useBrowser, prefer `b.newTab(page)`
 * so afterEach checks it too.
 */
export async function newTab(page: Page): Promise<Page> {
  return watchPage(await page.context().newPage());
}

function watchPage(page: Page): Page {
  page.setDefaultTimeout(10_000);
  page.setDefaultNavigationTimeout(20_000);
  const state: PageState = { problems: [], allowed: [], inFlight: 0, lastNetwork: Date.now(), settled: new Set(), scanned: new Set() };
  states.set(page, state);

  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // Chromium logs every 4xx as "Failed to load resource"; expected answers (401, 422…) are not bugs.
    // 5xx are caught from the response itself below.
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    const where = message.location().url;
    state.problems.push({ kind: 'console', text: where ? `${text} (${where})` : text });
  });
  page.on('pageerror', (error) => state.problems.push({ kind: 'pageerror', text: error.stack ?? error.message }));
  page.on('response', (response) => {
    if (response.status() >= 500) state.problems.push({ kind: 'http', text: `${response.status()} ${response.request().method()} ${response.url()}` });
  });
  page.on('request', () => {
    state.inFlight += 1;
    state.lastNetwork = Date.now();
  });
  const done = () => {
    state.inFlight = Math.max(0, state.inFlight - 1);
    state.lastNetwork = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return page;
}

/** Lets console errors matching `pattern` pass on this page (for a test that provokes one on purpose). */
export function allowConsoleErrors(page: Page, pattern: RegExp) {
  stateOf(page).allowed.push(pattern);
}

export function pageProblems(page: Page): PageProblem[] {
  const state = stateOf(page);
  return state.problems.filter((problem) => !state.allowed.some((pattern) => pattern.test(problem.text)));
}

/** Throws a readable list if the page logged errors, threw, or got a 5xx. */
export function expectNoPageProblems(page: Page) {
  const problems = pageProblems(page);
  if (problems.length === 0) return;
  throw new Error(`The page reported ${problems.length} problem(s):\n${problems.map((p) => `  [${p.kind}] ${p.text}`).join('\n')}`);
}

// ─── Settling, visiting, scanning ──────────────────────────────────────────────────────────

/**
 * Waits until the app has rendered and is quiet: #root has content, no request in flight for
 * 150 ms, no loading indicator (`aria-busy="true"` or a Mantine Loader outside a button), finite
 * animations finished, fonts loaded. Records the screen as settled (afterEach scans it if the test does not).
 */
export async function settle(page: Page, options: { timeoutMs?: number } = {}) {
  const state = stateOf(page);
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  await page.waitForFunction(
    () => {
      const rootEl = document.getElementById('root');
      if (!rootEl || rootEl.childElementCount === 0) return false;
      if (document.querySelector('[aria-busy="true"]')) return false;
      const loaders = [...document.querySelectorAll<HTMLElement>('.mantine-Loader-root')];
      return !loaders.some((el) => el.offsetParent !== null && !el.closest('button'));
    },
    undefined,
    { timeout: Math.max(1, deadline - Date.now()), polling: 50 },
  );
  while (state.inFlight > 0 || Date.now() - state.lastNetwork < 150) {
    if (Date.now() > deadline) break; // a long poll must not hang the test; the checks below still run
    await page.waitForTimeout(50);
  }
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2_000))]);
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  state.settled.add(screenKey(page));
}

function screenKey(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Navigates to `target` (a path, or a full URL such as a mailed link), settles, checks for problems, and scans. */
export async function visit(page: Page, target: string, options: { scan?: boolean; screenshot?: string } = {}) {
  const response = await page.goto(target, { waitUntil: 'load' });
  if (response && response.status() >= 400) throw new Error(`GET ${target} answered ${response.status()}`);
  await checkScreen(page, options.screenshot, { scan: options.scan });
  return response;
}

/** For the screen the page is on now (after a click navigated): settle, no problems, axe scan, optional screenshot. */
export async function checkScreen(page: Page, screenshotName?: string, options: { scan?: boolean } = {}) {
  await settle(page);
  expectNoPageProblems(page);
  if (options.scan !== false) await expectAccessible(page);
  if (screenshotName) await screenshot(page, screenshotName);
}

let axeSource: string | undefined;

/** Runs axe-core on the page; fails on serious or critical violations with a readable list. */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}) {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!present) await page.evaluate(axeSource);
  const results = (await page.evaluate(async (exclude: string[]) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe;
    const context = exclude.length > 0 ? { include: [document], exclude: exclude.map((selector) => [selector]) } : document;
    return axe.run(context, { resultTypes: ['violations'] });
  }, options.exclude ?? [])) as AxeResults;
  stateOf(page).scanned.add(screenKey(page));
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length === 0) return;
  const message = `Accessibility violations on ${screenKey(page)}:\n${formatViolations(bad)}`;
  const deferred = stateOf(page).deferredA11y;
  if (!deferred) throw new Error(message);
  if (!deferred.includes(message)) deferred.push(message);
}

/**
 * From now on, axe violations on `page` do not stop the test where they are found: they are
 * collected and fail the test in useBrowser's afterEach, after the journey has run to its end
 * (so one screen's contrast bug does not hide the functional checks after it).
 */
export function deferAccessibilityFailures(page: Page) {
  stateOf(page).deferredA11y ??= [];
}

/** The violations deferAccessibilityFailures has collected on `page` so far. */
export function deferredAccessibilityFailures(page: Page): string[] {
  return [...(stateOf(page).deferredA11y ?? [])];
}

export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')}\n        ${(node.failureSummary ?? '').split('\n').join('\n        ')}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s)) ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

/** Saves a full-page PNG as test-results/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

// ─── vitest hooks ──────────────────────────────────────────────────────────────────────────

export interface BrowserFixture {
  browser: Browser;
  /** A fresh page (own context) for the current test. */
  page: Page;
  /** Another page in a fresh context (a second user, a second device); watched and checked like `page`. */
  newPage(options?: { viewport?: Viewport }): Promise<Page>;
  /** Another tab in the context of `page` (same localStorage, own sessionStorage); watched and checked like `page`. */
  newTab(page: Page): Promise<Page>;
}

/**
 * One browser per file; a fresh page per test. After each test: the page's problems fail the
 * test, the final screen is scanned if it was not, a failure screenshot is saved, and the
 * test's contexts are closed. `deferAccessibility`: axe violations found mid-test are collected
 * and fail the test here, after the journey ran to its end (see deferAccessibilityFailures).
 */
export function useBrowser(options: { viewport?: Viewport; deferAccessibility?: boolean } = {}): BrowserFixture {
  const fixture = {} as BrowserFixture;
  let pages: Page[] = [];
  beforeAll(async () => {
    fixture.browser = await launchBrowser();
  });
  beforeEach(async () => {
    pages = [];
    fixture.newPage = async (pageOptions = {}) => {
      const page = await newPage(fixture.browser, { viewport: pageOptions.viewport ?? options.viewport });
      if (options.deferAccessibility) deferAccessibilityFailures(page);
      pages.push(page);
      return page;
    };
    fixture.newTab = async (of) => {
      const page = await newTab(of);
      if (options.deferAccessibility) deferAccessibilityFailures(page);
      pages.push(page);
      return page;
    };
    fixture.page = await fixture.newPage();
  });
  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    const errors: string[] = [];
    try {
      for (const [i, page] of pages.entries()) {
        if (page.isClosed() || !page.url().startsWith('http')) {
          errors.push(...deferredAccessibilityFailures(page));
          continue;
        }
        if (failed) {
          await screenshot(page, `${context.task.name}${i > 0 ? `-${i + 1}` : ''}-failure`).catch(() => undefined);
          errors.push(...deferredAccessibilityFailures(page));
          continue;
        }
        const problems = pageProblems(page);
        if (problems.length > 0) errors.push(`${page.url()}:\n${problems.map((p) => `  [${p.kind}] ${p.text}`).join('\n')}`);
        if (!stateOf(page).scanned.has(screenKey(page))) {
          try {
            await settle(page);
            await expectAccessible(page);
          } catch (error) {
            errors.push(error instanceof Error ? error.message : String(error));
          }
        }
        errors.push(...deferredAccessibilityFailures(page));
      }
    } finally {
      await Promise.all(pages.map((page) => page.context().close().catch(() => undefined)));
    }
    if (errors.length > 0) throw new Error(errors.join('\n'));
  });
  afterAll(async () => {
    await fixture.browser?.close();
  });
  return fixture;
}
