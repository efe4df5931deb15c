/**
 * Messages between tabs of the same browser: sign-out reaches every tab, and user activity or
 * Continue Session in one tab keeps the other tabs of the same user alive (their inactivity timers
 * and token refreshes). `owner` is the user the sending tab is signed in as (its access token's
 * `sub`), so another user's tab in the same browser does not keep this one alive. BroadcastChannel
 * where available; without it each tab stands alone.
 */
export type TabMessage =
  | { type: 'signedOut' }
  | { type: 'activity'; at: number; owner: string | null }
  | { type: 'continue'; at: number; owner: string | null };

export interface TabChannel {
  post(message: TabMessage): void;
  /** Returns an unsubscribe function. */
  subscribe(listener: (message: TabMessage) => void): () => void;
  close(): void;
}

const CHANNEL = 'maxout-session';

/** The tabs' channel, made once by the app's runtime. */
export function createTabChannel(): TabChannel {
  if (typeof BroadcastChannel === 'undefined') {
    return { post: () => {}, subscribe: () => () => {}, close: () => {} };
  }
  const sender = new BroadcastChannel(CHANNEL);
  const receivers = new Set<BroadcastChannel>();
  return {
    post: (message) => sender.postMessage(message),
    subscribe: (listener) => {
      // A channel object does not receive its own messages, so each listener has its own.
      const receiver = new BroadcastChannel(CHANNEL);
      receiver.onmessage = (event: MessageEvent<TabMessage>) => listener(event.data);
      receivers.add(receiver);
      return () => {
        receivers.delete(receiver);
        receiver.close();
      };
    },
    close: () => {
      for (const receiver of receivers) receiver.close();
      receivers.clear();
      sender.close();
    },
  };
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
