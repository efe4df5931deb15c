/**
 * The guided flow's saved progress (spec section 3, "Questionnaire progress", kept in localStorage
 * under 'form11Progress'): its shape, its schema version, and the one function that reads a saved
 * value back. A corrupt or foreign save is rejected with a reason, so the app can log it and
 * discard it (spec section 8) instead of resuming someone else's or a broken claim.
 */
import * as v from 'valibot';
import { isFormSlug, isIncomeTypeId, type FormSlug, type IncomeTypeId } from './catalogue.ts';
import { buildFlowPlan, isForm11FlowRoute, stepKeyOf, type Form11FlowRoute, type Form11StepKey } from './form11Routes.ts';
import { isSupportedTaxYear } from './tax/years.ts';

export { FORM11_PROGRESS_KEY } from './form11ProgressKey.ts';

/** Bumped whenever the saved shape changes; a save of another version is discarded, never migrated. */
export const FORM11_PROGRESS_VERSION = 1;

/** Any value JSON can hold: what a form page's answer may be. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A page's answers not yet sent, keyed by the page's step key (see stepKeyOf). */
export type Form11FormData = Partial<Record<Form11StepKey, JsonValue>>;

/** Everything needed to pick a guided flow up again, after a reload or on another day. */
export interface Form11Progress {
  version: typeof FORM11_PROGRESS_VERSION;
  /** The signed-in user's id when the progress was saved; anyone else's save is discarded. */
  ownerId: string;
  /** The tax year the claim is for (one claim per year in flight). */
  year: number;
  routes: Form11FlowRoute[];
  /** The page the user is on (or last was on), an index into routes. */
  currentRouteIndex: number;
  /**
   * The spec's flag for a flow whose answers are kept here and posted together at the end. Every
   * flow works that way now, so it is written true; an older save's false resumes the same way.
   */
  isFromQuestionnaire: boolean;
  /** Answers not yet sent, by step key. */
  formData: Form11FormData;
  selectedForms: FormSlug[];
  selectedIncomeTypes: IncomeTypeId[];
  /**
   * What was typed on a page and not submitted (the form's raw values), by step key. Added to
   * version 1 without a bump: a save without it resumes with no drafts, and an older app reading a
   * save with it drops it (the shape check strips keys it does not know).
   */
  drafts?: Form11FormData;
}

export const JsonValueSchema: v.GenericSchema<JsonValue> = v.lazy(() =>
  v.union([
    v.string(),
    v.pipe(v.number(), v.finite()),
    v.boolean(),
    v.null(),
    v.array(JsonValueSchema),
    v.record(v.string(), JsonValueSchema),
  ]),
);

/** The shape of a saved progress (version 1). Routes are checked one by one afterwards, to name the reason. */
const ProgressShapeSchema = v.object({
  version: v.literal(FORM11_PROGRESS_VERSION),
  ownerId: v.pipe(v.string(), v.minLength(1)),
  year: v.pipe(v.number(), v.integer(), v.check((year: number) => isSupportedTaxYear(year), 'not a supported tax year')),
  routes: v.pipe(v.array(v.string()), v.minLength(1)),
  currentRouteIndex: v.pipe(v.number(), v.integer(), v.minValue(0)),
  isFromQuestionnaire: v.boolean(),
  formData: v.record(v.string(), JsonValueSchema),
  selectedForms: v.array(v.pipe(v.string(), v.check((s: string) => isFormSlug(s), 'not a form slug'))),
  selectedIncomeTypes: v.array(v.pipe(v.string(), v.check((s: string) => isIncomeTypeId(s), 'not an income type id'))),
  drafts: v.optional(v.record(v.string(), JsonValueSchema)),
});

