import { describe, expect, it } from 'vitest';
import {
  ADVANCED_OPTIONS,
  ADVANCED_OPTION_GROUPS,
  FINAL_FORM_ROUTE,
  FORM11_CATEGORIES,
  FORM_PAGES,
  FORM_SLUGS,
  INCOME_TYPES,
  INCOME_TYPE_IDS,
  QUESTIONS,
  SLUGS_WITHOUT_QUESTION,
  categoryTitle,
  claimCategoriesOf,
  formRoute,
  inClaimLineOrder,
  isForm11Category,
  isFormSlug,
  isIncomeTypeId,
  targetRoute,
} from '../../src/domain/catalogue.ts';
import { FORM11_FLOW_ROUTES } from '../../src/domain/form11Routes.ts';

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe('form slugs', () => {
  it('are the 30 slugs of spec section 2, then the 5 credits added since, without repeats', () => {
    expect(FORM_SLUGS).toHaveLength(35);
    expect(duplicates(FORM_SLUGS)).toEqual([]);
    expect(FORM_SLUGS[0]).toBe('assistance-dog-allowance');
    expect(FORM_SLUGS[29]).toBe('earned-income-tax-credit');
    expect(FORM_SLUGS.slice(30)).toEqual(['home-carer-tax-credit', 'age-tax-credit', 'widowed-person-tax-credit', 'widowed-parent-tax-credit', 'employing-carer-relief']);
  });

  it('each has a title and a one-line description, no two titles alike', () => {
    expect(Object.keys(FORM_PAGES).sort()).toEqual([...FORM_SLUGS].sort());
    for (const slug of FORM_SLUGS) {
      const page = FORM_PAGES[slug];
      expect(page.title.length, slug).toBeGreaterThan(3);
      expect(page.description, slug).toMatch(/^[A-Z].*\.$/);
      expect(page.description, slug).not.toContain('\n');
    }
    expect(duplicates(FORM_SLUGS.map((s) => FORM_PAGES[s].title))).toEqual([]);
  });

  it('route to /form11/{slug}', () => {
    expect(formRoute('rent-tax-credit')).toBe('/form11/rent-tax-credit');
  });

  it('isFormSlug accepts the slugs only', () => {
    expect(isFormSlug('health-expenses')).toBe(true);
    expect(isFormSlug('final-form')).toBe(false);
    expect(isFormSlug('uk-dividends')).toBe(false);
  });
});

describe('income types', () => {
  it('are the 13 ids of spec section 3, in that order', () => {
    expect(INCOME_TYPE_IDS).toEqual([
      'canadian-dividends',
      'dividends-distributions',
      'emp-off-pen',
      'fees-commissions',
      'foreign-pensions',
      'foreign-salary',
      'maintenance-payments',
      'rental-income',
      'trading-profit',
      'uk-dividends',
      'us-dividends',
      'untaxed-state-income',
      'irish-taxed-income',
    ]);
  });

  it('the catalogue has one entry per id, in the same order', () => {
    expect(INCOME_TYPES.map((t) => t.id)).toEqual([...INCOME_TYPE_IDS]);
  });

  it('each has a label, a description and what its form asks', () => {
    for (const t of INCOME_TYPES) {
      expect(t.label.length, t.id).toBeGreaterThan(2);
      expect(t.description, t.id).toMatch(/\.$/);
      expect(t.asks, t.id).toMatch(/\.$/);
    }
    expect(duplicates(INCOME_TYPES.map((t) => t.label))).toEqual([]);
  });

  it('isIncomeTypeId accepts the ids only', () => {
    expect(isIncomeTypeId('rental-income')).toBe(true);
    expect(isIncomeTypeId('rent-tax-credit')).toBe(false);
  });
});

describe('categories', () => {
  it('are the 35 slugs and 13 income ids, which never overlap', () => {
    expect(FORM11_CATEGORIES).toHaveLength(48);
    expect(duplicates(FORM11_CATEGORIES)).toEqual([]);
    expect(FORM_SLUGS.filter((s) => isIncomeTypeId(s))).toEqual([]);
  });

  it('have a title each', () => {
    expect(categoryTitle('rent-tax-credit')).toBe('Rent Tax Credit');
    expect(categoryTitle('uk-dividends')).toBe('UK dividends');
    expect(isForm11Category('us-dividends')).toBe(true);
    expect(isForm11Category('nope')).toBe(false);
  });
});

