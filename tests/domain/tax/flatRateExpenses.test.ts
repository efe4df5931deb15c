import { describe, expect, it } from 'vitest';
import { FLAT_RATE_EXPENSES, flatRateExpense, occupationFromText } from '../../../src/domain/tax/flatRateExpenses.ts';
import { SUPPORTED_TAX_YEARS } from '../../../src/domain/tax/years.ts';

describe('flat rate expenses: a list of occupations, an amount for each year', () => {
  it('every occupation has a unique id and title, a positive amount for every supported year and a named source', () => {
    expect(new Set(FLAT_RATE_EXPENSES.map((entry) => entry.id)).size).toBe(FLAT_RATE_EXPENSES.length);
    expect(new Set(FLAT_RATE_EXPENSES.map((entry) => entry.title)).size).toBe(FLAT_RATE_EXPENSES.length);
    for (const entry of FLAT_RATE_EXPENSES) {
      for (const year of SUPPORTED_TAX_YEARS) expect(entry.amounts[year], `${entry.id} ${year}`).toBeGreaterThan(0);
      expect(entry.quotedBy, entry.id).not.toBe('');
    }
  });

  it('waiters and waitresses have had the same amount since 2017 (€80), not the old €97 and €64', () => {
    expect(occupationFromText('Waitress')?.amounts[2025]).toBe(80);
    expect(occupationFromText('waiter')?.amounts[2025]).toBe(80);
    expect(flatRateExpense('waiter-waitress')?.title).toBe('Waiter or waitress');
  });

  it('a job typed before the list is read as its entry when it names one exactly, else as none', () => {
    expect(occupationFromText(' Bricklayer ')?.amounts[2024]).toBe(175);
    expect(occupationFromText('stone cutter')?.id).toBe('building-mason-roofer-tiler');
    expect(occupationFromText('astronaut')).toBeUndefined();
    expect(occupationFromText('')).toBeUndefined();
  });
});
