/**
 * Journeys whose figures depend on the date (a direct debit's collections still to come this year,
 * a pause to 31 December) run against a second server whose clock started at PINNED_START
 * (CLOCK_START, test mode only; globalSetup.ts starts it), with the page's clock moved to the same
 * instant, so they read the same whatever today is. A test file opts in with `usePinnedClock()`:
 * from then on baseUrl(), the API helpers and the server log of that file are the pinned server's
 * (each test file runs in its own module scope).
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** 20 November 2026, 10:00 in Ireland: two collections on the 28th are still to come that year, and 31 December is weeks away. */
export const PINNED_START = '2026-11-20T10:00:00.000Z';

let pinned = false;

/** This file's journeys use the pinned server (call it at the top of the file). */
export function usePinnedClock(): void {
  pinned = true;
}

/** The server this file's journeys use: the origin, and the log its mails are printed to. */
export function activeServer(): { baseUrl: string; serverLogPath: string } {
  if (!pinned) return { baseUrl: inject('baseUrl'), serverLogPath: inject('serverLogPath') };
  const { baseUrl, serverLogPath } = inject('pinnedServer');
  return { baseUrl, serverLogPath };
}

/** The pinned server's now (ms): its start plus the real time since it was launched (a second or so ahead at most). */
export function pinnedNow(): number {
  return Date.parse(PINNED_START) + (Date.now() - inject('pinnedServer').launchedAt);
}

/** The page lives at the pinned server's now: install before the page's first navigation. */
export async function pinPageClock(page: Page): Promise<void> {
  await page.clock.install({ time: pinnedNow() });
}
