/**
 * Narrowing of actor results `{ ok: true, … } | { ok: false, error }` inside transitions whose guard
 * (`succeeded`) already decided which one it is; XState cannot carry a guard's narrowing to the actions.
 */
export const ok = <R extends { ok: boolean }>(result: R) => result as Extract<R, { ok: true }>;
export const failed = <R extends { ok: boolean }>(result: R) => result as Extract<R, { ok: false }>;

/** An actor result that asks for the code step of two-step sign-in. */
export const codeRequired = <R extends { ok: boolean }>(result: R): result is Extract<R, { codeRequired: true }> =>
  'codeRequired' in result && result.codeRequired === true;
/** The failure of a result that is neither a success nor a code request. */
export const failure = <R extends { ok: boolean }>(result: R) => result as Extract<R, { error: unknown }>;
