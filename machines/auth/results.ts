/**
 * Narrowing of actor results `{ ok: true, … } | { ok: false, error }` inside transitions whose guard
 * (`succeeded`) already decided which one it is; XState cannot carry a guard's narrowing to the actions.
 */
export const ok = <R extends { ok: boolean }>(result: R) => result as Extract<R, { ok: true }>;
export const failed = <R extends { ok: boolean }>(result: R) => result as Extract<R, { ok: false }>;
