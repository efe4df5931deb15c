/** Wall-clock time of a user action (epoch ms), stamped on events so machines never read the clock. */
export function actionTime(): number {
  return Date.now();
}

