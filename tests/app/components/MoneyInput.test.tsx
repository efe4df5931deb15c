// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyInput } from '../../../src/app/components/MoneyInput.tsx';
import { renderWithTheme } from '../form11/render.tsx';

afterEach(cleanup);

const input = () => screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;

describe('MoneyInput: two decimals where cents exist', () => {
  it('a kept amount with cents shows both decimals; whole euro stay whole', () => {
    renderWithTheme(<MoneyInput label="Amount" value={120.5} onChange={() => {}} />);
    expect(input().value).toBe('€120.50');
    cleanup();
    renderWithTheme(<MoneyInput label="Amount" value={2000} onChange={() => {}} />);
    expect(input().value).toBe('€2,000');
    cleanup();
    renderWithTheme(<MoneyInput label="Amount" defaultValue={1234.5} />);
    expect(input().value).toBe('€1,234.50');
  });

  it('keeps both decimals through a visit of the field', () => {
    renderWithTheme(<MoneyInput label="Amount" value={12.5} onChange={() => {}} />);
    fireEvent.focus(input());
    fireEvent.blur(input());
    expect(input().value).toBe('€12.50');
  });
});
