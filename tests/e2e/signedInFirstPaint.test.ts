/**
 * A signed-in page paints before the server has said whether the stored session is still good:
 * reloaded while GET /profile is held back, /landing shows its frame and its heading (never the
 * sign-in page, never a full-screen "Loading..."), and the Overview then fills in below that
 * heading without moving it. A session the server refuses still ends on the sign-in page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settle, useBrowser, viewports } from './harness.ts';
import { API, createUserWithPassword, editProfileByApi, signIn } from './users.ts';

/** Holds GET /profile until the returned release is called; `refuse` answers 401 instead of passing it on. */
async function holdProfile(page: Page, options: { refuse?: boolean } = {}): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${API}/profile`, async (route) => {
    await released;
    if (options.refuse) await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Unauthenticated.' }) });
    else await route.continue();
  });
  return release;
}

/** A new user with an income, signed in with "remember me" (so a reload resumes the stored session), on the Overview. */
async function rememberedOnOverview(page: Page) {
  const user = await createUserWithPassword();
  await editProfileByApi(user, { annual_income: 48_000 });
  await signIn(page, user, { remember: true });
  await page.waitForURL((url) => url.pathname === '/landing');
}

/** The page's layout shift so far (what the user did not cause). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
}

describe('the first paint of a signed-in page', () => {
  const b = useBrowser({ viewport: viewports.mobile });

  it('shows the frame and the Overview heading while GET /profile is held, then the Overview under the same heading', async () => {
    const { page } = b;
    await rememberedOnOverview(page);

    const release = await holdProfile(page);
    void page.reload();
    const heading = page.getByRole('heading', { level: 1, name: /^You have \d+ days remaining to MAX OUT for \d{4}$/ });
    await heading.waitFor();
    // Still waiting on the server: the frame is there, the Overview's figures and the account name are not.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('My pension this year').count()).resolves.toBe(0);
    await expect(page.getByText('Loading...').count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/landing');
    const before = await heading.boundingBox();

    release();
    await page.getByText('My pension this year').waitFor();
    await page.getByRole('button', { name: /^Account menu: / }).waitFor();
    await settle(page);
    const after = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(after).toEqual(before);
    // The layout did not shift while the Overview filled in.
    await expect(layoutShift(page)).resolves.toBe(0);
  });

  it('Settings shows its heading and its line at once; the sections come below them without moving them', async () => {
    const { page } = b;
    await rememberedOnOverview(page);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();

    const release = await holdProfile(page);
    void page.reload();
    const line = page.getByText(/^Your password and two-step sign-in, the devices signed in to your account/);
    await line.waitFor();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Change password' }).count()).resolves.toBe(0);
    const before = await line.boundingBox();

    release();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByRole('heading', { name: 'Close my account' }).waitFor();
    await settle(page);
    await expect(line.boundingBox()).resolves.toEqual(before);
    await expect(layoutShift(page)).resolves.toBe(0);
  });

  it('a session the server refuses while the frame shows still ends on the sign-in page', async () => {
    const { page } = b;
    await rememberedOnOverview(page);

    const release = await holdProfile(page, { refuse: true });
    await page.route(`**${API}/auth/refresh`, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Unauthenticated.' }) }));
    // Not `visit`: its accessibility scan would still run when the page moves on to the sign-in form,
    // beside the one the harness runs after the test ("Axe is already running").
    void page.goto('/settings', { waitUntil: 'load' }).catch(() => undefined);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    release();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByRole('button', { name: /log in/i }).first().waitFor();
  });
});
