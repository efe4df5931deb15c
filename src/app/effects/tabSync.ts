/**
 * Messages between tabs of the same browser: sign-out reaches every tab, and user activity in
 * one tab keeps the others' inactivity timers alive. BroadcastChannel where available.
 */
export type TabMessage =
  | { type: 'signedOut' }
  | { type: 'activity'; at: number }
  | { type: 'continue'; at: number };

const CHANNEL = 'maxout-session';

let channel: BroadcastChannel | null = null;

function getChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

export function postToTabs(message: TabMessage) {
  getChannel()?.postMessage(message);
}

/** Returns an unsubscribe function. */
export function onTabMessage(listener: (message: TabMessage) => void): () => void {
  // A channel object does not receive its own messages, so listen on a separate one.
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const receiver = new BroadcastChannel(CHANNEL);
  receiver.onmessage = (event: MessageEvent<TabMessage>) => listener(event.data);
  return () => receiver.close();
}

/**
 * Runs `task` while holding a lock shared by all tabs (Web Locks), so two tabs never spend the
 * same refresh token at once. Without the API the task just runs; the server's grace window
 * for the previous token covers that case.
 */
export async function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(name, task);
  }
  return task();
}
