import type { SessionHooks } from '../../api/client.ts';
import type { User } from '../../domain/schemas/user.ts';
import type { SnapshotFrom } from 'xstate';
import type { Form11FlowEvent } from '../../../machines/form11Flow/form11Flow.types.ts';
import type { RoundupsEvent } from '../../../machines/roundups/roundups.types.ts';
import type { Form11FlowMachine } from '../../../machines/form11Flow/form11Flow.machine.ts';

/**
 * The one table of the browser's effects every screen machine is provided with (built once by the
 * runtime, src/app/runtime.ts). A flow's logic takes what it needs from here; nothing else reaches
 * a machine: no React, no router import, no storage or clock of its own.
 */
export interface AppEffects {
  /** The signed-in session as the API client needs it; effects make their client with `createSessionClient`. */
  sessionHooks: SessionHooks;
  /** The signed-in user as the session has it now, or null. */
  user(): User | null;
  /** Hand the user the server answered to the session (auth `profile.updated`). */
  announceUser(user: User): void;
  /** Ask the session to fetch the profile again (auth `profile.reload`). */
  reloadProfile(): void;
  /** End the session (auth `logout`, which goes on to the login page). */
  signOut(): void;
  /**
   * The server ended every session of an account (a password saved through a mailed link): forget
   * the one held here and in the other tabs, and stay on the page (auth `session.revoked`).
   */
  forgetEndedSession(): void;
  /**
   * Go to an in-app path (path and search); resolves when the router has settled. The history entry
   * remembers the path of the entry before it (a replace keeps what the replaced entry remembered), for `back`.
   * `sameVisit` (with `replace`): only the address changes (a query dropped or kept for a reload), so
   * the screen's visit actor carries on, even one whose screen has not shown yet.
   */
  navigate(to: string, options?: { replace?: boolean; sameVisit?: boolean }): Promise<void>;
  /**
   * Go to an in-app path as the browser's Back button would: one entry back when the entry before
   * this one is `to` (as `navigate` remembered it), so the browser's Back and Forward stay in step;
   * otherwise a push of `to`.
   */
  back(to: string): Promise<void>;
  /** The path the router is on now (no search). */
  currentPath(): string;
  /** Where progress that must survive a reload is kept (localStorage in the browser). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  log: Pick<Console, 'warn'>;
  /** The wall clock (a test passes a fixed one). */
  now(): Date;
  /**
   * The signed-in user's guided Form 11 flow (the questionnaire and the final form hand it their
   * results; the refund options page reads the claim it holds), or null.
   */
  guidedFlow(): { send(event: Form11FlowEvent): void; getSnapshot(): SnapshotFrom<Form11FlowMachine> } | null;
  /** The signed-in user's round-ups actor (a session flow: the daily prompt), or null (signed out, or still loading). */
  roundups(): { send(event: RoundupsEvent): void } | null;
  /** The app's own origin (`location.origin`). */
  appOrigin(): string;
  /** The browser leaves the app for another page (a bank's consent page). */
  leaveFor(url: string): void;
}
