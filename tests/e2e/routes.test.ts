import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ROUTE_PATTERNS, USER_KIND_NAMES, examplePath, landingOf, outcomeFor, type UserKind } from '../support/routeTable.ts';
import { checkScreen, settle, expectAccessible, expectNoPageProblems, useBrowser, visit } from './harness.ts';
import { createUserWithPassword, editProfileByApi, loginFields, signIn, type TestUser } from './users.ts';

/**
 * Every route of the spec, opened by each kind of user: where they end up (the route itself or
 * where its guard sends them, with the attempted address kept for the way back) must be what the
 * hand-written route table says, and every screen reached must render without console errors and
 * pass the accessibility scan (each distinct screen is scanned once).
 *
 * Each user's first route is a full page load (the guard waits for the stored session to be
 * restored); the others are opened as a link inside the app would, through the history API,
 * which runs the same guards without reloading the app 27 times.
 */

/** Opens `href` inside the running app, as a link would (the router follows history changes). */
async function openInApp(page: Page, href: string, options: { scan: boolean }) {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
  await settle(page);
  expectNoPageProblems(page);
  if (options.scan) await expectAccessible(page);
}

/** Path and search of the page, with the search as decoded pairs (encodings of `/` vary). */
function where(page: Page) {
  const url = new URL(page.url());
  return { path: url.pathname, search: Object.fromEntries(url.searchParams) };
}
function expectedWhere(target: string) {
  const url = new URL(target, 'http://x');
  return { path: url.pathname, search: Object.fromEntries(url.searchParams) };
}

async function userOf(kind: UserKind): Promise<TestUser | null> {
  switch (kind) {
    case 'signed out':
      return null;
    case 'signed in, no annual_income':
      return createUserWithPassword();
    case 'income, not PAYE-authorised': {
      const user = await createUserWithPassword();
      await editProfileByApi(user, { annual_income: 48_000 });
      return user;
    }
    case 'PAYE-authorised':
      return inject('payeUser');
  }
}

describe('every route, as every kind of user', () => {
  const b = useBrowser();
  const scanned = new Set<string>();

  it.each(USER_KIND_NAMES)('%s', async (kind) => {
    const user = await userOf(kind);
    if (user) await signIn(b.page, user);
    for (const [index, route] of ROUTE_PATTERNS.entries()) {
      const href = examplePath(route);
      const target = landingOf(outcomeFor(route, kind), href, kind);
      const screen = expectedWhere(target).path;
      const scan = !scanned.has(screen);
      if (index === 0) await visit(b.page, href, { scan });
      else await openInApp(b.page, href, { scan });
      scanned.add(screen);
      await expect.poll(() => where(b.page), { message: `${kind} opening ${href}` }).toEqual(expectedWhere(target));
    }
  });
});

describe('search params from a link', () => {
  const b = useBrowser();

  it('an off-site redirect on /auth/login is dropped: the login shows, and signing in stays on MaxOut', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await visit(page, '/auth/login?redirect=//evil.example');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    const fields = loginFields(page);
    await fields.email.fill(user.email);
    await fields.password.fill(user.password);
    await fields.submit.click();
    await page.waitForURL((url) => url.pathname === '/landing');
    expect(new URL(page.url()).origin).toBe(new URL(inject('baseUrl')).origin);
    await checkScreen(page);
  });

  it('a javascript: returnTo on /profile is dropped: the profile shows, not an error', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user);
    await visit(page, '/profile?returnTo=javascript:alert(1)');
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  });
});
