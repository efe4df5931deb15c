import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContributeDraftSearchSchema } from '../../../src/domain/schemas/pension.ts';
import { ContributeSearchSchema, IncomeSearchSchema, LoginSearchSchema, ReturnToSearchSchema } from '../../../src/domain/schemas/search.ts';

describe('search params: a bad value falls back, never throws', () => {
  it.each([
    ['/roundups', '/roundups'],
    ['/form11/final-form?incomeId=rental-income', '/form11/final-form?incomeId=rental-income'],
    ['//evil.example', undefined],
    ['https://evil.example/', undefined],
    ['javascript:alert(1)', undefined],
    ['/\\evil.example', undefined],
    ['/ok\nhttps://evil.example', undefined],
    [42, undefined],
    [{ nested: true }, undefined],
    [undefined, undefined],
  ])('redirect=%j → %j', (input, expected) => {
    expect(v.parse(LoginSearchSchema, input === undefined ? {} : { redirect: input })).toEqual(expected === undefined ? expect.not.objectContaining({ redirect: expect.anything() }) : { redirect: expected });
    expect(v.parse(ReturnToSearchSchema, input === undefined ? {} : { returnTo: input }).returnTo).toBe(expected);
  });

  it('incomeId must be one of the catalogue ids', () => {
    expect(v.parse(IncomeSearchSchema, { incomeId: 'rental-income' }).incomeId).toBe('rental-income');
    expect(v.parse(IncomeSearchSchema, { incomeId: 'lottery' }).incomeId).toBeUndefined();
    expect(v.parse(IncomeSearchSchema, { incomeId: 7 }).incomeId).toBeUndefined();
  });

  it('unknown params are dropped', () => {
    expect(v.parse(LoginSearchSchema, { redirect: '/landing', utm: 'x' })).toEqual({ redirect: '/landing' });
  });
});

describe('search params of the Form 11 pages', () => {
  it('a claim year is one the engine has figures for, from a link (text) or the app (number)', async () => {
    const { Form11PageSearchSchema, YearSearchSchema } = await import('../../../src/domain/schemas/search.ts');
    expect(v.parse(YearSearchSchema, { year: 2024 }).year).toBe(2024);
    expect(v.parse(YearSearchSchema, { year: '2023' }).year).toBe(2023);
    for (const bad of [2019, '2031', 'last', 2024.5, null]) expect(v.parse(YearSearchSchema, { year: bad }).year).toBeUndefined();
    expect(v.parse(Form11PageSearchSchema, { year: '2022', returnTo: '/landing' })).toEqual({ year: 2022, returnTo: '/landing' });
    expect(v.parse(Form11PageSearchSchema, { returnTo: '//evil.example' }).returnTo).toBeUndefined();
  });

  it('the incomes chosen on /form11/income-selection keep only catalogue ids', () => {
    expect(v.parse(IncomeSearchSchema, { incomeIds: ['uk-dividends', 'lottery', 'rental-income'] }).incomeIds).toEqual(['uk-dividends', 'rental-income']);
    expect(v.parse(IncomeSearchSchema, { incomeIds: 'uk-dividends' }).incomeIds).toBeUndefined();
  });

  it.each([
    [839.96, 839.96],
    ['839.96', 839.96],
    [0, undefined],
    [-5, undefined],
    ['abc', undefined],
    [2_000_000, undefined],
    [undefined, undefined],
  ])('/contribute?amount=%j → %j', (input, expected) => {
    expect(v.parse(ContributeSearchSchema, input === undefined ? {} : { amount: input }).amount).toBe(expected);
  });

  it('/contribute’s draft keeps a year and a source of the right type, else drops them, never an error (the form uses each only if offered)', () => {
    expect(v.parse(ContributeDraftSearchSchema, { amount: 200, year: 2025, source: 'sandbox-current-account' })).toEqual({ year: 2025, source: 'sandbox-current-account' });
    expect(v.parse(ContributeDraftSearchSchema, { year: 'abc', source: 42 })).toEqual({ year: undefined, source: undefined });
  });
});
