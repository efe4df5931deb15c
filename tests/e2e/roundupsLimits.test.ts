/**
 * "No surprise debits" on /roundups in Chromium against the production build, on a desktop and a
 * 390 × 844 phone: all off at first; a cap refused with the server's words keeps what was typed;
 * a weekly cap of €1 makes the next Confirm collect only the oldest round-ups within it, and the
 * rest waits (the page says how much, and the server collects exactly that); a pause until a day
 * ahead, then Resume. Each screen is scanned with axe and kept as a screenshot.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { calendarDay } from '../../src/domain/dates.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { checkScreen, screenshot, useBrowser, viewports, visit, type Viewport } from './harness.ts';
import { linkAtSandboxBank, setUpPensionByApi } from './roundupsSteps.ts';
import { createUserWithPassword, field, signIn } from './users.ts';

const euroOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** Types `text` into a field over what it holds, key by key, as a user does. */
async function retype(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  if (text) await input.pressSequentially(text);
}

async function limitsJourney(page: Page, shots: string) {
  const user = await createUserWithPassword();
  await setUpPensionByApi(user, 'IL-55667788');
  await signIn(page, user);
  await linkAtSandboxBank(page);

  await visit(page, '/roundups');
  const section = page.getByRole('region', { name: 'No surprise debits' });
  const summary = section.getByTestId('roundups-settings-summary');
  // All off by default.
  await expect.poll(() => summary.textContent()).toBe('No weekly capNo minimum balanceNot paused');
  const pendingBefore = euroOf((await page.getByTestId('roundups-pending-amount').textContent()) ?? '');
  expect(pendingBefore).toBeGreaterThan(1);

  // Out of range: the server's words, and what was typed stays.
  const cap = field(page, 'Weekly cap');
  await retype(cap, '0.50');
  await section.getByRole('button', { name: 'Save limits' }).click();
  await section.getByText(m.ROUNDUP_CAP_RANGE).waitFor();
  expect(await cap.inputValue()).toBe('€0.50');
  const pause = field(page, 'Pause round-ups until');
  await retype(pause, '31022026');
  await pause.blur();
  await section.getByText(m.DATE_INVALID).waitFor();
  expect(await pause.inputValue()).toBe('31.02.2026');
  await checkScreen(page, `${shots}-refused`);

  // A cap of €1: the oldest round-ups within it go with the next Confirm; the rest waits.
  await retype(pause, '');
  await retype(cap, '1');
  await section.getByRole('button', { name: 'Save limits' }).click();
  await expect.poll(() => summary.textContent()).toBe('At most €1.00 a week (€0.00 collected this week)No minimum balanceNot paused');
  const note = page.getByTestId('roundups-cap-note');
  const plan = (await note.textContent()) ?? '';
  const [, takes, waits] = /collects \d+ round-ups? \((€[\d.]+)\): \d+ round-ups? \((€[\d.]+)\) waits? for next week\.$/.exec(plan) ?? [];
  expect(takes, plan).toBeDefined();
  expect(euroOf(takes!)).toBeLessThanOrEqual(1);
  expect(euroOf(takes!) + euroOf(waits!)).toBeCloseTo(pendingBefore, 2);
  await checkScreen(page, `${shots}-capped`);

  await page.getByRole('main').getByRole('button', { name: 'Confirm' }).click();
  // The server collected exactly what the page said; the rest is still pending, and says why.
  await page.getByRole('status').filter({ hasText: `${takes} of round-ups is on its way to your pension` }).waitFor();
  await expect.poll(() => page.getByTestId('roundups-pending-amount').textContent()).toBe(waits);
  await expect.poll(() => note.textContent()).toMatch(new RegExp(`^This week’s cap is used up: \\d+ round-ups? \\(${waits!.replace('.', '\\.')}\\) waits? for next week\\.$`));
  // Nothing more fits this week: Confirm is not offered (it would pay nothing); Decline still is.
  await expect.poll(() => page.getByRole('main').getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
  expect(await page.getByRole('main').getByRole('button', { name: 'Decline' }).isDisabled()).toBe(false);
  await expect.poll(() => summary.textContent()).toBe(`At most €1.00 a week (${takes} collected this week)No minimum balanceNot paused`);

  // A pause of 30 days, then Resume.
  const until = calendarDay(new Date()).add(30, 'day').format('DD.MM.YYYY');
  await retype(pause, until.replace(/\./g, ''));
  await section.getByRole('button', { name: 'Save limits' }).click();
  await expect.poll(() => summary.textContent()).toBe(`At most €1.00 a week (${takes} collected this week)No minimum balancePaused until ${until}`);
  await page.getByText(`Paused until ${until}: purchases in the pause do not round up.`).waitFor();
  // The form starts from what is saved.
  expect(await pause.inputValue()).toBe(until);
  await checkScreen(page, `${shots}-paused`);
  await section.getByRole('button', { name: 'Resume round-ups now' }).click();
  await expect.poll(() => summary.textContent()).toBe(`At most €1.00 a week (${takes} collected this week)No minimum balanceNot paused`);
  expect(await pause.inputValue()).toBe('');
  expect(await section.getByRole('button', { name: 'Resume round-ups now' }).count()).toBe(0);
  // What was saved is what the server keeps: a reload shows the same.
  await visit(page, '/roundups');
  await expect.poll(() => summary.textContent()).toBe(`At most €1.00 a week (${takes} collected this week)No minimum balanceNot paused`);
  expect(await cap.inputValue()).toBe('€1');
  // The screen it ends on is scanned after the test.
  await screenshot(page, `${shots}-resumed`);
}

describe('round-up limits (No surprise debits)', () => {
  const b = useBrowser({ deferAccessibility: true });

  const sizes: [string, Viewport][] = [
    ['desktop', viewports.desktop],
    ['phone 390 × 844', viewports.mobile],
  ];
  for (const [name, viewport] of sizes) {
    it(`${name}: refused input kept, a weekly cap that makes the rest wait, a pause, Resume`, async () => {
      const page = name === 'desktop' ? b.page : await b.newPage({ viewport });
      await limitsJourney(page, `roundups-limits-${name === 'desktop' ? 'desktop' : 'phone'}`);
    });
  }
});
