/**
 * Every route at 360 px wide, the narrowest phone in common use: nothing may be cut or spill out.
 * On every screen, fails on text an element cannot hold (scrollWidth > clientWidth, an ellipsis),
 * on an amount of money broken over two lines, on a page wider than the viewport, on anything
 * reaching past the edge of its card (a table wider than the card it sits in), and on a box that
 * scrolls sideways (what is off its edge goes unseen on a phone). The signed-in user has what makes
 * screens widest: a claim with three credits and declared income (status badges, negative
 * amounts), pension figures, and a linked bank with pending round-ups (the /roundups table).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import { defaultClaimYear } from '../../src/domain/tax/index.ts';
import { ROUTE_PATTERNS, examplePath, outcomeFor } from '../support/routeTable.ts';
import { screenshot, useBrowser, visit } from './harness.ts';
import { linkAtSandboxBank } from './roundupsSteps.ts';
import { postJson, signIn, type TestUser } from './users.ts';

const NARROW = { width: 360, height: 740 } as const;

/** What is cut or spills on the page now, one line each (empty when all fits). */
function overflowsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px viewport`);
    const describe = (el: Element) => {
      const text = (el instanceof HTMLInputElement ? el.value : el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).find((c) => c.startsWith('mantine-')) : undefined;
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${text}"`;
    };
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!visible(el) || el.closest('[aria-hidden="true"], svg, canvas, .mantine-ScrollArea-root')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'contents') continue;
      // Screen-reader text is 1 px wide on purpose.
      if (el.clientWidth <= 1 && style.position === 'absolute') continue;
      // A field the user types in scrolls its text; one that only shows a value (a select, a
      // read-only field) must hold it.
      const shownValue = el instanceof HTMLInputElement && (el.readOnly || el.disabled) && el.type !== 'hidden' && el.value.trim() !== '';
      const ownText = shownValue || (!(el instanceof HTMLInputElement) && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== ''));
      if (!ownText) continue;
      // One pixel of rounding is not a cut.
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${describe(el)} needs ${el.scrollWidth} px, has ${el.clientWidth} px${style.textOverflow === 'ellipsis' ? ' (cut with an ellipsis)' : ''}`);
    }
    // A box that scrolls sideways hides what is past its edge, with no sign of it on a phone.
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!visible(el) || el.closest('[aria-hidden="true"], svg, canvas, .mantine-ScrollArea-root')) continue;
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${describe(el)} scrolls sideways: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
      }
    }
    // Nothing reaches past its card's edge (a table's last column out of its card, the page still
    // narrower than the viewport). Reported once, for the outermost element that does.
    const cards = '.mantine-Paper-root, .mantine-Accordion-item';
    for (const el of document.querySelectorAll<HTMLElement>(`:is(${cards}) *`)) {
      if (!visible(el) || el.closest('[aria-hidden="true"], svg, canvas, .mantine-ScrollArea-root')) continue;
      if (el.clientWidth <= 1 && getComputedStyle(el).position === 'absolute') continue;
      const card = el.parentElement?.closest(cards);
      if (!card) continue;
      const box = el.getBoundingClientRect();
      const edge = card.getBoundingClientRect();
      if (box.right <= edge.right + 1 && box.left >= edge.left - 1) continue;
      const parent = el.parentElement!;
      const parentBox = parent.getBoundingClientRect();
      if (parent !== card && (parentBox.right > edge.right + 1 || parentBox.left < edge.left - 1)) continue;
      problems.push(`${describe(el)} reaches ${Math.round(box.left)}–${Math.round(box.right)} px, past its card's ${Math.round(edge.left)}–${Math.round(edge.right)} px`);
    }
    // An amount of money is read as one thing: never broken over two lines.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (!/^[-−]?€[\d,]+(\.\d\d)?$/.test(text) || !node.parentElement || !visible(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`the amount "${text}" is split over ${lines.size} lines`);
    }
    return problems;
  });
}

/** A PAYE-authorised user with pension figures and a claim holding three credits and declared income. */
async function wideUser(): Promise<TestUser> {
  const user = inject('firstTimeUsers').at(-1)!;
  const login = await postJson('/auth/login', { email: user.email, password: user.password });
  const token = String(login.body.access_token);
  await postJson('/pension-info', { annual_income: 48_000, paid_pension: 1_500, marital_status: 'married', pension_plan_id: 'IL12345678' }, token);
  const questions = {
    'health-expenses': form11Sample('health-expenses'),
    'rent-tax-credit': form11Sample('rent-tax-credit'),
    'tuition-fees': form11Sample('tuition-fees'),
    'final-form': { 'rental-income': form11Sample('rental-income') },
  };
  const sent = await postJson('/answer-multiple', { year: defaultClaimYear(dayjs()), questions }, token);
  if (sent.status !== 200) throw new Error(`answer-multiple answered ${sent.status}`);
  await postJson('/auth/logout', { refresh_token: String(login.body.refresh_token) });
  return user;
}

async function sweep(page: Page, routes: readonly string[], shots: string): Promise<string[]> {
  const found: string[] = [];
  for (const href of routes) {
    await visit(page, href);
    for (const problem of await overflowsOn(page)) found.push(`${href}: ${problem}`);
    await screenshot(page, `${shots}${href.replace(/[/?=]+/g, '-')}`);
  }
  return found;
}

describe('every screen at 360 px', () => {
  const b = useBrowser({ viewport: NARROW, deferAccessibility: true });

  it('signed out: the public screens fit', async () => {
    const routes = ROUTE_PATTERNS.filter((route) => outcomeFor(route, 'signed out') === 'P').map(examplePath);
    expect(await sweep(b.page, routes, 'narrow-public')).toEqual([]);
  });

  it('signed in with a claim and a linked bank: every screen fits', async () => {
    await signIn(b.page, await wideUser());
    // Its card purchases give /roundups a table of pending round-ups (and the daily prompt a sum).
    await linkAtSandboxBank(b.page);
    const routes = ROUTE_PATTERNS.filter((route) => outcomeFor(route, 'signed out') !== 'P' && outcomeFor(route, 'PAYE-authorised') === 'P').map(examplePath);
    expect(routes.length).toBeGreaterThan(15);
    expect(await sweep(b.page, routes, 'narrow')).toEqual([]);
  });
});
