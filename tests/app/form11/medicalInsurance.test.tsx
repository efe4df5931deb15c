// @vitest-environment happy-dom
/**
 * Medical insurance relief exactly as the spec draws it: employment name, the list of added
 * insurances, the Add Insurance dialog (name, gross premium, months 1–12, child, office use),
 * Cancel and Next, and "Please add at least one insurance".
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MedicalInsuranceForm } from '../../../src/app/screens/form11/MedicalInsuranceForm.tsx';
import * as m from '../../../src/domain/schemas/messages.ts';
import { typeInto } from './fill.ts';
import { ESTIMATOR, renderWithTheme, TODAY, YEAR } from './render.tsx';

function renderPage(props: { busy?: boolean } = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithTheme(<MedicalInsuranceForm year={YEAR} estimator={ESTIMATOR} today={TODAY} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  const page = within(view.container.querySelector('form') as HTMLElement);
  return { page, onSubmit, onCancel, insurances: () => within(page.getByRole('group', { name: 'Insurances' })) };
}

async function openDialog(page: ReturnType<typeof within>) {
  fireEvent.click(page.getByRole('button', { name: 'Add Insurance' }));
  return within(await screen.findByRole('dialog', { name: 'Add Insurance' }));
}

async function addInsurance(page: ReturnType<typeof within>, entry: { name: string; premium: string; months: string; child?: boolean }) {
  const dialog = await openDialog(page);
  typeInto(dialog.getByRole('textbox', { name: 'Name of person covered by the policy' }), entry.name);
  typeInto(dialog.getByRole('textbox', { name: 'Gross premium' }), entry.premium);
  typeInto(dialog.getByRole('textbox', { name: 'Months the policy was active' }), entry.months);
  if (entry.child) fireEvent.click(dialog.getByRole('checkbox', { name: 'This person is a child (under 21)' }));
  // "For office use only" is Revenue's: never shown; the entry carries it unset.
  expect(dialog.queryByRole('checkbox', { name: 'For office use only' })).toBeNull();
  fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('medical insurance relief', () => {
  it('shows the employment name, an empty list with Add Insurance, Cancel and Next', () => {
    const { page, insurances } = renderPage();
    expect(page.getByRole('textbox', { name: 'Employment' })).toBeTruthy();
    expect(insurances().getByText('Nothing added yet.')).toBeTruthy();
    expect(page.getByRole('button', { name: 'Add Insurance' })).toBeTruthy();
    expect(page.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(page.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('Next with no insurance: an inline alert "Please add at least one insurance", focus on Add Insurance, nothing submitted', async () => {
    const { page, onSubmit } = renderPage();
    typeInto(page.getByRole('textbox', { name: 'Employment' }), 'Acme Software Ltd');
    expect(screen.queryByText(m.ADD_AT_LEAST_ONE_INSURANCE)).toBeNull();
    fireEvent.click(page.getByRole('button', { name: 'Next' }));
    const alert = await page.findByRole('alert');
    expect(alert.textContent).toBe(m.ADD_AT_LEAST_ONE_INSURANCE);
    await waitFor(() => expect(document.activeElement).toBe(page.getByRole('button', { name: 'Add Insurance' })));
    expect(onSubmit).not.toHaveBeenCalled();

    await addInsurance(page, { name: 'Ann Lee', premium: '900', months: '12' });
    expect(page.queryByRole('alert')).toBeNull();
  });

  it('the dialog is titled, opens on its first field, validates its own fields and adds nothing until they are valid', async () => {
    const { page, insurances, onSubmit } = renderPage();
    const dialog = await openDialog(page);
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByRole('textbox', { name: 'Name of person covered by the policy' })));
    expect(dialog.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    // Name, gross premium and months are required (spec section 5); the two flags are not.
    await waitFor(() => expect(dialog.getAllByText(m.REQUIRED)).toHaveLength(3));
    expect(dialog.getByRole('textbox', { name: 'Name of person covered by the policy' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();

    typeInto(dialog.getByRole('textbox', { name: 'Months the policy was active' }), '13');
    await dialog.findByText(m.MONTHS_RANGE);

    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(insurances().getByText('Nothing added yet.')).toBeTruthy();
    // The dialog's own submit never submits the page.
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds, edits and removes insurances; Next sends exactly the spec payload', async () => {
    const { page, insurances, onSubmit } = renderPage();
    typeInto(page.getByRole('textbox', { name: 'Employment' }), '  Acme Software Ltd ');
    await addInsurance(page, { name: 'Seán Ó Briain', premium: '1200', months: '12' });
    await addInsurance(page, { name: 'Aoife Ní Bhriain', premium: '450', months: '6', child: true });
    await addInsurance(page, { name: 'Temporary Entry', premium: '10', months: '1' });

    const list = insurances();
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    const [first, second] = list.getAllByRole('listitem');
    expect(first?.textContent).toContain('Seán Ó Briain');
    expect(first?.textContent).toContain('Gross premium:€1,200.00');
    expect(first?.textContent).not.toContain('child');
    // A ticked flag reads as its label; the confirmations and unticked flags are left out.
    expect(second?.textContent).toContain('This person is a child (under 21)');

    fireEvent.click(list.getByRole('button', { name: 'Remove Temporary Entry' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.queryByText('Temporary Entry')).toBeNull();

    // Edit opens the dialog with the entry's values.
    fireEvent.click(list.getByRole('button', { name: 'Edit Aoife Ní Bhriain' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit insurance' }));
    const premium = dialog.getByRole('textbox', { name: 'Gross premium' }) as HTMLInputElement;
    expect(premium.value).toBe('€450');
    typeInto(premium, '480');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(page.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      selectedEmployment: 'Acme Software Ltd',
      insurances: [
        { nameOfPersonCoveredByPolicy: 'Seán Ó Briain', amountOfGrossPremium: 1200, amountOfMonthsPolicyWasActive: 12, isChild: false, isForOfficeUseOnly: false },
        { nameOfPersonCoveredByPolicy: 'Aoife Ní Bhriain', amountOfGrossPremium: 480, amountOfMonthsPolicyWasActive: 6, isChild: true, isForOfficeUseOnly: false },
      ],
    });
  });

  it('Cancel calls back; a busy submit disables Next', () => {
    const { page, onCancel } = renderPage({ busy: true });
    expect(page.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(page.getByRole('button', { name: 'Cancel' }));
    // Cancel is disabled while busy, so it only works when idle.
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('Cancel calls back when idle', () => {
    const { page, onCancel } = renderPage();
    fireEvent.click(page.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
