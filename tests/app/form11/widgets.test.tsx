// @vitest-environment happy-dom
/** The shared inputs under src/app/components, on their own. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateTextInput } from '../../../src/app/components/DateTextInput.tsx';
import { MoneyInput } from '../../../src/app/components/MoneyInput.tsx';
import { RadioFieldset } from '../../../src/app/components/RadioFieldset.tsx';
import { WholeNumberInput } from '../../../src/app/components/WholeNumberInput.tsx';
import { renderWithTheme } from './render.tsx';

describe('DateTextInput', () => {
  it('puts the dots in as digits are typed, uncontrolled, and reports the masked text', () => {
    const onChange = vi.fn();
    renderWithTheme(<DateTextInput label="Date of the donation" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Date of the donation' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '0103' } });
    expect(input.value).toBe('01.03');
    fireEvent.change(input, { target: { value: '01.032025x' } });
    expect(input.value).toBe('01.03.2025');
    expect(onChange).toHaveBeenLastCalledWith('01.03.2025');
    // The format is announced with the field, not only shown as a placeholder.
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Format: DD.MM.YYYY');
  });
});

describe('number inputs', () => {
  it('MoneyInput shows € and separators and reports 12.50 as 12.5', () => {
    const onChange = vi.fn();
    renderWithTheme(<MoneyInput label="Gross premium" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Gross premium' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1234.50' } });
    expect(input.value).toBe('€1,234.50');
    expect(onChange).toHaveBeenLastCalledWith(1234.5);
  });

  it('WholeNumberInput takes no decimals and does not clamp', () => {
    const onChange = vi.fn();
    renderWithTheme(<WholeNumberInput label="Months" min={1} max={12} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Months' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '13' } });
    fireEvent.blur(input);
    expect(input.value).toBe('13');
    expect(onChange).toHaveBeenLastCalledWith(13);
  });
});

describe('RadioFieldset', () => {
  it('a fieldset named by its legend, radios sharing one name, help and error described on each radio', () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    renderWithTheme(
      <RadioFieldset
        label="Is the course full-time?"
        description="Part-time courses have a smaller disregard."
        error="This field is required"
        required
        name="fullTime"
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        onChange={onChange}
        onBlur={onBlur}
      />,
    );
    const group = screen.getByRole('group', { name: 'Is the course full-time?' });
    expect(group.tagName).toBe('FIELDSET');
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.name)).toEqual(['fullTime', 'fullTime']);
    for (const radio of radios) {
      const described = (radio.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toEqual(['Part-time courses have a smaller disregard.', 'This field is required']);
      expect(radio.getAttribute('aria-invalid')).toBe('true');
    }
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(onChange).toHaveBeenCalledWith('no');

    // Moving between its own radios is not leaving the group.
    fireEvent.blur(radios[0] as HTMLElement, { relatedTarget: radios[1] });
    expect(onBlur).not.toHaveBeenCalled();
    fireEvent.blur(radios[1] as HTMLElement, { relatedTarget: document.body });
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