describe('questionnaire', () => {
  it('has 32 questions (the spec’s 27 and one per added credit), each on a different form page', () => {
    expect(QUESTIONS).toHaveLength(32);
    const slugs = QUESTIONS.map((q) => q.slug);
    expect(duplicates(slugs)).toEqual([]);
    for (const slug of slugs) expect(isFormSlug(slug), slug).toBe(true);
  });

  it('leaves out exactly the 3 slugs it names', () => {
    const asked = new Set<string>(QUESTIONS.map((q) => q.slug));
    expect(FORM_SLUGS.filter((s) => !asked.has(s)).sort()).toEqual([...SLUGS_WITHOUT_QUESTION].sort());
    expect(SLUGS_WITHOUT_QUESTION).toHaveLength(3);
  });

  it('asks plain yes/no questions', () => {
    for (const q of QUESTIONS) {
      expect(q.text, q.slug).toMatch(/^(Did|Do|Does|Are|Is|Have) .+\?$/);
      expect(q.text.length, q.slug).toBeLessThan(160);
    }
    expect(duplicates(QUESTIONS.map((q) => q.text))).toEqual([]);
  });
});

describe('"For Advanced Use" options', () => {
  it('has 47 options in the groups of spec section 2 (7, 6, 5, 11, 13) with the added credits: 8, 10, 5, 11, 13', () => {
    expect(ADVANCED_OPTION_GROUPS.map((g) => [g.title, g.options.length])).toEqual([
      ['Health', 8],
      ['You & Your Family', 10],
      ['Your Job', 5],
      ['Other', 11],
      ['Other Income', 13],
    ]);
    expect(ADVANCED_OPTIONS).toHaveLength(47);
  });

  it('ids, labels and targets are unique', () => {
    expect(duplicates(ADVANCED_OPTIONS.map((o) => o.id))).toEqual([]);
    expect(duplicates(ADVANCED_OPTIONS.map((o) => o.label))).toEqual([]);
    const targets = ADVANCED_OPTIONS.map((o) => (o.target.kind === 'form' ? o.target.slug : o.target.incomeTypeId));
    expect(duplicates(targets)).toEqual([]);
  });

  it('every target exists, and the id is the target', () => {
    for (const option of ADVANCED_OPTIONS) {
      if (option.target.kind === 'form') {
        expect(isFormSlug(option.target.slug), option.id).toBe(true);
        expect(option.id).toBe(option.target.slug);
      } else {
        expect(isIncomeTypeId(option.target.incomeTypeId), option.id).toBe(true);
        expect(option.id).toBe(option.target.incomeTypeId);
      }
    }
  });

  it('the four form groups cover 34 slugs; income-continuance shares the permanent health option', () => {
    const formTargets = ADVANCED_OPTIONS.flatMap((o) => (o.target.kind === 'form' ? [o.target.slug] : []));
    expect(formTargets).toHaveLength(34);
    expect(FORM_SLUGS.filter((s) => !formTargets.includes(s))).toEqual(['income-continuance']);
  });

  it('Other Income holds all 13 income types, in their order', () => {
    const income = ADVANCED_OPTION_GROUPS.find((g) => g.id === 'income');
    expect(income?.options.map((o) => o.id)).toEqual(INCOME_TYPE_IDS);
  });

  it('a form option leads to its page, an income option to the final form', () => {
    expect(targetRoute({ kind: 'form', slug: 'tuition-fees' })).toBe('/form11/tuition-fees');
    expect(targetRoute({ kind: 'income', incomeTypeId: 'rental-income' })).toBe(FINAL_FORM_ROUTE);
  });

  it('every form page is reachable from a question or an option', () => {
    const reachable = new Set<string>([
      ...QUESTIONS.map((q) => q.slug),
      ...ADVANCED_OPTIONS.flatMap((o) => (o.target.kind === 'form' ? [o.target.slug] : [])),
    ]);
    expect(FORM_SLUGS.filter((s) => !reachable.has(s))).toEqual([]);
  });
});

describe('inClaimLineOrder: one order for a claim’s lines on every screen', () => {
  it('is Form 11’s page order (the guided flow’s), then the incomes; unknown keys last, as given', () => {
    const lines = ['uk-dividends', 'an-old-key', 'tuition-fees', 'rental-income', 'health-expenses', 'rent-tax-credit'].map((category) => ({ category }));
    expect(inClaimLineOrder(lines, (line) => line.category).map((line) => line.category)).toEqual([
      'health-expenses',
      'rent-tax-credit',
      'tuition-fees',
      'rental-income',
      'uk-dividends',
      'an-old-key',
    ]);
    // The pages of the guided flow come in the same order.
    const pages = FORM11_FLOW_ROUTES.map((route) => route.replace('/form11/', ''));
    expect(claimCategoriesOf(Object.fromEntries([...FORM_SLUGS].reverse().map((slug) => [slug, {}])))).toEqual(pages.filter((page) => page !== 'final-form'));
  });
});
