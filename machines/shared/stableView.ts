/**
 * A view whose result stays the same object while every field is the same (`Object.is`), so a
 * component that reads it with `useSelector` re-renders only when what it shows changed, not on
 * every snapshot of a long-lived actor (the auth root changes context on each activity report).
 */
export function stableView<S, R extends object>(view: (snapshot: S) => R): (snapshot: S) => R {
  let last: R | null = null;
  return (snapshot) => {
    const next = view(snapshot);
    if (last && sameFields(last, next)) return last;
    last = next;
    return next;
  };
}

function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
