import { describe, expect, it } from 'vitest';
import { checkScreen, useBrowser, viewports, visit } from './harness.ts';

describe('welcome', () => {
  const b = useBrowser();

  it('Get started leads from /welcome to /auth', async () => {
    const { page } = b;
    await visit(page, '/welcome', { screenshot: 'welcome' });
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/MaxOut/);

    await page.getByRole('link', { name: 'Get started' }).or(page.getByRole('button', { name: 'Get started' })).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await checkScreen(page, 'auth');
    expect(await page.getByText('Sign Up').or(page.getByRole('link', { name: /sign up/i })).count()).toBeGreaterThan(0);
    expect(await page.getByText('Log in').or(page.getByRole('link', { name: /log in/i })).count()).toBeGreaterThan(0);
  });

  it('fits a phone screen', async () => {
    const page = await b.newPage({ viewport: viewports.mobile });
    await visit(page, '/welcome', { screenshot: 'welcome-mobile' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});
