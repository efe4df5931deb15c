/**
 * Ways to keep work out of the task that is running, so a phone's main thread can paint and answer
 * input in between (long tasks are what a slow phone feels as a frozen page).
 */

/**
 * Runs `task` in a task of its own once the next frame has been painted: a frame, then a task. A
 * hidden tab paints no frames, so there it only waits for a task.
 */
export function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(task, 0));
  else setTimeout(task, 0);
}

/** Resolves in a task of its own: what follows it does not lengthen the task that awaited it. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
