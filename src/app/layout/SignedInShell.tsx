import { type ReactNode, useEffect } from 'react';
import { afterNextPaint } from '../afterPaint.ts';
import { FrameLayout } from './FrameLayout.tsx';
import { TopBar } from './TopBar.tsx';
import { ShellHeading } from './ShellHeading.tsx';
import { AFTER_FIRST_PAINT_ID } from '../../domain/constants.ts';
import { markShellPainted } from './shellFrame.ts';

/**
 * The frame of the signed-in pages (spec section 2, Layout): the top bar, the routed content and the
 * mobile bottom bar. The root layout keeps it around every signed-in route, so it is painted once,
 * while the stored session is checked (the account menu's place kept, empty, until the user's name
 * is known), and stays as the page's guard, frame and screen load and as one signed-in page follows
 * another: they only fill in what is inside it.
 */
export function SignedInChrome({ children }: { children: ReactNode }) {
  return <FrameLayout top={<TopBar />}>{children}</FrameLayout>;
}

/**
 * What a signed-in page shows inside the frame while the stored session is checked (GET /profile)
 * and its screen loads: the screen's heading where the screen puts it. Painted from what is known
 * without the network (the route, today), so the page shows at once and the screen then fills in
 * below its heading.
 */
export function SignedInShell() {
  useEffect(() => {
    // Once the shell has been painted, the page asks for the rest of its files (the frame, the
    // screen, its flows), which the server listed in a template so they never compete with this
    // first paint.
    afterNextPaint(() => {
      fetchAfterFirstPaint();
      markShellPainted();
    });
  }, []);
  return <ShellHeading />;
}

/** Moves the links of the page's after-first-paint template into its head: the browser fetches them now. */
function fetchAfterFirstPaint(): void {
  const template = document.getElementById(AFTER_FIRST_PAINT_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  document.head.append(template.content);
}
