/**
 * The inactivity warning on a controlled browser clock (spec sections 4 and 8): after 50 idle
 * minutes the Session Timeout Warning counts down 5:00 (m:ss); Continue Session dismisses it;
 * idle again, the countdown's end signs the user out to /auth/login.
 *
 * Playwright's clock fakes Date, timers and animation frames in the page; it is installed before
 * the first navigation and then keeps flowing in real time, except where the test jumps it with
 * fastForward (each due timer fires at most once, as after a laptop lid is reopened). The server
 * keeps the real clock, so its 15-minute access tokens do not expire in fake time.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen, useBrowser, visit } from './harness.ts';
import { accountMenu, createUserWithPassword, signIn, storedSessionKeys } from './users.ts';

const MINUTE = 60_000;
const WARNING_TEXT = /^Due to inactivity, you will be automatically logged out in (\d+:\d{2})\. Would you like to continue your session\?$/;

function warningDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Session Timeout Warning' });
}

/** The countdown the dialog shows now ('m:ss'), checking the whole sentence. */
async function countdown(page: Page): Promise<string> {
  const text = (await warningDialog(page).locator('#session-timeout-text').textContent())?.replace(/\s+/g, ' ').trim() ?? '';
  const match = WARNING_TEXT.exec(text);
  if (!match) throw new Error(`Unexpected warning text: ${JSON.stringify(text)}`);
  return match[1]!;
}

describe('inactivity', () => {
  // Journeys run to their end; axe violations found on the way fail the test afterwards.
  const b = useBrowser({ deferAccessibility: true });

  it('warns after 50 idle minutes, counts down in m:ss, continues, and signs out when the countdown ends', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await page.clock.install({ time: Date.now() });
    await signIn(page, user, { remember: true });
    expect(new URL(page.url()).pathname).toBe('/pension-info');
    expect(await warningDialog(page).count()).toBe(0);

    // The last activity: a mouse move now (activity is throttled to one report a second, so wait past that first).
    await page.clock.runFor(1_100);
    await page.mouse.move(40, 300);
    await page.mouse.move(60, 320);

    // 49 idle minutes: no warning yet.
    await page.clock.fastForward(49 * MINUTE);
    expect(await warningDialog(page).count()).toBe(0);

    // 50 idle minutes: the warning with a full countdown.
    await page.clock.fastForward(1 * MINUTE);
    await warningDialog(page).waitFor();
    expect(['5:00', '4:59']).toContain(await countdown(page));
    await checkScreen(page, 'inactivity-warning');

    // 61 seconds later: 61 s less. The page's clock also runs in real time, and the scan above takes
    // seconds on a busy machine, so the count is taken from just before the jump.
    const seconds = (text: string) => Number(text.split(':')[0]) * 60 + Number(text.split(':')[1]);
    const before = seconds(await countdown(page));
    expect(before).toBeGreaterThan(200);
    await page.clock.fastForward(61_000);
    await expect.poll(async () => before - seconds(await countdown(page))).toSatisfy((elapsed: number) => elapsed >= 61 && elapsed <= 63);

    await warningDialog(page).getByRole('button', { name: 'Continue Session' }).click();
    await warningDialog(page).waitFor({ state: 'hidden' });
    await checkScreen(page);
    expect(new URL(page.url()).pathname).toBe('/pension-info');

    // Idle again for 50 minutes: the warning comes back.
    await page.clock.fastForward(50 * MINUTE);
    await warningDialog(page).waitFor();
    expect(await countdown(page)).toMatch(/^[45]:\d{2}$/);

    // The countdown runs out: signed out, on the login screen.
    await page.clock.fastForward(5 * MINUTE);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await checkScreen(page, 'inactivity-signed-out');
    expect(await warningDialog(page).count()).toBe(0);
    expect(await accountMenu(page).count()).toBe(0);
    expect(await storedSessionKeys(page)).toEqual([]);
  });

  it('counts activity and warns on a public page too: a signed-in user reading the terms', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await page.clock.install({ time: Date.now() });
    await signIn(page, user, { remember: true });
    // A full page load: the remembered session is restored on a page without the signed-in bars.
    await visit(page, '/terms-and-conditions');
    expect(new URL(page.url()).pathname).toBe('/terms-and-conditions');
    await accountMenu(page).waitFor({ state: 'detached' });

    // Reading: a mouse move after 40 idle minutes counts as activity here…
    await page.clock.runFor(1_100);
    await page.mouse.move(40, 300);
    await page.clock.fastForward(40 * MINUTE);
    await page.mouse.move(80, 340);
    // …so 50 minutes after the first move there is no warning yet,
    await page.clock.fastForward(40 * MINUTE);
    expect(await warningDialog(page).count()).toBe(0);
    // but 50 minutes after the last one there is, on this page.
    await page.clock.fastForward(10 * MINUTE);
    await warningDialog(page).waitFor();
    expect(['5:00', '4:59']).toContain(await countdown(page));
    expect(new URL(page.url()).pathname).toBe('/terms-and-conditions');
    await checkScreen(page, 'inactivity-warning-terms');

    await warningDialog(page).getByRole('button', { name: 'Continue Session' }).click();
    await warningDialog(page).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/terms-and-conditions');
    expect(await storedSessionKeys(page)).toEqual(['localStorage.session', 'localStorage.refresh_token', 'localStorage.remember_me']);
  });
});
