/**
 * What the page scrolls to shows below the fixed top bar, not under it: a section that Settings'
 * "Go to:" links to. On a 360 × 780 phone and on desktop.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen, useBrowser, viewports, visit } from './harness.ts';
import { setUpPensionByApi } from './roundupsSteps.ts';
import { createUserWithPassword, signIn } from './users.ts';

const PHONE = { width: 360, height: 780 };

/** Where `target` is against the bars: its top and bottom, the top bar's bottom, the bottom bar's top (the viewport's bottom without one). */
function placeOf(target: Locator) {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect();
    const footer = document.querySelector('footer');
    const footerTop = footer && footer.getBoundingClientRect().height > 0 ? footer.getBoundingClientRect().top : window.innerHeight;
    return { top: box.top, bottom: box.bottom, barBottom: header?.bottom ?? 0, footerTop, scrollY: window.scrollY };
  });
}

describe.each([
  ['phone', PHONE],
  ['desktop', viewports.desktop],
] as const)('scroll targets clear of the bars (%s)', (name, viewport) => {
  const b = useBrowser({ viewport });

  it('Settings’ “Go to:” links bring their section’s heading into view below the top bar', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await setUpPensionByApi(user, null);
    await signIn(page, user);

    await visit(page, '/settings');
    const sections = page.getByRole('navigation', { name: 'Settings sections' });
    for (const [link, heading] of [
      ['PAYE authorisation', 'PAYE authorisation'],
      ['Signed-in devices', 'Signed-in devices'],
    ] as const) {
      // From the top of the page each time, so every link has to scroll down to its section.
      await page.evaluate(() => window.scrollTo(0, 0));
      await sections.getByRole('link', { name: link }).click();
      await page.waitForURL((url) => url.hash !== '');
      const target = page.getByRole('heading', { name: heading, exact: true });
      await expect.poll(() => placeOf(target).then((place) => place.scrollY), { message: `${link} scrolls` }).toBeGreaterThan(0);
      const place = await placeOf(target);
      expect(place.top, `the ${heading} heading starts below the top bar`).toBeGreaterThanOrEqual(place.barBottom);
    }
    await checkScreen(page, `scroll-targets-settings-${name}`);
  });
});
