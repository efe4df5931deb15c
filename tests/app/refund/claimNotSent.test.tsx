// @vitest-environment happy-dom
/** /tax-refund-submitted after a failed final send: the spec's failure message and Try again. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClaimNotSent } from '../../../src/app/screens/refund/ClaimNotSent.tsx';
import { renderWithTheme } from '../form11/render.tsx';

describe('claim not sent', () => {
  it('says the claim was not sent with the spec’s message, and Try again sends it again', () => {
    const onRetry = vi.fn();
    renderWithTheme(<ClaimNotSent year={2025} sending={false} canRetry onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Your claim for 2025 was not sent yet' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('while the answers are on their way: no failure shown, Try again cannot be pressed twice', () => {
    const onRetry = vi.fn();
    renderWithTheme(<ClaimNotSent year={2024} sending canRetry={false} onRetry={onRetry} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Sending your claim for 2024');
    const button = screen.getByRole('button', { name: /Try again/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onRetry).not.toHaveBeenCalled();
  });
});
