/**
 * Search params of the routes that take them. A search param is user input that anyone can
 * write into a link, so a bad value is dropped (the route falls back to its default), never an
 * error screen: every field is wrapped in `v.fallback`.
 */
import * as v from 'valibot';
import { isIncomeTypeId } from '../catalogue.ts';
import { safeInternalPath } from '../navigation.ts';

/** A same-site path (see safeInternalPath); anything else (`//evil.example`, `javascript:…`) is dropped. */
const internalPath = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.check((path) => safeInternalPath(path, '') !== ''),
    ),
  ),
  undefined,
);

/** /auth/login: where the guard sent the user from, to return there after signing in. */
export const LoginSearchSchema = v.object({ redirect: internalPath });
export type LoginSearch = v.InferOutput<typeof LoginSearchSchema>;

/** /profile and /auth/paye-authorization: where to go back to when done. */
export const ReturnToSearchSchema = v.object({ returnTo: internalPath });
export type ReturnToSearch = v.InferOutput<typeof ReturnToSearchSchema>;

/** /form11/final-form: the income type being declared (one of the catalogue's ids). */
export const IncomeSearchSchema = v.object({
  incomeId: v.fallback(v.optional(v.pipe(v.string(), v.check(isIncomeTypeId))), undefined),
});
export type IncomeSearch = v.InferOutput<typeof IncomeSearchSchema>;
