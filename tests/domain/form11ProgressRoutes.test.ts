import { describe, expect, it } from 'vitest';
import { ADVANCED_OPTIONS, FORM_SLUGS, INCOME_TYPE_IDS, QUESTIONS } from '../../src/domain/catalogue.ts';
import {
  FLOW_SLUG_ORDER,
  FORM11_FLOW_ROUTES,
  buildFlowPlan,
  isForm11FlowRoute,
  isForm11StepKey,
  routeOfStepKey,
  stepKeyOf,
} from '../../src/domain/form11Routes.ts';

describe('catalogue order of the flow', () => {
  it('holds every form page once', () => {
    expect([...FLOW_SLUG_ORDER].sort()).toEqual([...FORM_SLUGS].sort());
    expect(new Set(FLOW_SLUG_ORDER).size).toBe(FORM_SLUGS.length);
  });

  it('is the order of the questions, and of the advanced options', () => {
    const questionSlugs: string[] = QUESTIONS.map((q) => q.slug);
    expect(FLOW_SLUG_ORDER.filter((slug) => questionSlugs.includes(slug))).toEqual(questionSlugs);
    const optionSlugs = ADVANCED_OPTIONS.flatMap((o) => (o.target.kind === 'form' ? [o.target.slug] : []));
    expect(FLOW_SLUG_ORDER.filter((slug) => slug !== 'income-continuance')).toEqual(optionSlugs);
  });
});

describe('buildFlowPlan', () => {
  it('puts the chosen pages in catalogue order, whatever order they were chosen in', () => {
    const plan = buildFlowPlan(['flat-rate-expenses', 'health-expenses', 'rent-tax-credit']);
    expect(plan.routes).toEqual(['/form11/health-expenses', '/form11/rent-tax-credit', '/form11/flat-rate-expenses']);
    expect(plan.selectedForms).toEqual(['health-expenses', 'rent-tax-credit', 'flat-rate-expenses']);
    expect(plan.selectedIncomeTypes).toEqual([]);
  });

  it('collapses every chosen income type into one final-form route, placed last, and keeps the income ids', () => {
    const plan = buildFlowPlan(['us-dividends', 'rental-income', 'tuition-fees', 'canadian-dividends']);
    expect(plan.routes).toEqual(['/form11/tuition-fees', '/form11/final-form']);
    expect(plan.selectedForms).toEqual(['tuition-fees']);
    expect(plan.selectedIncomeTypes).toEqual(['canadian-dividends', 'rental-income', 'us-dividends']);
  });

  it('leads to the final form alone when only income was chosen', () => {
    expect(buildFlowPlan(['foreign-salary']).routes).toEqual(['/form11/final-form']);
  });

  it('counts a repeated choice once and sets unknown entries aside', () => {
    const plan = buildFlowPlan(['health-expenses', 'health-expenses', 'not-a-page', 'final-form']);
    expect(plan.routes).toEqual(['/form11/health-expenses']);
    expect(plan.unknown).toEqual(['not-a-page', 'final-form']);
  });

  it('gives no routes for an empty selection', () => {
    expect(buildFlowPlan([])).toEqual({ routes: [], selectedForms: [], selectedIncomeTypes: [], unknown: [] });
  });

  it('builds a route per form page and one final form from every category', () => {
    const plan = buildFlowPlan([...INCOME_TYPE_IDS, ...FORM_SLUGS]);
    expect(plan.routes).toHaveLength(FORM_SLUGS.length + 1);
    expect(plan.routes.at(-1)).toBe('/form11/final-form');
    expect(plan.selectedIncomeTypes).toEqual(INCOME_TYPE_IDS);
  });
});

describe('routes and step keys', () => {
  it('key each answer by its page: the slug, or final-form', () => {
    expect(stepKeyOf('/form11/health-expenses')).toBe('health-expenses');
    expect(stepKeyOf('/form11/final-form')).toBe('final-form');
    for (const route of FORM11_FLOW_ROUTES) expect(routeOfStepKey(stepKeyOf(route))).toBe(route);
  });

  it('know the flow routes and keys, and nothing else', () => {
    expect(FORM11_FLOW_ROUTES).toHaveLength(FORM_SLUGS.length + 1);
    expect(isForm11FlowRoute('/form11/rent-tax-credit')).toBe(true);
    expect(isForm11FlowRoute('/form11/final-form')).toBe(true);
    expect(isForm11FlowRoute('/form11/income-selection')).toBe(false);
    expect(isForm11FlowRoute('/form11/rental-income')).toBe(false); // income types have no page of their own
    expect(isForm11FlowRoute(42)).toBe(false);
    expect(isForm11StepKey('final-form')).toBe(true);
    expect(isForm11StepKey('rental-income')).toBe(false);
  });
});
