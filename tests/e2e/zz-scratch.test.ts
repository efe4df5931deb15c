import { expect, it } from 'vitest';
import { checkScreen, useBrowser, visit } from './harness.ts';
const b = useBrowser();
it('scratch', async () => {
  const { page } = b;
  await visit(page, '/welcome', { scan: false, screenshot: 'scratch-welcome' });
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
  await checkScreen(page, 'scratch-auth', { scan: false });
  expect(await page.getByText('Sign Up').count()).toBeGreaterThan(0);
  expect(await page.getByText('Log in').count()).toBeGreaterThan(0);
  (await import('./harness.ts')).allowConsoleErrors(page, /x/);
  await page.evaluate(() => { const s = document.createElement('script'); s.textContent = 'console.log(1)'; document.body.append(s); });
  await page.waitForTimeout(200);
  console.log('problems', JSON.stringify((await import('./harness.ts')).pageProblems(page)));
}, 60000);
