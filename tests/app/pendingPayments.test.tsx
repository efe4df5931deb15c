// @vitest-environment happy-dom
/** The notice on /contribute and /round-payment of payments the provider has not confirmed yet. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDisplayDateTime } from '../../src/domain/dates.ts';
import type { Contribution } from '../../src/domain/schemas/pension.ts';
import { PendingPayments } from '../../src/app/screens/pension/PendingPayments.tsx';
import { renderWithTheme } from './form11/render.tsx';

const pending = (id: string, amount: number): Contribution => ({
  id,
  amount,
  tax_year: 2026,
  kind: 'one_off',
  source: 'Sandbox debit card',
  status: 'pending',
  created_at: '2026-11-25T10:04:00.000Z',
});

describe('PendingPayments', () => {
  it('shows nothing when every payment is decided', () => {
    renderWithTheme(<PendingPayments pending={[]} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/being confirmed/)).toBeNull();
  });

  it('names each unconfirmed payment and says it is not counted yet', () => {
    renderWithTheme(<PendingPayments pending={[pending('p1', 123), pending('p2', 50.5)]} />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Payments are still being confirmed');
    expect(notice.textContent).toContain(`€123.00 from Sandbox debit card for 2026, started ${formatDisplayDateTime('2026-11-25T10:04:00.000Z')}.`);
    expect(notice.textContent).toContain('€50.50 from Sandbox debit card for 2026');
    expect(notice.textContent).toContain('not counted in the figures below until the payment provider confirms it');
  });

  it('speaks of one payment in the singular', () => {
    renderWithTheme(<PendingPayments pending={[pending('p1', 10)]} />);
    expect(screen.getByRole('status').textContent).toContain('A payment is still being confirmed');
  });
});
