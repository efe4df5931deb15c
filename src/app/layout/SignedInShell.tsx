import { type ReactNode, useEffect } from 'react';
import { afterNextPaint } from '../afterPaint.ts';
import { FrameLayout } from './FrameLayout.tsx';
import { TopBar } from './TopBar.tsx';
import { ShellHeading } from './ShellHeading.tsx';
import { AFTER_FIRST_PAINT_ID } from '../../domain/constants.ts';
import { markShellPainted, shellMounted } from './shellFrame.ts';

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
    shellMounted();
    // Once the shell has been painted, the page asks for the rest of its files (the frame, the
    // screen, its flows), which the server listed in a template so they never compete with this
    // first paint.
    // Then the guards go on, in a task of their own after the links' (the route's loaders and the
    // frame's render follow in its microtasks); the route's lazy imports find their files named.
    afterNextPaint(() => fetchAfterFirstPaint(markShellPainted));
  }, []);
  return <ShellHeading />;
}

/**
 * How many of the template's links go into the head per task: each starts its request there and
 * then, 2–3 ms of a phone's main thread; a page names up to 21.
 */
const LINKS_PER_TASK = 5;

/**
 * Moves the links of the page's after-first-paint template into its head, a few per task (the
 * browser fetches them now), then calls `then` in a task of its own.
 */
function fetchAfterFirstPaint(then: () => void): void {
  const template = document.getElementById(AFTER_FIRST_PAINT_ID);
  if (!(template instanceof HTMLTemplateElement)) {
    setTimeout(then, 0);
    return;
  }
  template.remove();
  // In the server's order: the frame and the screen first.
  const links = [...template.content.children];
  const appendSome = () => {
    document.head.append(...links.splice(0, LINKS_PER_TASK));
    setTimeout(links.length > 0 ? appendSome : then, 0);
  };
  appendSome();
}
