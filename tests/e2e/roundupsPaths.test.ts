/**
 * The shortest path to each state of the round-ups machine, replayed through the real UI in
 * Chromium against the production build (the paths come from xstate/graph: roundupsPaths.ts),
 * and the snooze: Decline hides the daily prompt until the page's clock passes a day.
 *
 * After every step the screen must show what the view (machines/roundups/roundups.view.ts) says
 * of the state the machine is in: the test runs the same machine alongside (xstate's pure
 * `transition`), fed with what the user did and with the server's real answers, which it reads
 * from the page's own responses. Waiting states are held at rest: GET /accounts, POST
 * /roundups/apply and /roundups/clear, PATCH /accounts/{id} and /roundups/settings wait until the
 * path's next step lets them through (the server answers) or refuses them (402 declined, 409 no
 * plan ID: answers the server gives).
 *
 * One signed-in user (a pension plan ID, Sandbox Bank and Sandbox Digital linked), one page:
 * between paths the page is loaded afresh, which starts a new round-ups actor. The page's clock is
 * Playwright's, so the snooze path can move it a day on; "the page becomes visible again" is the
 * document's visibilitychange event, as a browser sends it.
 */
import type { Page, Request, Route } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventObject, initialTransition, transition } from 'xstate';
import { roundupsMachine } from '../../machines/roundups/roundups.machine.ts';
import type { RoundupsEvent } from '../../machines/roundups/roundups.types.ts';
import { roundupsView } from '../../machines/roundups/roundups.view.ts';
import {
  AccountSchema,
  AccountsAnswerSchema,
  ApplyAnswerSchema,
  ClearAnswerSchema,
  GraphAnswerSchema,
  RoundupSettingsSchema,
} from '../../src/domain/schemas/roundups.ts';
import { UserSchema } from '../../src/domain/schemas/user.ts';
import { baseUrl, expectNoPageProblems, launchBrowser, newPage, screenshot, settle } from './harness.ts';
import { type RoundupsSnapshot, type UiPath, type UiStep, dotted, shortestUiPaths, snoozePath } from './roundupsPaths.ts';
import { linkAtSandboxBank, setUpPensionByApi } from './roundupsSteps.ts';
import { API, createUserWithPassword, postJson, signIn } from './users.ts';

/** Where the app keeps when the user closed the prompt (src/app/effects/roundupsEffects.ts). */
const CLOSED_KEY_PREFIX = 'maxout-roundups-closed:';
const HOUR = 3_600_000;

type HeldKind = 'load' | 'apply' | 'clear' | 'account' | 'settings';
interface Held {
  kind: HeldKind;
  route: Route;
  request: Request;
}

let page: Page;
const held: Held[] = [];
/** The page's latest GET /graph and /roundups/settings answers (a load's other two parts). */
const latest: Partial<Record<'graph' | 'settings', Promise<unknown>>> = {};

function heldKindOf(method: string, pathname: string): HeldKind | null {
  if (method === 'GET' && pathname === `${API}/accounts`) return 'load';
  if (method === 'POST' && pathname === `${API}/roundups/apply`) return 'apply';
  if (method === 'POST' && pathname === `${API}/roundups/clear`) return 'clear';
  if (method === 'PATCH' && pathname.startsWith(`${API}/accounts/`)) return 'account';
  if (method === 'PATCH' && pathname === `${API}/roundups/settings`) return 'settings';
  return null;
}

async function heldRequest(kind: HeldKind): Promise<Held> {
  await expect.poll(() => held.some((h) => h.kind === kind), { message: `${kind} is on its way` }).toBe(true);
  const next = held.find((h) => h.kind === kind)!;
  held.splice(held.indexOf(next), 1);
  return next;
}

/** Lets the request through and answers the server's JSON. */
async function letThrough(kind: HeldKind): Promise<unknown> {
  const next = await heldRequest(kind);
  await next.route.continue();
  const response = await next.request.response();
  expect(response?.ok(), `${kind} answered`).toBe(true);
  return response!.json();
}

