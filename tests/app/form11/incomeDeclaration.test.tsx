// @vitest-environment happy-dom
/** /form11/final-form: one sub-form per selected income type, one "Submit Income Declaration". */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { IncomeDeclarationForm, SUBMIT_INCOME_DECLARATION } from '../../../src/app/screens/form11/IncomeDeclarationForm.tsx';
import { incomeType, INCOME_TYPE_IDS, type IncomeTypeId } from '../../../src/domain/catalogue.ts';
import { formatEuro } from '../../../src/domain/money.ts';
import { form11Fields, form11Sample, form11Schema } from '../../../src/domain/schemas/form11/index.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { calculateRefund } from '../../../src/domain/tax/index.ts';
import { enterAll, typeInto } from './fill.ts';
import { ESTIMATOR, PROFILE, renderWithTheme, TODAY, YEAR } from './render.tsx';

function renderDeclaration(incomeIds: readonly IncomeTypeId[], initialValues?: Parameters<typeof IncomeDeclarationForm>[0]['initialValues']) {
  const onSubmit = vi.fn();
  const view = renderWithTheme(
    <IncomeDeclarationForm incomeIds={incomeIds} year={YEAR} estimator={ESTIMATOR} today={TODAY} initialValues={initialValues} onSubmit={onSubmit} />,
  );
  const page = within(view.container.querySelector('form') as HTMLElement);
  const section = (id: IncomeTypeId) => within(page.getByRole('group', { name: incomeType(id).label }));
  return { onSubmit, page, section };
}

const parsed = (id: IncomeTypeId) => v.parse(form11Schema(id, TODAY), form11Sample(id));
const sample = (id: IncomeTypeId) => form11Sample(id) as Record<string, unknown>;

describe('income declaration', () => {
  it('one sub-form per income type, in order, and a single submit', () => {
    const ids: IncomeTypeId[] = ['uk-dividends', 'rental-income', 'trading-profit'];
    const { page } = renderDeclaration(ids);
    const labels: string[] = ids.map((id) => incomeType(id).label);
    const sections = page.getAllByRole('group').map((group) => group.querySelector(':scope > legend')?.textContent ?? '');
    expect(sections.filter((legend) => labels.includes(legend))).toEqual(labels);
    expect(page.getAllByRole('button', { name: SUBMIT_INCOME_DECLARATION })).toHaveLength(1);
  });

  it('submits a map of every income type’s parsed data, entered field by field', async () => {
    const ids: IncomeTypeId[] = ['rental-income', 'uk-dividends', 'foreign-salary', 'maintenance-payments'];
    const { onSubmit, page, section } = renderDeclaration(ids);
    for (const id of ids) await enterAll(section(id), form11Fields(id), sample(id));
    fireEvent.click(page.getByRole('button', { name: SUBMIT_INCOME_DECLARATION }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(Object.fromEntries(ids.map((id) => [id, parsed(id)])));
    // Four sub-forms typed field by field: seconds of rendering on a busy 2-core machine.
  }, 20_000);

  it('all 13 income types prefilled submit together', async () => {
    const initial = Object.fromEntries(INCOME_TYPE_IDS.map((id) => [id, form11Sample(id)]));
    const { onSubmit, page } = renderDeclaration(INCOME_TYPE_IDS, initial);
    fireEvent.click(page.getByRole('button', { name: SUBMIT_INCOME_DECLARATION }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(Object.fromEntries(INCOME_TYPE_IDS.map((id) => [id, parsed(id)])));
  });

  it('errors belong to their own sub-form; nothing is submitted until every sub-form is valid', async () => {
    const { onSubmit, page, section } = renderDeclaration(['trading-profit', 'untaxed-state-income'], {
      'trading-profit': form11Sample('trading-profit'),
    });
    fireEvent.click(page.getByRole('button', { name: SUBMIT_INCOME_DECLARATION }));
    await waitFor(() => expect(section('untaxed-state-income').getAllByText(m.REQUIRED)).toHaveLength(2));
    expect(section('trading-profit').queryByText(m.REQUIRED)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    await enterAll(section('untaxed-state-income'), form11Fields('untaxed-state-income'), sample('untaxed-state-income'));
    fireEvent.click(page.getByRole('button', { name: SUBMIT_INCOME_DECLARATION }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ 'trading-profit': parsed('trading-profit'), 'untaxed-state-income': parsed('untaxed-state-income') });
  });

  it('each sub-form shows its tax due; the total is their sum once all are complete', async () => {
    const { section } = renderDeclaration(['uk-dividends', 'trading-profit'], { 'uk-dividends': form11Sample('uk-dividends') });
    const due = (id: IncomeTypeId, data: unknown) => {
      const result = calculateRefund(YEAR, id, data, PROFILE, { today: TODAY });
      if (!result.ok) throw new Error(id);
      return result.amount;
    };
    // Each estimate is a region named for its income, so a screen reader can tell them apart.
    expect(screen.getByRole('region', { name: `Estimated tax due for ${YEAR}: UK dividends` })).toBeTruthy();
    expect(screen.getByRole('region', { name: `Estimated tax due for ${YEAR}: Trading profit` })).toBeTruthy();
    expect(section('uk-dividends').getByTestId('estimate-amount').textContent).toBe(formatEuro(due('uk-dividends', sample('uk-dividends')), { keepZeroDecimals: true }));
    expect(section('trading-profit').getByTestId('estimate-prompt')).toBeTruthy();
    expect(screen.queryByTestId('declaration-total')).toBeNull();

    typeInto(section('trading-profit').getByRole('textbox', { name: 'What the trade or profession is' }), 'Market stall');
    typeInto(section('trading-profit').getByRole('textbox', { name: 'Profit for the year' }), '2000');
    const total = due('uk-dividends', sample('uk-dividends')) + due('trading-profit', { tradeDescription: 'Market stall', profit: 2000 });
    await waitFor(() => expect(screen.getByTestId('declaration-total').textContent).toBe(formatEuro(total, { keepZeroDecimals: true })));
    expect(section('trading-profit').getByText('tax due')).toBeTruthy();
  });

  it('Fill Mock Data (development) fills every sub-form with its sample', async () => {
    const ids: IncomeTypeId[] = ['irish-taxed-income', 'fees-commissions'];
    const { onSubmit, page } = renderDeclaration(ids);
    fireEvent.click(page.getByRole('button', { name: 'Fill Mock Data' }));
    fireEvent.click(page.getByRole('button', { name: SUBMIT_INCOME_DECLARATION }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(Object.fromEntries(ids.map((id) => [id, parsed(id)])));
  });
});
