/**
 * When a page opened with a stored session has painted its frame (SignedInShell), before its
 * screen: the signed-in layouts' guards wait for it, so the screen's code is evaluated and
 * rendered after that first paint, never in front of it (on a slow phone the frame and heading
 * show as soon as the first page's own code has arrived). A page without a stored session, or a
 * shell that has already painted, never waits; nor does anything wait longer than a second after
 * the shell was put on the page (a tab hidden between that and its paint paints no frame).
 */
let markPainted: () => void = () => {};
let painted: Promise<void> = Promise.resolve();

/** At start-up: whether this page will show the frame while a stored session is checked. */
export function expectShellPaint(expected: boolean): void {
  if (!expected) return;
  painted = new Promise<void>((resolve) => {
    markPainted = resolve;
  });
}

/**
 * The shell has been put on the page (its first commit): the wait for its paint ends within a
 * second from now. Counted from here, not from start-up, so a slow phone still busy with its first
 * render never lets the guards in before the shell has painted.
 */
export function shellMounted(): void {
  setTimeout(markPainted, SHELL_PAINT_WAIT_MS);
}

/** The shell's frame has been painted (SignedInShell says so). */
export function markShellPainted(): void {
  markPainted();
}

/** Resolves once the shell has painted (at once when no shell is expected). */
export function shellPainted(): Promise<void> {
  return painted;
}

const SHELL_PAINT_WAIT_MS = 1_000;
