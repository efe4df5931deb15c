/** Where a history entry names the visit it carries on (a replace that only changed the address). */
export const VISIT_STATE_KEY = 'appVisit';

/**
 * The visit a history entry belongs to (useFlow's actor key): the entry's own key, or the visit a
 * same-visit replace carried over (AppEffects.navigate `sameVisit`). A reload or StrictMode remount
 * keeps it; any other navigation makes a new one.
 */
export function visitKeyOf(location: { state: unknown; href: string }): string {
  const state = location.state as { [VISIT_STATE_KEY]?: string; __TSR_key?: string; key?: string } | undefined;
  return state?.[VISIT_STATE_KEY] ?? state?.__TSR_key ?? state?.key ?? location.href;
}
