// @vitest-environment happy-dom
/** The estimate shown once an income declaration is saved: a refund, or what the user may owe. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EstimateDialog } from '../../../src/app/screens/form11/EstimateDialog.tsx';
import { renderWithTheme, YEAR } from './render.tsx';

function dialogText(estimate: number, prefix?: string) {
  renderWithTheme(<EstimateDialog estimate={estimate} title="Income declaration saved" year={YEAR} {...(prefix ? { prefix } : {})} onDismiss={() => undefined} />);
  return screen.getByRole('dialog').textContent ?? '';
}

describe('estimate dialog', () => {
  it('a refund shows its cents', () => {
    const text = dialogText(839.96, 'No other income to declare.');
    expect(text).toContain(`No other income to declare. Your estimated refund for ${YEAR} is €839.96.`);
    expect(screen.getByTestId('refund-estimate').textContent).toBe('€839.96');
  });

  it('tax due reads as what the user may owe, never as a negative refund', () => {
    const text = dialogText(-240);
    expect(text).toContain(`For ${YEAR}, you may owe €240.00. The tax due on your other income is more than the tax you get back.`);
    expect(text).not.toContain('-€');
    expect(text).not.toContain('refund for');
  });

  it('is closed while there is no estimate', () => {
    renderWithTheme(<EstimateDialog estimate={null} title="Income declaration saved" year={YEAR} onDismiss={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
