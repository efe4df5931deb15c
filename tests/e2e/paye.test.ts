/**
 * PAYE authorisation in the browser (spec sections 2, 4 and 5): the agent declaration signed with
 * a signature drawn on the pad, Authorize enabled only once first name, surname and signature are
 * present, the profile authorised afterwards, the opt-out notice and Decline; and the submitted
 * claim screen. Desktop and phone screenshots.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen, screenshot, useBrowser, viewports, visit } from './harness.ts';
import { readServerLog, waitForMail } from './serverLog.ts';
import { PPSN_INVALID } from '../../src/domain/schemas/messages.ts';
import { API, createUserWithPassword, editProfileByApi, field, fieldError, postJson, signIn, uniqueEmail } from './users.ts';
import { drawSignature } from './form11Steps.ts';

const pathOf = (url: string) => new URL(url).pathname;

/** A call to the API with the page's own session (the token the app keeps under 'session'). */
async function apiFromPage(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(
    async ({ url, method, body }) => {
      const token = sessionStorage.getItem('session') ?? localStorage.getItem('session');
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token ?? ''}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { url: `${API}${path}`, method, body },
  );
}

describe('PAYE authorisation', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('signs the declaration with a drawn signature, lands on the Tax Refund page, and the profile is authorised', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user);

    // A form page needs the authorisation: the guard sends the user to sign, remembering where they were going.
    await visit(page, '/form11-questionnaire');
    expect(pathOf(page.url())).toBe('/auth/paye-authorization');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/form11-questionnaire');

    await visit(page, '/auth/paye-authorization');
    const authorize = page.getByRole('button', { name: 'Authorize' });
    await expect.poll(() => authorize.isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('agent-details').textContent()).toMatch(/TAIN/);
    // Two-step sign-in is off: optional, so nothing asks for it, but the form recommends it.
    expect(await page.getByTestId('two-factor-advice').textContent()).toContain('We recommend two-step sign-in');
    expect(await page.getByRole('link', { name: 'Turn it on in Settings → Security' }).getAttribute('href')).toBe('/settings');
    // Prefilled from the account: the email (read-only) and the date of birth given at registration.
    expect(await field(page, 'Taxpayer email').inputValue()).toBe(user.email);
    expect(await field(page, 'Date of birth').inputValue()).toBe('01.02.1985');
    expect(await page.getByRole('radio', { name: 'Me, the taxpayer' }).isChecked()).toBe(true);

    await field(page, 'First name').fill('Siobhán');
    await field(page, 'Surname').fill("O'Brien");
    // A PPSN that is not one is said when the field is left, not while typing.
    await field(page, 'PPSN').fill('1234567');
    expect(await fieldError(page, 'PPSN')).toBe('');
    await field(page, 'PPSN').blur();
    await expect.poll(() => fieldError(page, 'PPSN')).toBe(PPSN_INVALID);
    // Names without a signature: still disabled.
    expect(await authorize.isDisabled()).toBe(true);
    await screenshot(page, 'paye-authorization-unsigned');

    await drawSignature(page);
    // The pad emits its image 100 ms after the stroke ends; then Authorize is enabled.
    await expect.poll(() => authorize.isEnabled(), { timeout: 3_000 }).toBe(true);
    // Authorize checks the whole form first: with the PPSN still wrong nothing is sent and the message stays.
    await authorize.click();
    await expect.poll(() => fieldError(page, 'PPSN')).toBe(PPSN_INVALID);
    expect(pathOf(page.url())).toBe('/auth/paye-authorization');
    expect((await apiFromPage(page, 'GET', '/profile')).body.paye_a1_authorized).toBe(false);
    await field(page, 'PPSN').fill('1234567T');
    await expect.poll(() => fieldError(page, 'PPSN')).toBe('');
    await checkScreen(page, 'paye-authorization-signed');

    // Clear takes the signature away again.
    await page.getByRole('button', { name: 'Clear your signature' }).click();
    await expect.poll(() => authorize.isDisabled()).toBe(true);
    await drawSignature(page);
    await expect.poll(() => authorize.isEnabled(), { timeout: 3_000 }).toBe(true);

    await authorize.click();
    await page.waitForURL((url) => url.pathname === '/tax-refund-questions');
    await checkScreen(page);

    const profile = await apiFromPage(page, 'GET', '/profile');
    expect(profile.body).toMatchObject({ paye_a1_authorized: true, opt_out_paye_auth: false, first_name: 'Siobhán', surname: "O'Brien", ppsn: '•••••67T' });
    const status = await apiFromPage(page, 'GET', '/paye-authorization');
    expect(status.body.authorization).toMatchObject({ document_holder: 'self' });

    // Authorised: the form pages open without a detour (that screen's own checks are its tests' business).
    await visit(page, '/form11-questionnaire', { scan: false });
    expect(pathOf(page.url())).toBe('/form11-questionnaire');

    // A claim sent, then the submitted screen shows its year, estimate and next steps.
    const answer = await apiFromPage(page, 'POST', '/answer', {
      year: 2025,
      question: 'health-expenses',
      answer: { doctorsAndConsultants: 800 },
    });
    expect(answer.status).toBe(200);
    await visit(page, '/tax-refund-submitted', { screenshot: 'tax-refund-submitted' });
    await page.getByRole('heading', { name: 'Your claim for 2025 is submitted' }).waitFor();
    expect(await page.getByTestId('estimated-refund').textContent()).toBe('€160.00');
    expect(await page.getByRole('list', { name: 'What you claimed for 2025' }).textContent()).toContain('Health Expenses');
    await page.getByRole('link', { name: 'Back to Overview' }).click();
    await page.waitForURL((url) => url.pathname === '/landing');
  });

  it('on a phone: the opt-out notice, Enable PAYE Authorization, the form, and Decline to the refund options', async () => {
    const { page } = b;
    await page.setViewportSize(viewports.mobile);
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000, first_name: 'Aoife', surname: 'Byrne', opt_out_paye_auth: true });
    await signIn(page, user);

    await visit(page, '/auth/paye-authorization?returnTo=%2Fform11%2Frent-tax-credit', { screenshot: 'paye-opted-out-mobile' });
    await page.getByText('You have opted out of PAYE authorisation').waitFor();
    await page.getByRole('button', { name: 'Enable PAYE Authorization' }).click();
    await page.getByRole('button', { name: 'Authorize' }).waitFor();
    // Names come from the profile; only the signature is missing.
    expect(await field(page, 'First name').inputValue()).toBe('Aoife');
    expect(await page.getByRole('button', { name: 'Authorize' }).isDisabled()).toBe(true);
    expect((await apiFromPage(page, 'GET', '/profile')).body.opt_out_paye_auth).toBe(false);
    await drawSignature(page);
    await expect.poll(() => page.getByRole('button', { name: 'Authorize' }).isEnabled(), { timeout: 3_000 }).toBe(true);
    await checkScreen(page, 'paye-authorization-mobile');

    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL((url) => url.pathname === '/tax-refund-options');
    await checkScreen(page);
    expect((await apiFromPage(page, 'GET', '/profile')).body.paye_a1_authorized).toBe(false);
  });

  it('an account whose email is not verified is told why it cannot sign yet, and can ask for a new link', async () => {
    const { page } = b;
    // Registration signs in at once, before the mailed link proves the address.
    const email = uniqueEmail('unverified');
    const post = async (path: string, body: unknown, token?: string) => (await postJson(path, body, token)).body as Record<string, string>;
    const session = await post('/auth/register', { email, details: { dob: '1985-02-01', maritalStatus: 'single' } });
    await post('/edit-profile', { annual_income: 48_000 }, session.access_token);
    await visit(page, '/welcome');
    await page.evaluate(({ access, refresh }) => {
      sessionStorage.setItem('session', access);
      sessionStorage.setItem('refresh_token', refresh);
    }, { access: session.access_token ?? '', refresh: session.refresh_token ?? '' });

    await visit(page, '/auth/paye-authorization', { screenshot: 'paye-unverified' });
    await page.getByText('Please confirm your email address first').waitFor();
    expect(await page.getByRole('button', { name: 'Authorize' }).count()).toBe(0);
    const logBefore = readServerLog().length;
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByText('We have emailed you a new link. It works for 24 hours.').waitFor();
    await waitForMail({ to: email, linkContains: '/reset-password/', after: logBefore });
    await checkScreen(page);
  });

  it('turning two-step sign-in on from another device ends this session: nothing is signed without a code', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user); // with the password only: two-step sign-in is not on yet

    // Turned on from another session (another device), with the password and a code.
    const post = async (path: string, body: unknown, token?: string) => (await postJson(path, body, token)).body as Record<string, string>;
    const other = await post('/auth/login', { email: user.email, password: user.password });
    const setup = await post('/security/two-factor/setup', { password: user.password }, other.access_token);
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.secret ?? '') });
    expect((await post('/security/two-factor/confirm', { code }, other.access_token)).recovery_codes).toHaveLength(10);

    // This tab's password-only session is over: its next call is refused and the tab goes to the login.
    await visit(page, '/settings');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect((await apiFromPage(page, 'GET', '/profile')).status).toBe(401);
    expect((await postJson('/auth/login', { email: user.email, password: user.password })).body.two_factor_required).toBe(true);
  });
});
