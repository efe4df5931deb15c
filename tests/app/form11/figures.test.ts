import { describe, expect, it } from 'vitest';
import { FIGURE_WORDS, showFigures } from '../../../src/app/screens/form11/figures.ts';
import { FORM11_CATEGORIES } from '../../../src/domain/catalogue.ts';
import { form11Sample } from '../../../src/domain/schemas/form11/index.ts';
import { calculateRefund, SUPPORTED_TAX_YEARS, type TaxProfile } from '../../../src/domain/tax/index.ts';
import { TODAY } from './render.tsx';

const profiles: TaxProfile[] = [
  { maritalStatus: 'single', annualIncome: 20_000, dateOfBirth: '1990-01-01' },
  { maritalStatus: 'single', annualIncome: 120_000, dateOfBirth: '1960-01-01' },
  { maritalStatus: 'married', annualIncome: 60_000, dateOfBirth: '1975-01-01' },
  { maritalStatus: 'single', annualIncome: null, dateOfBirth: null, marginalRate: 0.4 },
];

describe('figures in words', () => {
  it('every figure the engine names (every category, year and kind of profile) has words and a unit', () => {
    const names = new Set<string>();
    for (const year of SUPPORTED_TAX_YEARS)
      for (const category of FORM11_CATEGORIES)
        for (const profile of profiles) {
          const result = calculateRefund(year, category, form11Sample(category), profile, { today: TODAY });
          if (result.ok) for (const name of Object.keys(result.figures)) names.add(name);
        }
    expect(names.size).toBeGreaterThan(50);
    expect([...names].filter((name) => !(name in FIGURE_WORDS))).toEqual([]);
  });

  it('euro, rates and counts read as such, in the engine’s order; an unknown name is still readable', () => {
    expect(showFigures({ rentPaid: 14400, rate: 0.2, cap: 1000, people: 2, ageRelatedShare: 0.075, someNewFigure: 3 })).toEqual([
      { name: 'rentPaid', label: 'Rent paid', value: '€14,400.00' },
      { name: 'rate', label: 'Rate', value: '20%' },
      { name: 'cap', label: 'Cap', value: '€1,000.00' },
      { name: 'people', label: 'People covered', value: '2' },
      { name: 'ageRelatedShare', label: 'Age-related limit', value: '7.5%' },
      { name: 'someNewFigure', label: 'Some new figure', value: '3' },
    ]);
  });
});