/** Ends whatever a path left waiting, so nothing of it reaches the server's data: reads go on, changes are refused. */
async function releaseAll() {
  for (const h of held.splice(0)) {
    if (h.kind === 'load') await h.route.continue().catch(() => undefined);
    else await h.route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'Path over' }) }).catch(() => undefined);
  }
}

const pageNow = () => page.evaluate(() => Date.now());
const storedClosedAt = () =>
  page.evaluate((prefix) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith(prefix));
    const at = key ? Number(localStorage.getItem(key)) : NaN;
    return Number.isFinite(at) && at > 0 ? at : null;
  }, CLOSED_KEY_PREFIX);

// ─── The user and the accounts ───────────────────────────────────────────────────────────────────

let user: v.InferOutput<typeof UserSchema>;
/** The account whose Round-ups switch the paths turn: Sandbox Digital's current account. */
const SWITCHED = 'Sandbox Digital · Current account';
let switchedId = '';

// ─── What the UI does for each step ──────────────────────────────────────────────────────────────

/** Whether a path runs on /linked-bank-accounts (it turns a switch) or /roundups. */
const screenOf = (path: UiPath) => (path.steps.some((s) => s.event.kind === 'switch' || s.event.kind === 'clock') ? '/linked-bank-accounts' : '/roundups');

const main = () => page.getByRole('main');
const banner = () => page.getByRole('region', { name: 'Daily Retirement Savings' });
const planAlert = () => page.getByRole('dialog', { name: 'Pension Plan ID Required' });
const switchedCard = () => page.getByRole('region', { name: SWITCHED });

/** Does what the step says in the page, and answers the machine event it makes, with real answers and times. */
async function act(step: UiStep, screen: string, expected: RoundupsSnapshot): Promise<EventObject & Record<string, unknown>> {
  const event = step.event;
  // The banner's buttons off /roundups, the page's own on it.
  const buttons = screen === '/roundups' ? main() : banner();
  switch (event.kind) {
    case 'load': {
      const accounts = await letThrough('load');
      const [graph, settings] = await Promise.all([latest.graph, latest.settings]);
      return {
        type: 'xstate.done.actor.loadData',
        output: {
          accounts: { ok: true, data: v.parse(AccountsAnswerSchema, accounts) },
          graph: { ok: true, data: v.parse(GraphAnswerSchema, graph) },
          settings: { ok: true, data: v.parse(RoundupSettingsSchema, settings) },
          now: await pageNow(),
          closedAt: await storedClosedAt(),
        },
      };
    }
    case 'confirm': {
      const at = await pageNow();
      await buttons.getByRole('button', { name: 'Confirm' }).click();
      return { type: 'roundups.confirm', key: 'from-the-page', at };
    }
    case 'decline': {
      const at = await pageNow();
      await buttons.getByRole('button', { name: 'Decline' }).click();
      return { type: 'roundups.decline', at };
    }
    case 'switch':
      await switchedCard().getByRole('switch', { name: 'Round-ups' }).click();
      return { type: 'account.update', id: switchedId, changes: { roundups: event.on } };
    case 'saveCap': {
      const section = page.getByRole('region', { name: 'No surprise debits' });
      await section.getByLabel('Weekly cap').fill('10');
      await section.getByRole('button', { name: 'Save limits' }).click();
      // The form sends every field; empty ones switch the setting off.
      return { type: 'settings.save', changes: { weekly_cap: 10, balance_floor: null, paused_until: null } };
    }
    case 'retry':
      await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
      return { type: 'roundups.retry' };
    case 'dismiss':
      if (expected.matches('planRequired')) await planAlert().getByRole('button', { name: 'Close' }).click();
      else await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
      return { type: 'roundups.dismiss' };
    case 'setUpPlan':
      await planAlert().getByRole('button', { name: 'Set up now' }).click();
      return { type: 'roundups.setUpPlan' };
    case 'respond': {
      if (event.refusal) {
        const next = await heldRequest(event.request);
        await next.route.fulfill({ status: event.refusal.status, contentType: 'application/json', body: JSON.stringify({ message: event.refusal.message }) });
        const id = { apply: 'applyRoundups', clear: 'clearRoundups', account: 'updateAccount', settings: 'saveSettings' }[event.request];
        return { type: `xstate.done.actor.${id}`, output: { ok: false, error: { status: event.refusal.status, message: event.refusal.message, source: 'server' } } };
      }
      const body = await letThrough(event.request);
      const now = await pageNow();
      switch (event.request) {
        case 'apply':
          return { type: 'xstate.done.actor.applyRoundups', output: { ok: true, answer: v.parse(ApplyAnswerSchema, body), now } };
        case 'clear':
          return { type: 'xstate.done.actor.clearRoundups', output: { ok: true, answer: v.parse(ClearAnswerSchema, body), now } };
        case 'account':
          return { type: 'xstate.done.actor.updateAccount', output: { ok: true, account: v.parse(AccountSchema, body) } };
        case 'settings':
          return { type: 'xstate.done.actor.saveSettings', output: { ok: true, settings: v.parse(RoundupSettingsSchema, body) } };
      }
      break;
    }
    case 'reopen': {
      const closedAt = expected.context.closedAt;
      if (closedAt === null) throw new Error('the prompt was not closed');
      await page.clock.setSystemTime(closedAt + Math.round(event.hoursAfterClosing * HOUR));
      await page.goto(screen);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      return { type: 'page.reopened' };
    }
    case 'clock': {
      // The page's clock moves on while the tab is away (no timer fires), then the tab comes back.
      const closedAt = expected.context.closedAt;
      if (closedAt === null) throw new Error('the prompt was not closed');
      const now = closedAt + Math.round(event.hoursAfterClosing * HOUR);
      await page.clock.setSystemTime(now);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      return { type: 'clock.tick', now };
    }
  }
  throw new Error(`No UI action for ${JSON.stringify(event)}`);
}

