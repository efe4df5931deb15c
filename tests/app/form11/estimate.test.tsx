// @vitest-environment happy-dom
/**
 * The live estimate under a form: the domain engine's answer for what is entered, worked out in
 * the browser, with "how we got this"; a neutral prompt (never NaN) while the form is incomplete
 * or invalid; "tax due" for income types.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ESTIMATE_PROMPT, EstimatePanel } from '../../../src/app/screens/form11/EstimatePanel.tsx';
import { Form11Form } from '../../../src/app/screens/form11/Form11Form.tsx';
import { estimatorOf } from '../../../machines/form11Flow/form11Flow.view.ts';
import type { Form11Category } from '../../../src/domain/catalogue.ts';
import { formatEuro } from '../../../src/domain/money.ts';
import { form11Sample } from '../../../src/domain/schemas/form11/index.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { calculateRefund, type TaxProfile } from '../../../src/domain/tax/index.ts';
import { typeInto } from './fill.ts';
import { PROFILE, renderWithTheme, TODAY, YEAR } from './render.tsx';

function renderForm(category: Form11Category, initialValues: unknown, year = YEAR, profile: TaxProfile = PROFILE) {
  const view = renderWithTheme(
    <Form11Form category={category} year={year} estimator={estimatorOf(profile)} today={TODAY} initialValues={initialValues as never} onSubmit={vi.fn()} />,
  );
  return within(view.container.querySelector('form') as HTMLElement);
}

function engineAmount(category: Form11Category, data: unknown, profile: TaxProfile = PROFILE): string {
  const result = calculateRefund(YEAR, category, data, profile, { today: TODAY });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return formatEuro(result.amount, { keepZeroDecimals: true });
}

const shownAmount = () => screen.queryByTestId('estimate-amount')?.textContent;

describe('live estimate', () => {
  const rentSample = form11Sample('rent-tax-credit');

  it('follows the rent as it is typed and equals the engine for the same data', async () => {
    const page = renderForm('rent-tax-credit', { ...rentSample, rentPaid: '' });
    expect(screen.getByTestId('estimate-prompt').textContent).toBe(ESTIMATE_PROMPT);
    expect(shownAmount()).toBeUndefined();

    const rent = page.getByRole('textbox', { name: 'Rent you paid in the year' });
    fireEvent.change(rent, { target: { value: '3000' } });
    const for3000 = engineAmount('rent-tax-credit', { ...rentSample, rentPaid: 3000 });
    await waitFor(() => expect(shownAmount()).toBe(for3000));
    expect(for3000).toBe('€600.00');

    fireEvent.change(rent, { target: { value: '4000.50' } });
    const for4000 = engineAmount('rent-tax-credit', { ...rentSample, rentPaid: 4000.5 });
    await waitFor(() => expect(shownAmount()).toBe(for4000));
    expect(for4000).toBe('€800.10');

    // Past the 2025 cap of €1,000 (single).
    fireEvent.change(rent, { target: { value: '14400' } });
    await waitFor(() => expect(shownAmount()).toBe(engineAmount('rent-tax-credit', rentSample)));
    expect(shownAmount()).toBe('€1,000.00');
  });

  it('shows how the amount was got: explanation, rule, the year figures and the sources as links, never an internal key', async () => {
    renderForm('rent-tax-credit', rentSample);
    const result = calculateRefund(YEAR, 'rent-tax-credit', rentSample, PROFILE, { today: TODAY });
    if (!result.ok) throw new Error('sample refused');
    const panel = screen.getByRole('region', { name: `Estimated tax back for ${YEAR}` });
    const text = panel.textContent ?? '';
    expect(text).toContain(result.explanation);
    expect(text).toContain(`Rule: ${result.rule}`);
    // Revenue's page as a link a user can open, and the Act section; not the reference's R keys.
    const link = within(panel).getByRole('link', { name: 'Revenue: Rent Tax Credit' });
    expect(link.getAttribute('href')).toBe(result.references.pages[0]?.url);
    expect(text).toContain('Taxes Consolidation Act 1997, s473B');
    expect(text).not.toContain(result.source);
    expect(text).toContain('Rent paid€14,400.00');
    expect(text).toContain('Cap€1,000.00');
    // How we got this: every euro amount with its cents, whole ones too.
    expect(text).toMatch(/How we got this: 20% of €[\d,]+\.00 rent is €[\d,]+\.\d\d; the \d{4} limit is €1,000\.00/);
    expect(text).toContain('Rate20%');
    expect(text).toContain('tax back');
  });

  it('an invalid or incomplete entry shows the neutral prompt, never NaN', async () => {
    const page = renderForm('rent-tax-credit', rentSample);
    await waitFor(() => expect(shownAmount()).toBe('€1,000.00'));
    const rent = page.getByRole('textbox', { name: 'Rent you paid in the year' });
    for (const typed of ['-5', '', '-']) {
      fireEvent.change(rent, { target: { value: typed } });
      await waitFor(() => expect(screen.queryByTestId('estimate-prompt')?.textContent).toBe(ESTIMATE_PROMPT));
      expect(document.body.textContent).not.toMatch(/NaN|Infinity|undefined/);
    }
    typeInto(page.getByRole('textbox', { name: 'Landlord' }), '');
    fireEvent.change(rent, { target: { value: '5000' } });
    await waitFor(() => expect(screen.getByTestId('estimate-prompt').textContent).toBe(ESTIMATE_PROMPT));
  });

  it('lists the caveats the engine gives', async () => {
    renderForm('medical-insurance-relief', form11Sample('medical-insurance-relief'));
    const result = calculateRefund(YEAR, 'medical-insurance-relief', form11Sample('medical-insurance-relief'), PROFILE, { today: TODAY });
    if (!result.ok || result.caveats.length === 0) throw new Error('expected caveats');
    const caveats = screen.getByRole('list', { name: 'Caveats' });
    expect(within(caveats).getAllByRole('listitem').map((item) => item.textContent)).toEqual(result.caveats);
  });

  it('an income type says "tax due"', async () => {
    renderForm('rental-income', form11Sample('rental-income'));
    const panel = screen.getByRole('region', { name: `Estimated tax due for ${YEAR}` });
    expect(within(panel).getByTestId('estimate-amount').textContent).toBe(engineAmount('rental-income', form11Sample('rental-income')));
    expect(panel.textContent).toContain('tax due');
    expect(panel.textContent).not.toContain('tax back');
  });

  it('the profile matters: a higher earner gets a deduction at 40%', async () => {
    const rich: TaxProfile = { ...PROFILE, annualIncome: 120_000 };
    const poor: TaxProfile = { ...PROFILE, annualIncome: 30_000 };
    const data = form11Sample('nursing-home-expenses');
    renderForm('nursing-home-expenses', data, YEAR, rich);
    expect(shownAmount()).toBe(engineAmount('nursing-home-expenses', data, rich));
    expect(engineAmount('nursing-home-expenses', data, rich)).not.toBe(engineAmount('nursing-home-expenses', data, poor));
  });

  it('a year the engine has no figures for says so', () => {
    renderForm('rent-tax-credit', rentSample, 2019);
    expect(screen.getByTestId('estimate-prompt').textContent).toBe(m.TAX_YEAR_UNSUPPORTED);
  });
});

describe('EstimatePanel on its own', () => {
  it('no result yet: the prompt under a heading that names the direction and year', () => {
    renderWithTheme(<EstimatePanel result={null} direction="taxDue" year={2024} />);
    expect(screen.getByRole('region', { name: 'Estimated tax due for 2024' })).toBeTruthy();
    expect(screen.getByTestId('estimate-prompt').textContent).toBe(ESTIMATE_PROMPT);
  });

  it('a zero estimate reads €0.00', () => {
    const result = calculateRefund(YEAR, 'employee-tax-credit', form11Sample('employee-tax-credit'), PROFILE, { today: TODAY });
    renderWithTheme(<EstimatePanel result={result} direction="taxBack" year={YEAR} />);
    expect(shownAmount()).toBe('€0.00');
  });
});
