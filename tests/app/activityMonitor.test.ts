// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { inactivityMachine } from '../../machines/inactivity/inactivity.machine.ts';
import { createActivityMonitor } from '../../src/app/effects/activityMonitor.ts';
import type { TabChannel, TabMessage } from '../../src/app/effects/tabSync.ts';

/** A tab channel whose messages the test delivers by hand. */
function fakeChannel() {
  const listeners = new Set<(message: TabMessage) => void>();
  const channel: TabChannel = {
    post: () => {},
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => listeners.clear(),
  };
  return { channel, deliver: (message: TabMessage) => listeners.forEach((listener) => listener(message)) };
}

/** The inactivity machine with the browser's activity monitor, for a tab signed in as user-a. */
function tabOfUserA() {
  const T0 = Date.now();
  const tabs = fakeChannel();
  const reportActivity = vi.fn();
  const actor = createActor(
    inactivityMachine.provide({ actors: { activityMonitor: createActivityMonitor(tabs.channel, () => 'user-a') }, actions: { reportActivity } }),
    { input: { now: T0 } },
  ).start();
  return { actor, deliver: tabs.deliver, reportActivity, T0 };
}

describe('activity from other tabs keeps a tab alive only for the same user', () => {
  it("another tab of the same user: its activity and Continue count, and reach the session's keep-alive", () => {
    const { actor, deliver, reportActivity, T0 } = tabOfUserA();
    deliver({ type: 'activity', at: T0 + 60_000, owner: 'user-a' });
    expect(actor.getSnapshot().context.lastActivityAt).toBe(T0 + 60_000);
    deliver({ type: 'continue', at: T0 + 120_000, owner: 'user-a' });
    expect(actor.getSnapshot().context.lastActivityAt).toBe(T0 + 120_000);
    expect(reportActivity).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it("another user's tab in the same browser, or a message that does not say whose it is: ignored", () => {
    const { actor, deliver, reportActivity, T0 } = tabOfUserA();
    deliver({ type: 'activity', at: T0 + 60_000, owner: 'user-b' });
    deliver({ type: 'continue', at: T0 + 90_000, owner: 'user-b' });
    deliver({ type: 'activity', at: T0 + 120_000, owner: null });
    expect(actor.getSnapshot().context.lastActivityAt).toBe(T0);
    expect(reportActivity).not.toHaveBeenCalled();
    actor.stop();
  });

  it("this tab's own DOM activity counts (the page is the user's own)", () => {
    const { actor, reportActivity, T0 } = tabOfUserA();
    vi.useFakeTimers({ now: T0 + 5_000, toFake: ['Date'] });
    window.dispatchEvent(new Event('keydown'));
    vi.useRealTimers();
    expect(actor.getSnapshot().context.lastActivityAt).toBe(T0 + 5_000);
    expect(reportActivity).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
