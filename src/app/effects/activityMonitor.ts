import { fromCallback } from 'xstate';
import {
  ACTIVITY_DOM_EVENTS,
  COUNTDOWN_TICK_MS,
  type ActivityMonitorEvent,
  type ActivityMonitorLogic,
  type CountdownTickerLogic,
} from '../../../machines/inactivity/inactivity.types.ts';
import { ACTIVITY_REPORT_INTERVAL_MS } from '../../domain/constants.ts';
import type { TabChannel } from './tabSync.ts';

/**
 * The inactivity machine's inputs in a browser tab: the DOM events that count as activity
 * (reported at most every ACTIVITY_REPORT_INTERVAL_MS), the tab becoming visible again (a wake-up
 * re-judges the deadlines by the real time), and the activity and Continue of the other tabs
 * signed in as the same user (`owner()`: who this tab is signed in as, read when a message comes).
 */
export function createActivityMonitor(tabs: TabChannel, owner: () => string | null): ActivityMonitorLogic {
  return fromCallback(({ sendBack }) => {
    const send = (event: ActivityMonitorEvent) => sendBack(event);
    let lastReport = 0;
    const onActivity = () => {
      const at = Date.now();
      if (at - lastReport < ACTIVITY_REPORT_INTERVAL_MS) return;
      lastReport = at;
      send({ type: 'activity', at });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') send({ type: 'clock.tick', now: Date.now() });
    };
    for (const name of ACTIVITY_DOM_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisible);
    const stopTabs = tabs.subscribe((message) => {
      if (message.type === 'signedOut' || message.owner === null || message.owner !== owner()) return;
      if (message.type === 'activity') send({ type: 'tab.activity', at: message.at });
      if (message.type === 'continue') send({ type: 'tab.continue', at: message.at });
    });
    return () => {
      for (const name of ACTIVITY_DOM_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
      stopTabs();
    };
  });
}

/** 1-second ticks for the warning's countdown, by wall clock. */
export const countdownTicker: CountdownTickerLogic = fromCallback(({ sendBack }) => {
  const tick = () => sendBack({ type: 'clock.tick', now: Date.now() } satisfies ActivityMonitorEvent);
  tick();
  const id = setInterval(tick, COUNTDOWN_TICK_MS);
  return () => clearInterval(id);
});