// ─── What the screen must show: what the view says ───────────────────────────────────────────────

/** Everything the checks read, in one pass over the page (so a check costs one round trip, not twenty). */
interface ScreenState {
  planAlert: boolean;
  alerts: string[];
  statuses: string[];
  loadingRoundups: boolean;
  loadingAccounts: boolean;
  pendingAmount: string | null;
  buttons: Record<string, boolean>;
  summary: string | null;
  capNote: string | null;
  banner: { text: string; confirm: boolean; decline: boolean } | null;
  card: { text: string; checked: boolean; disabled: boolean } | null;
}

function readScreen(switchedId: string): Promise<ScreenState> {
  return page.evaluate((id) => {
    const textOf = (el: Element | null) => (el ? (el.textContent ?? '') : null);
    const enabled = (root: Element | null, name: string) => {
      const button = [...(root?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === name);
      return button ? !(button as HTMLButtonElement).disabled : false;
    };
    const main = document.querySelector('main');
    const banner = document.querySelector('section[aria-labelledby="roundups-banner-title"]');
    const card = document.querySelector(`section[aria-labelledby="account-${id}"]`);
    const toggle = card?.querySelector<HTMLInputElement>('input[role="switch"]') ?? null;
    return {
      planAlert: [...document.querySelectorAll('[role="dialog"]')].some((d) => d.textContent?.includes('Pension Plan ID Required')),
      alerts: [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent ?? ''),
      statuses: [...(main?.querySelectorAll('[role="status"]') ?? [])].map((a) => a.textContent ?? ''),
      loadingRoundups: document.querySelector('[aria-label="Loading round-ups"]') !== null,
      loadingAccounts: document.querySelector('[aria-label="Loading accounts"]') !== null,
      pendingAmount: textOf(document.querySelector('[data-testid="roundups-pending-amount"]')),
      buttons: { confirm: enabled(main, 'Confirm'), decline: enabled(main, 'Decline'), save: enabled(main, 'Save limits') },
      summary: textOf(document.querySelector('[data-testid="roundups-settings-summary"]')),
      capNote: textOf(document.querySelector('[data-testid="roundups-cap-note"]')),
      banner: banner ? { text: banner.textContent ?? '', confirm: enabled(banner, 'Confirm'), decline: enabled(banner, 'Decline') } : null,
      card: card && toggle ? { text: card.textContent ?? '', checked: toggle.checked, disabled: toggle.disabled } : null,
    };
  }, switchedId);
}

/** Where the screen differs from what the view says (empty when it shows it). */
function differences(screen: ScreenState, expected: RoundupsSnapshot, on: string): string[] {
  const view = roundupsView(expected);
  const out: string[] = [];
  const same = (what: string, shown: unknown, said: unknown) => {
    if (JSON.stringify(shown) !== JSON.stringify(said)) out.push(`${what}: the screen shows ${JSON.stringify(shown)}, the view says ${JSON.stringify(said)}`);
  };
  same('the pension-plan alert', screen.planAlert, view.planAlert.visible);
  same('the failure', screen.alerts.some((a) => view.error !== null && a.includes(view.error.message)) || screen.alerts.length === 0, true);
  same('a failure shows', screen.alerts.length > 0, view.error !== null);
  if (on === '/roundups') {
    same('loading', screen.loadingRoundups, view.loading);
    same('the pending amount', screen.pendingAmount, view.page.amount);
    same('Confirm enabled', screen.buttons.confirm, view.page.confirmEnabled);
    same('Decline enabled', screen.buttons.decline, view.page.declineEnabled);
    same('the notice', screen.statuses.find((t) => /on its way|declined|no round-ups to send/.test(t)) ?? null, view.notice);
    same('the limits', screen.summary, view.settings ? `${view.settings.capText}${view.settings.floorText}${view.settings.pauseText}` : null);
    if (view.settings) same('Save limits enabled', screen.buttons.save, view.settings.canSave);
    same('what waits beyond the cap', screen.capNote, view.settings?.cap?.text ?? null);
    // The page's own buttons stand in for the banner's.
    same('the daily prompt', screen.banner !== null, false);
  } else {
    same('the daily prompt', screen.banner !== null, view.banner.visible);
    if (view.banner.visible && screen.banner) {
      same('the prompt’s amount', screen.banner.text.includes(`rounded up to ${view.banner.amount}`), true);
      same('the prompt’s Confirm enabled', screen.banner.confirm, view.banner.confirmEnabled);
      same('the prompt’s Decline enabled', screen.banner.decline, view.banner.declineEnabled);
    }
    same('loading', screen.loadingAccounts, view.loading);
    const account = view.accounts.find((a) => a.id === switchedId);
    if (!view.loading && account) {
      same('the switch', screen.card && { checked: screen.card.checked, disabled: screen.card.disabled }, { checked: account.roundups, disabled: view.busy });
      same('the account’s pending round-ups', screen.card?.text.includes(`Pending round-ups${account.pendingBalance}`), true);
    }
  }
  return out;
}

async function observe(expected: RoundupsSnapshot, screen: string) {
  let last: string[] = [];
  await expect
    .poll(
      async () => {
        last = differences(await readScreen(switchedId), expected, screen);
        return last;
      },
      { message: 'the screen shows what the view says', timeout: 10_000, interval: 100 },
    )
    .toEqual([]);
  expectNoPageProblems(page);
}

// ─── Running the paths ───────────────────────────────────────────────────────────────────────────

/** A new round-ups actor: the prompt's closing time forgotten outside the app, the screen loaded afresh. */
async function reset(screen: string): Promise<RoundupsSnapshot> {
  await releaseAll();
  await page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  }, CLOSED_KEY_PREFIX);
  await page.goto(screen);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const [initial] = initialTransition(roundupsMachine, { user, closedAt: null, now: await pageNow() });
  return initial;
}

