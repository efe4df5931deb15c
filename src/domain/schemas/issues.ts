/**
 * valibot issues → the `{ field: [messages] }` map of the server's error shape (DESIGN.md,
 * "JSON errors") and of form state. Keys are dotted paths ('details.dob', 'insurances.0.name').
 */
import * as v from 'valibot';

/** Where issues that belong to no field (e.g. a body that is not an object) are filed. */
export const FORM_ERROR_KEY = '_form';

/**
 * Groups issue messages by dotted path. Fields appear in the order of their first issue and
 * each field's messages keep their order, without duplicates.
 */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[] | undefined): Record<string, string[]> {
  // A Map, then fromEntries: a body key such as "__proto__" must become an ordinary field, never
  // the object's prototype.
  const errors = new Map<string, string[]>();
  for (const issue of issues ?? []) {
    const key = v.getDotPath(issue) ?? FORM_ERROR_KEY;
    const messages = errors.get(key) ?? [];
    if (!errors.has(key)) errors.set(key, messages);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return Object.fromEntries(errors);
}

/** The first message per field: what a form shows under each input. */
export function firstErrorPerField(issues: readonly v.BaseIssue<unknown>[] | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors(issues)).flatMap(([key, messages]) => (messages[0] === undefined ? [] : [[key, messages[0]]])));
}
