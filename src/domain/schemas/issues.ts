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
  // A Map, not a plain object: a hostile body's keys (`__proto__`, `constructor`) become paths,
  // and on a plain object they would read the prototype's members instead of a message list.
  const errors = new Map<string, string[]>();
  for (const issue of issues ?? []) {
    const key = v.getDotPath(issue) ?? FORM_ERROR_KEY;
    let messages = errors.get(key);
    if (!messages) errors.set(key, (messages = []));
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  // fromEntries defines own properties, so even a `__proto__` key stays a plain field.
  return Object.fromEntries(errors);
}

/** The first message per field: what a form shows under each input. */
export function firstErrorPerField(issues: readonly v.BaseIssue<unknown>[] | undefined): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fieldErrors(issues))) {
    const message = messages[0];
    if (message !== undefined) first[key] = message;
  }
  return first;
}
