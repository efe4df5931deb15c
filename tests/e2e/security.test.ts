/**
 * Settings → Security in the browser: turn on two-step sign-in (QR code, first code, recovery
 * codes), sign out, sign in again with a code, see the devices and sign out another device,
 * which is then signed out there too.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors, checkScreen, screenshot, useBrowser, visit } from './harness.ts';
import { createUserWithPassword, editProfileByApi, field, loginFields, signIn, signOutFromMenu } from './users.ts';

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
function appCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
}

/** The login screen, sent on to /settings afterwards (the route guard's own redirect). */
const SETTINGS_LOGIN = '/auth/login?redirect=%2Fsettings';

describe('security settings', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('two-step sign-in: turn on, sign out, sign in with a code, then sign out the other device from the list', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    // An income recorded, so the guard lets the user reach /settings.
    await editProfileByApi(user, { annual_income: 45_000 });

    // The other device: signed in before two-step sign-in is turned on (which ends its session).
    const other = await b.newPage();
    allowConsoleErrors(other, /401|Unauthorized/i);
    await visit(other, SETTINGS_LOGIN);
    await signIn(other, user, { visitLogin: false });

    await visit(page, SETTINGS_LOGIN);
    await signIn(page, user, { visitLogin: false });
    expect(new URL(page.url()).pathname).toBe('/settings');
    await checkScreen(page, 'settings-security');
    await page.getByRole('heading', { name: 'Security', exact: true }).waitFor();
    // Turning it on asks for the password first.
    await page.getByRole('form', { name: 'Turn on two-step sign-in' }).getByLabel('Password to turn it on').fill(user.password);
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await checkScreen(page, 'settings-two-factor-qr');
    await field(page, '2. Enter the 6-digit code the app shows').fill(appCode(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByText('Two-step sign-in is on', { exact: true }).waitFor();
    const codes = (await page.getByTestId('recovery-codes').innerText()).split(/\s+/).filter(Boolean);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await checkScreen(page, 'settings-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByText(/Recovery codes left: 10/).waitFor();
    expect(await page.getByTestId('recovery-codes').count()).toBe(0);

    // Sign out, then in again: the password is not enough any more.
    await signOutFromMenu(page);
    const fields = loginFields(page);
    await fields.email.fill(user.email);
    await fields.password.fill(user.password);
    await fields.submit.click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await checkScreen(page, 'login-code-step');
    // A wrong code keeps the step and says so.
    const wrong = appCode(secret) === '000000' ? '111111' : '000000';
    await field(page, 'Code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not correct. Check your authenticator app and try again.').waitFor();
    // The next step's code: the one used to turn it on cannot be used twice.
    await field(page, 'Code').fill(appCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

    // Turning it on ended the other device's password-only session: this one is the only device.
    await visit(page, '/settings');
    const rows = page.getByTestId('device-row');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByText('Signed in with password and code').first().waitFor();
    await page.getByText('Two-step sign-in turned on').first().waitFor();
    await screenshot(page, 'settings-devices');

    // The other device finds its session ended at its next request.
    await other.reload({ waitUntil: 'load' });
    await other.waitForURL((url) => url.pathname === '/auth/login', { timeout: 15_000 });
  });
});