/** Why a saved value was not used. */
export type ProgressRejection =
  /** Not JSON at all (truncated write, hand edit). */
  | 'corrupt'
  /** JSON, but not an object carrying this version (an older app's save, another app's value). */
  | 'wrong-version'
  /** This version, but a field is missing or has the wrong type. */
  | 'invalid'
  /** Saved by another user on this device. */
  | 'foreign-owner'
  /** A route this app does not have (a renamed or removed page). */
  | 'unknown-route'
  /** Well-formed parts that do not fit together (index out of range, routes not built from the selection…). */
  | 'inconsistent';

export type SavedProgressRead =
  /** Nothing saved. */
  | { kind: 'none' }
  | { kind: 'valid'; progress: Form11Progress }
  /** Log `detail` and remove the saved value. */
  | { kind: 'rejected'; reason: ProgressRejection; detail: string };

const reject = (reason: ProgressRejection, detail: string): SavedProgressRead => ({ kind: 'rejected', reason, detail });

/**
 * Reads what localStorage holds under 'form11Progress' for the signed-in user `ownerId`. Never
 * throws: anything but a sound save of this version, by this user, is rejected with a reason.
 */
export function parseSavedProgress(raw: string | null, ownerId: string): SavedProgressRead {
  if (raw === null) return { kind: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return reject('corrupt', `not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return reject('wrong-version', 'not a saved progress object');
  }
  const version = (value as { version?: unknown }).version;
  if (version !== FORM11_PROGRESS_VERSION) {
    return reject('wrong-version', `version ${JSON.stringify(version ?? null)}, expected ${FORM11_PROGRESS_VERSION}`);
  }
  const shape = v.safeParse(ProgressShapeSchema, value);
  if (!shape.success) return reject('invalid', v.summarize(shape.issues));
  const saved = shape.output;
  if (saved.ownerId !== ownerId) return reject('foreign-owner', 'saved by another user');
  const unknownRoutes = saved.routes.filter((route) => !isForm11FlowRoute(route));
  if (unknownRoutes.length > 0) return reject('unknown-route', `unknown routes: ${unknownRoutes.join(', ')}`);
  const progress: Form11Progress = {
    ...saved,
    version: FORM11_PROGRESS_VERSION,
    routes: saved.routes as Form11FlowRoute[],
    formData: saved.formData as Form11FormData,
    ...(saved.drafts ? { drafts: saved.drafts as Form11FormData } : {}),
    selectedForms: saved.selectedForms as FormSlug[],
    selectedIncomeTypes: saved.selectedIncomeTypes as IncomeTypeId[],
  };
  const problem = inconsistencyOf(progress);
  return problem ? reject('inconsistent', problem) : { kind: 'valid', progress };
}

/** Why the parts of a progress do not fit together, or null when they do. */
export function inconsistencyOf(progress: Form11Progress): string | null {
  const { routes, currentRouteIndex, formData, selectedForms, selectedIncomeTypes } = progress;
  if (routes.length === 0) return 'no routes';
  if (currentRouteIndex >= routes.length) return `currentRouteIndex ${currentRouteIndex} is past the last route (${routes.length - 1})`;
  const plan = buildFlowPlan([...selectedForms, ...selectedIncomeTypes]);
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);
  if (!same(plan.selectedForms, selectedForms) || !same(plan.selectedIncomeTypes, selectedIncomeTypes)) {
    return 'the selection is not in catalogue order or repeats an entry';
  }
  if (!same(plan.routes, routes)) return 'the routes are not the ones the selection builds';
  const keys = new Set<string>(routes.map(stepKeyOf));
  const stray = Object.keys(formData).filter((key) => !keys.has(key));
  if (stray.length > 0) return `answers for pages outside the flow: ${stray.join(', ')}`;
  const strayDrafts = Object.keys(progress.drafts ?? {}).filter((key) => !keys.has(key));
  if (strayDrafts.length > 0) return `drafts for pages outside the flow: ${strayDrafts.join(', ')}`;
  return null;
}

/** The value written under 'form11Progress'. */
export function serializeProgress(progress: Form11Progress): string {
  return JSON.stringify(progress);
}