async function replay(path: UiPath) {
  const screen = screenOf(path);
  let expected = await reset(screen);
  await observe(expected, screen);
  for (const [index, step] of path.steps.entries()) {
    try {
      const event = await act(step, screen, expected);
      // A page opened afresh starts a new actor, as the session gives it (closedAt arrives with the first load).
      if (event.type === 'page.reopened') [expected] = initialTransition(roundupsMachine, { user, closedAt: null, now: await pageNow() });
      else [expected] = transition(roundupsMachine, expected, event as RoundupsEvent);
      // The walk and the real answers agree on where the machine is.
      expect(dotted(expected.value)).toBe(step.target);
      await observe(expected, screen);
    } catch (error) {
      await screenshot(page, `roundups-path-${path.id}-step-${index + 1}-failure`).catch(() => undefined);
      throw new Error(`Step ${index + 1} (${step.words}) → ${step.target}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  await screenshot(page, `roundups-path-${path.id}`);
}

const describePath = (path: UiPath) => `${path.target} ← ${path.steps.map((s) => s.words).join(' → ') || 'sign in'}`;

describe('the round-ups machine’s shortest paths, through the UI', () => {
  beforeAll(async () => {
    const browser = await launchBrowser();
    page = await newPage(browser);
    const account = await createUserWithPassword();
    await setUpPensionByApi(account, 'IL-24681357');
    const login = await postJson('/auth/login', { email: account.email, password: account.password });
    user = v.parse(UserSchema, login.body.user);
    await postJson('/auth/logout', { refresh_token: String(login.body.refresh_token) });
    // The page's clock is the test's from the start (it runs in real time until a path moves it).
    await page.clock.install({ time: Date.now() });
    await signIn(page, account, { remember: true });
    await linkAtSandboxBank(page);
    await linkAtSandboxBank(page, { bank: 'Sandbox Digital' });
    await settle(page);
    // Sandbox Digital's current account: its Round-ups switch is the one the paths turn.
    const again = await postJson('/auth/login', { email: account.email, password: account.password });
    const accounts = (await (await fetch(`${baseUrl()}${API}/accounts`, { headers: { authorization: `Bearer ${String(again.body.access_token)}` } })).json()) as { id: string; display_name: string }[];
    switchedId = accounts.find((a) => a.display_name === 'Sandbox Digital')!.id;
    await postJson('/auth/logout', { refresh_token: String(again.body.refresh_token) });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().method() !== 'GET') return;
      if (url.pathname === `${API}/graph`) latest.graph = response.json();
      if (url.pathname === `${API}/roundups/settings`) latest.settings = response.json();
    });
    await page.route(
      (url) => url.pathname.startsWith(`${API}/accounts`) || url.pathname.startsWith(`${API}/roundups/`),
      (route) => {
        const request = route.request();
        const kind = heldKindOf(request.method(), new URL(request.url()).pathname);
        if (kind) held.push({ kind, route, request });
        else void route.continue();
      },
    );
  });

  afterAll(async () => {
    await releaseAll().catch(() => undefined);
    await page?.context().browser()?.close();
  });

  const input = { user: { email: 'walk@example.ie', pension_plan_id: 'IL-00000000' } as never, closedAt: null, now: 0 };
  const paths = shortestUiPaths(input);

  it('has a path to every state of the machine', () => {
    expect(new Set(paths.map((p) => p.target))).toEqual(new Set(Object.keys(roundupsMachine.root.states)));
  });

  for (const path of paths) it(`${path.id} ${describePath(path)}`, () => replay(path));

  const snooze = snoozePath(input);
  it(`${snooze.id} the snooze: ${describePath(snooze)}`, () => replay(snooze));
});
