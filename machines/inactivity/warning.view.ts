/**
 * Whether the inactivity warning shows (inactivityView's `open`): a view of its own, so the page's
 * frame can ask it without loading the dialog's view and code (src/app/layout/RootLayout.tsx).
 */
export function warningShows(snapshot: { value: unknown }): boolean {
  return snapshot.value === 'warning';
}
