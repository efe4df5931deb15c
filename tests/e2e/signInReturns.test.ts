/**
 * The sign-in forms never strand a user (desktop and phone): a signed-in user opening /auth/login or
 * /auth/register is sent on to the Overview, while a login with `?redirect=` still lands where it was
 * sent from (the route guard and the login flow agree, so they cannot race to two places); after
 * the inactivity sign-out the login says why and returns the user to the page they were on, which a
 * plain Logout does not.
 */
import { describe, expect, it } from 'vitest';
import { checkScreen, settle, useBrowser, viewports, visit } from './harness.ts';
import { accountMenu, createUserWithPassword, editProfileByApi, loginFields, signIn, type TestUser } from './users.ts';

const MINUTE = 60_000;
const IDLE_NOTICE = 'You were signed out after 55 minutes without activity. Log in again to go back to where you were.';
const pathOf = (url: string) => new URL(url).pathname;

async function userWithIncome(): Promise<TestUser> {
  const user = await createUserWithPassword();
  await editProfileByApi(user, { annual_income: 48_000 });
  return user;
}

describe.each(Object.entries(viewports))('sign-in forms (%s)', (name, viewport) => {
  const b = useBrowser({ viewport });

  it('a signed-in user typing /auth/login or /auth/register lands on the Overview', async () => {
    const { page } = b;
    await signIn(page, await userWithIncome());
    await visit(page, '/auth/login');
    await page.waitForURL((url) => url.pathname === '/landing');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await visit(page, '/auth/register');
    await page.waitForURL((url) => url.pathname === '/landing');
    // Typed with a redirect, the guard sends the user where a login would have.
    await visit(page, '/auth/login?redirect=%2Fsettings');
    await page.waitForURL((url) => url.pathname === '/settings');
    await checkScreen(page, `signed-in-login-${name}`);
  });

  it('a login sent from /settings lands on /settings, not the Overview', async () => {
    const { page } = b;
    const user = await userWithIncome();
    await visit(page, '/settings');
    await page.waitForURL((url) => url.pathname === '/auth/login' && url.searchParams.get('redirect') === '/settings');
    const fields = loginFields(page);
    await fields.email.fill(user.email);
    await fields.password.fill(user.password);
    await fields.submit.click();
    await page.waitForURL((url) => url.pathname === '/settings');
    // The guard re-ran as the user signed in: it agrees, so nothing moves the user on afterwards.
    await settle(page);
    await page.waitForTimeout(300);
    expect(pathOf(page.url())).toBe('/settings');
    await checkScreen(page);
  });

  it('after the inactivity sign-out the login says why and returns the user to the page they were on; a Logout does not', async () => {
    const { page } = b;
    const user = await userWithIncome();
    await page.clock.install({ time: Date.now() });
    await signIn(page, user);
    await visit(page, '/pension-refund');

    await page.clock.runFor(1_100);
    await page.mouse.move(40, 300);
    await page.clock.fastForward(50 * MINUTE);
    await page.getByRole('dialog', { name: 'Session Timeout Warning' }).waitFor();
    await page.clock.fastForward(5 * MINUTE);
    await page.waitForURL((url) => url.pathname === '/auth/login' && url.searchParams.get('redirect') === '/pension-refund');
    await page.getByText(IDLE_NOTICE).waitFor();
    await checkScreen(page, `idle-signed-out-login-${name}`);

    const fields = loginFields(page);
    await fields.email.fill(user.email);
    await fields.password.fill(user.password);
    await fields.submit.click();
    await page.waitForURL((url) => url.pathname === '/pension-refund');
    await checkScreen(page);

    // A plain Logout: the login, without the inactivity notice.
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await loginFields(page).submit.waitFor();
    await settle(page);
    expect(await page.getByText(IDLE_NOTICE).count()).toBe(0);
    await checkScreen(page);
  });
});
