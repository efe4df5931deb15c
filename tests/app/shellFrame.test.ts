import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The module keeps the page's one wait: each test gets a fresh copy. */
async function freshShellFrame() {
  vi.resetModules();
  return import('../../src/app/layout/shellFrame.ts');
}

/** Whether the promise has settled once the microtasks queued so far have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the signed-in guards wait for the shell to paint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not wait when the page has no stored session', async () => {
    const shell = await freshShellFrame();
    shell.expectShellPaint(false);
    expect(await settled(shell.shellPainted())).toBe(true);
  });

  it('waits for the paint, however long the first render takes before the shell is on the page', async () => {
    const shell = await freshShellFrame();
    shell.expectShellPaint(true);
    // A slow phone: five seconds of start-up and first render, the shell not yet committed.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await settled(shell.shellPainted())).toBe(false);
    shell.shellMounted();
    expect(await settled(shell.shellPainted())).toBe(false);
    shell.markShellPainted();
    expect(await settled(shell.shellPainted())).toBe(true);
  });

  it('gives up on the paint one second after the shell was put on the page (a tab hidden before it painted)', async () => {
    const shell = await freshShellFrame();
    shell.expectShellPaint(true);
    shell.shellMounted();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(shell.shellPainted())).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(shell.shellPainted())).toBe(true);
  });
});
