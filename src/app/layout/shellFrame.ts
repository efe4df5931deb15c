import { AFTER_FIRST_PAINT_ID } from '../../domain/constants.ts';

/**
 * When a page opened with a stored session has painted its frame (SignedInShell), before its
 * screen: the signed-in layouts' guards wait for it, so the screen's code is evaluated and
 * rendered after that first paint, never in front of it (on a slow phone the frame and heading
 * show as soon as the first page's own code has arrived). A page without a stored session, or a
 * shell that has already painted, never waits; nor does anything wait longer than a second.
 */
let markPainted: () => void = () => {};
let painted: Promise<void> = Promise.resolve();

/**
 * At start-up: whether this page will show the frame while a stored session is checked. Once it
 * has painted, the page asks for the rest of its files (the frame, the screen, its flows), which
 * the server listed in a template so they never compete with the first paint.
 */
export function expectShellPaint(expected: boolean): void {
  // Without a stored session a signed-in page goes to the sign-in page: its files are not needed.
  if (!expected) return;
  painted = Promise.race([
    new Promise<void>((resolve) => {
      markPainted = resolve;
    }),
    new Promise<void>((resolve) => setTimeout(resolve, SHELL_PAINT_WAIT_MS)),
  ]).then(fetchAfterFirstPaint);
}

/** Moves the links of the page's after-first-paint template into its head: the browser fetches them now. */
function fetchAfterFirstPaint(): void {
  const template = document.getElementById(AFTER_FIRST_PAINT_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  document.head.append(template.content);
}

/** The shell has mounted: resolves once the browser has painted the frame it committed. */
export function shellMounted(): void {
  const done = markPainted;
  // A frame, then a task: the frame that showed the shell has been painted.
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(done, 0));
  else setTimeout(done, 0);
}

/** Resolves once the shell has painted (at once when no shell is expected). */
export function shellPainted(): Promise<void> {
  return painted;
}

const SHELL_PAINT_WAIT_MS = 1_000;
