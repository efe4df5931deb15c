/**
 * Remembers the last result of a one-argument function. Views call it with a value of the
 * snapshot (a date, a list) to return the same object while that value is the same, so a screen
 * that depends on the object (a form's validator, its server errors) is not reset by every snapshot.
 */
export function memoLast<A, R>(fn: (arg: A) => R): (arg: A) => R {
  let last: { arg: A; result: R } | null = null;
  return (arg) => {
    if (last && Object.is(last.arg, arg)) return last.result;
    last = { arg, result: fn(arg) };
    return last.result;
  };
}
