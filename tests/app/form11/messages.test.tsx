// @vitest-environment happy-dom
/**
 * Spec section 5's messages on the Form 11 forms: each appears only after the field is touched
 * (blur) or a submit is attempted, never before, is tied to its input with aria-describedby, and
 * goes once the value is corrected.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Form11Form } from '../../../src/app/screens/form11/Form11Form.tsx';
import type { Form11Category } from '../../../src/domain/catalogue.ts';
import * as m from '../../../src/domain/schemas/messages.ts';
import { ESTIMATOR, renderWithTheme, TODAY, YEAR } from './render.tsx';

function renderForm(category: Form11Category) {
  const onSubmit = vi.fn();
  const view = renderWithTheme(<Form11Form category={category} year={YEAR} estimator={ESTIMATOR} today={TODAY} onSubmit={onSubmit} />);
  return { onSubmit, page: within(view.container.querySelector('form') as HTMLElement) };
}

/** The element showing `message`, checked to be what `input` is described by. */
function expectDescribedBy(input: HTMLElement, message: string) {
  const shown = screen.getByText(message);
  expect(shown.id, message).not.toBe('');
  expect(input.getAttribute('aria-describedby') ?? '', message).toContain(shown.id);
}

interface TypedCase {
  readonly category: Form11Category;
  /** The list whose dialog holds the field, by its add button. */
  readonly dialog?: string;
  readonly label: string;
  readonly typed: string;
  readonly message: string;
  /** A value that clears the message. */
  readonly fixed: string;
}

// Boundaries named: months 1..12, days 0..365, lease 1..120, loan 60,000..500,000 (inclusive).
const typedCases: readonly TypedCase[] = [
  { category: 'medical-insurance-relief', label: 'Employment', typed: '   ', message: m.REQUIRED, fixed: 'Acme Ltd' },
  { category: 'rent-tax-credit', label: 'Rent you paid in the year', typed: '-5', message: m.POSITIVE_AMOUNT, fixed: '5' },
  { category: 'medical-insurance-relief', dialog: 'Add Insurance', label: 'Months the policy was active', typed: '13', message: m.MONTHS_RANGE, fixed: '12' },
  { category: 'medical-insurance-relief', dialog: 'Add Insurance', label: 'Months the policy was active', typed: '0', message: m.MONTHS_RANGE, fixed: '1' },
  { category: 'medical-insurance-relief', dialog: 'Add Insurance', label: 'Name of person covered by the policy', typed: 'J', message: m.MIN_2_CHARACTERS, fixed: 'Jo' },
  { category: 'medical-insurance-relief', dialog: 'Add Insurance', label: 'Name of person covered by the policy', typed: 'J0hn', message: m.NAME_CHARACTERS, fixed: "Seán O'Brien" },
  { category: 'medical-insurance-relief', dialog: 'Add Insurance', label: 'Gross premium', typed: '-1', message: m.POSITIVE_AMOUNT, fixed: '0' },
  { category: 'remote-working-relief', label: 'Days you worked from home', typed: '366', message: m.DAYS_MAX, fixed: '365' },
  { category: 'rental-income', label: 'Length of the lease in months', typed: '0', message: m.LEASE_MIN, fixed: '1' },
  { category: 'rental-income', label: 'Length of the lease in months', typed: '121', message: m.LEASE_MAX, fixed: '120' },
  { category: 'mortgage-interest-tax-credit', dialog: 'Add Property', label: 'Mortgage balance on 31 December 2022', typed: '59999', message: m.LOAN_MIN, fixed: '60000' },
  { category: 'mortgage-interest-tax-credit', dialog: 'Add Property', label: 'Mortgage balance on 31 December 2022', typed: '500001', message: m.LOAN_MAX, fixed: '500000' },
  { category: 'startup-relief-entrepreneurs', label: 'Company tax reference', typed: '123456', message: m.TAX_REFERENCE_INVALID, fixed: '1234567' },
  { category: 'startup-relief-entrepreneurs', label: 'Company tax reference', typed: '123456a', message: m.TAX_REFERENCE_INVALID, fixed: '7654321' },
  { category: 'startup-relief-entrepreneurs', label: 'Company', typed: 'A', message: m.MIN_2_CHARACTERS, fixed: 'AB' },
  { category: 'rent-tax-credit', label: 'Address of the rented property', typed: 'Main', message: m.MIN_5_CHARACTERS, fixed: 'Main St' },
  { category: 'rent-tax-credit', label: 'LPT property ID (optional)', typed: 'AB12', message: m.PROPERTY_ID_INVALID, fixed: '' },
  { category: 'rent-tax-credit', label: 'Eircode', typed: ' ', message: m.REQUIRED, fixed: 'H91 X2Y3' },
  { category: 'rent-tax-credit', label: 'Eircode', typed: 'B12 3456', message: m.EIRCODE_INVALID, fixed: 'h91x2y3' },
  { category: 'owner-occupier-relief', label: 'LPT property ID', typed: ' ', message: m.REQUIRED, fixed: 'ab12cd34' },
  { category: 'blind-person-tax-credit', label: 'Date of the certificate', typed: '21.11.2026', message: m.DATE_INVALID, fixed: '20.11.2026' },
  { category: 'blind-person-tax-credit', label: 'Date of the certificate', typed: '31.02.2024', message: m.DATE_INVALID, fixed: '29.02.2024' },
];

