// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { Form11Form } from '../../../src/app/screens/form11/Form11Form.tsx';
import { FORM11_CATEGORIES, type Form11Category } from '../../../src/domain/catalogue.ts';
import { form11Fields, form11Sample, form11Schema } from '../../../src/domain/schemas/form11/index.ts';
import { enterAll, inputOf, isSelect } from './fill.ts';
import { ESTIMATOR, renderWithTheme, TODAY, YEAR } from './render.tsx';

function renderForm(category: Form11Category, props: Partial<Parameters<typeof Form11Form>[0]> = {}) {
  const onSubmit = vi.fn();
  const view = renderWithTheme(<Form11Form category={category} year={YEAR} estimator={ESTIMATOR} today={TODAY} onSubmit={onSubmit} {...props} />);
  const form = within(view.container.querySelector('form') as HTMLElement);
  return { onSubmit, form };
}

const parsedSample = (category: Form11Category) => v.parse(form11Schema(category, TODAY), form11Sample(category));

describe.each(FORM11_CATEGORIES)('%s', (category) => {
  const fields = form11Fields(category);

  it('renders every field of its domain list, labelled', () => {
    const { form } = renderForm(category);
    for (const field of fields) expect(inputOf(form, field), field.name).toBeTruthy();
  });

  it('submits its sample, entered field by field, as the schema parses it', async () => {
    const { onSubmit, form } = renderForm(category);
    await enterAll(form, fields, form11Sample(category) as Record<string, unknown>);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(parsedSample(category));
  });

  const required = fields.filter((field) => field.required);

  it(required.length > 0 ? 'refuses an empty submit, marking each required field' : 'has only optional fields: an empty submit hands on the empty answer (the guided flow asks "Skip this page?")', async () => {
    const { onSubmit, form } = renderForm(category);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    if (required.length === 0) {
      // Asking is the flow's state, not the form's.
      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit).toHaveBeenCalledWith(v.parse(form11Schema(category, TODAY), {}));
      return;
    }
    await waitFor(() => expect(document.querySelector('[aria-invalid="true"], [role="alert"]')).not.toBeNull());
    for (const field of required) {
      const input = inputOf(form, field);
      if (field.kind === 'list') expect(within(input).getByRole('alert'), field.name).toBeTruthy();
      else if ((field.kind === 'yesNo' || field.kind === 'choice') && !isSelect(field)) expect(within(input).getAllByRole('radio')[0]?.getAttribute('aria-invalid'), field.name).toBe('true');
      else expect(input.getAttribute('aria-invalid'), field.name).toBe('true');
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
