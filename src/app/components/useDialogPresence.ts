import { useMounted } from '@mantine/hooks';
import { useState } from 'react';

/** What a dialog that leaves the page once closed needs to render. */
export interface DialogPresence {
  /** Whether the dialog is on the page: while open, and while its closing transition plays. */
  mounted: boolean;
  /** Whether it is open (Mantine's `opened`, through `useOpenedOnceMounted`). */
  opened: boolean;
  /** Mantine's `onExitTransitionEnd`: the dialog leaves the page once it has faded out. */
  onExitTransitionEnd: () => void;
}

/**
 * A lazily loaded dialog kept on the page until its closing transition has played. Unmounting an
 * open Modal skips that transition and the focus going back to the control that opened it, so a
 * keyboard user pressing Escape found the focus on the page's body; Mantine does both when it sees
 * `opened` turn false.
 */
export function useDialogPresence(open: boolean): DialogPresence {
  const [closing, setClosing] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  // Render-time updates of this component's own state (React's documented pattern): the render
  // that closes the dialog already keeps it on the page.
  if (wasOpen !== open) {
    setWasOpen(open);
    setClosing(!open);
  }
  return { mounted: open || closing, opened: open, onExitTransitionEnd: () => setClosing(false) };
}

/**
 * Inside the dialog: `opened` once the dialog has been on the page for a commit. Mantine's Modal
 * notes the element to give the focus back to, and plays its opening transition, when `opened`
 * turns true; a Modal put on the page already open does neither.
 */
export function useOpenedOnceMounted(opened: boolean): boolean {
  return useMounted() && opened;
}

/**
 * The last value a dialog showed, kept while it closes: its machine has already left the state the
 * value came from, and the closing transition still shows the dialog's words. Plain values only,
 * so keeping one never asks for another render.
 */
export function useLastShown<T extends string | number>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