describe('typed values: the message shows after blur, not before, and goes once fixed', () => {
  it.each(typedCases)('$category · $label = "$typed" → $message', async ({ category, dialog, label, typed, message, fixed }) => {
    const { page } = renderForm(category);
    let scope = page;
    if (dialog) {
      fireEvent.click(page.getByRole('button', { name: dialog }));
      scope = within(await screen.findByRole('dialog', { name: dialog }));
    }
    const input = scope.getByRole('textbox', { name: label });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: typed } });
    expect(screen.queryByText(message)).toBeNull();

    fireEvent.blur(input);
    await screen.findByText(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expectDescribedBy(input, message);

    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: fixed } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });
});

describe('choices and statements: the message shows after a submit attempt, not before', () => {
  it('a yes/no question left unanswered: "This field is required", on every radio of its fieldset', async () => {
    const { page } = renderForm('guide-dog-allowance');
    const group = page.getByRole('group', { name: "Do you get the Blind Person's Tax Credit?" });
    expect(within(group).queryByText(m.REQUIRED)).toBeNull();
    fireEvent.click(page.getByRole('button', { name: 'Save' }));
    const shown = await within(group).findByText(m.REQUIRED);
    for (const radio of within(group).getAllByRole('radio')) {
      expect(radio.getAttribute('aria-invalid')).toBe('true');
      expect(radio.getAttribute('aria-describedby')).toContain(shown.id);
    }
    fireEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(within(group).queryByText(m.REQUIRED)).toBeNull());
  });

  it('a choice left unmade: "Please choose an option"', async () => {
    const { page } = renderForm('blind-person-tax-credit');
    const group = page.getByRole('group', { name: 'Who is blind or severely visually impaired?' });
    expect(within(group).queryByText(m.CHOOSE_AN_OPTION)).toBeNull();
    fireEvent.click(page.getByRole('button', { name: 'Save' }));
    await within(group).findByText(m.CHOOSE_AN_OPTION);
  });

  it('a statement left unticked: "You must confirm this statement"', async () => {
    const { page } = renderForm('assistance-dog-allowance');
    const box = page.getByRole('checkbox', { name: /I confirm the dog was trained/ });
    expect(screen.queryByText(m.CONFIRM_REQUIRED)).toBeNull();
    fireEvent.click(page.getByRole('button', { name: 'Save' }));
    await screen.findByText(m.CONFIRM_REQUIRED);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expectDescribedBy(box, m.CONFIRM_REQUIRED);
    fireEvent.click(box);
    await waitFor(() => expect(screen.queryByText(m.CONFIRM_REQUIRED)).toBeNull());
  });

  it('a required field never touched says nothing until submit, then focus goes to the first field in error', async () => {
    const { page } = renderForm('rent-tax-credit');
    expect(screen.queryByText(m.REQUIRED)).toBeNull();
    fireEvent.click(page.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(page.getByRole('textbox', { name: 'Landlord' })));
    expect(screen.getAllByText(m.REQUIRED).length).toBeGreaterThan(0);
  });
});
