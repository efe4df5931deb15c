/**
 * The guided Form 11 flow's route list (spec section 4, "Guided flow"): which pages a selection
 * leads through, in which order, and what each page's answer is keyed by. Pure; used by the
 * questionnaire and flow machines, the saved-progress schema and the tests.
 */
import {
  ADVANCED_OPTION_GROUPS,
  FINAL_FORM_ROUTE,
  FORM_SLUGS,
  INCOME_TYPE_IDS,
  formRoute,
  isFormSlug,
  isIncomeTypeId,
  type FormSlug,
  type IncomeTypeId,
} from './catalogue.ts';

/** Where the flow sends a user who chose nothing, and where the refund options live. */
export const REFUND_OPTIONS_ROUTE = '/tax-refund-options';
/** The Tax Refund page (questionnaire, saved progress, advanced options); where a new PAYE authorisation leads by default. */
export const REFUND_QUESTIONS_ROUTE = '/tax-refund-questions';
/** Where a finished claim is shown (what was sent, for which year, what happens next). */
export const REFUND_SUBMITTED_ROUTE = '/tax-refund-submitted';
/** The 27 yes/no questions. */
export const QUESTIONNAIRE_ROUTE = '/form11-questionnaire';

/** The questionnaire for a claim year (its `year` search parameter). */
export function questionnaireRoute(year: number): string {
  return `${QUESTIONNAIRE_ROUTE}?year=${year}`;
}

/**
 * Catalogue order: the order in which the catalogue presents the pages. The "For Advanced Use"
 * groups (Health, You & Your Family, Your Job, Other) list 29 of the 30 pages; income-continuance,
 * which shares its option with permanent-health-benefit, follows it, as in the questionnaire.
 * The 27 questions are asked in this same order (a test checks it), so a flow visits its pages in
 * the order the user answered them, whichever way they were chosen.
 */
export const FLOW_SLUG_ORDER: readonly FormSlug[] = ADVANCED_OPTION_GROUPS.flatMap((group) =>
  group.options.flatMap((option) => {
    if (option.target.kind !== 'form') return [];
    const slug = option.target.slug;
    return slug === 'permanent-health-benefit' ? [slug, 'income-continuance' as const] : [slug];
  }),
);

/** A page of the guided flow: a credit or relief form, or the one final form for all income types. */
export type Form11FlowRoute = `/form11/${FormSlug}` | typeof FINAL_FORM_ROUTE;

/** Every route a flow can hold: the 30 form pages, then the final form. */
export const FORM11_FLOW_ROUTES: readonly Form11FlowRoute[] = [...FORM_SLUGS.map(formRoute), FINAL_FORM_ROUTE];

export function isForm11FlowRoute(value: unknown): value is Form11FlowRoute {
  return typeof value === 'string' && (FORM11_FLOW_ROUTES as readonly string[]).includes(value);
}

/** What a page's answer is keyed by in the flow's formData: its form slug, or `final-form`. */
export type Form11StepKey = FormSlug | 'final-form';

export const FINAL_FORM_KEY = 'final-form' satisfies Form11StepKey;

export function isForm11StepKey(value: string): value is Form11StepKey {
  return value === FINAL_FORM_KEY || isFormSlug(value);
}

/** The key of a route's answer: /form11/health-expenses → health-expenses; /form11/final-form → final-form. */
export function stepKeyOf(route: Form11FlowRoute): Form11StepKey {
  return route === FINAL_FORM_ROUTE ? FINAL_FORM_KEY : (route.slice('/form11/'.length) as FormSlug);
}

/** The route of an answer key (the inverse of stepKeyOf). */
export function routeOfStepKey(key: Form11StepKey): Form11FlowRoute {
  return key === FINAL_FORM_KEY ? FINAL_FORM_ROUTE : formRoute(key);
}

export interface FlowPlan {
  /** /form11/{slug} per chosen slug in catalogue order, then one /form11/final-form if any income type was chosen. */
  readonly routes: Form11FlowRoute[];
  /** The chosen form slugs, in catalogue order, each once. */
  readonly selectedForms: FormSlug[];
  /** The chosen income type ids, in catalogue order, each once. */
  readonly selectedIncomeTypes: IncomeTypeId[];
  /** Selection entries that are neither a form slug nor an income type id (dropped). */
  readonly unknown: string[];
}

/**
 * The ordered route list of a selection (questionnaire pages answered Yes, or the advanced options
 * ticked): form pages in catalogue order, and all chosen income types collapsed into ONE final-form
 * route, placed last, with the income ids kept in selectedIncomeTypes. Duplicates count once; an
 * empty or unknown selection gives no routes (the flow then goes to /tax-refund-options).
 */
export function buildFlowPlan(selection: readonly string[]): FlowPlan {
  const chosen = new Set(selection);
  const selectedForms = FLOW_SLUG_ORDER.filter((slug) => chosen.has(slug));
  const selectedIncomeTypes = INCOME_TYPE_IDS.filter((id) => chosen.has(id));
  const routes: Form11FlowRoute[] = selectedForms.map(formRoute);
  if (selectedIncomeTypes.length > 0) routes.push(FINAL_FORM_ROUTE);
  const unknown = [...chosen].filter((item) => !isFormSlug(item) && !isIncomeTypeId(item));
  return { routes, selectedForms, selectedIncomeTypes, unknown };
}
