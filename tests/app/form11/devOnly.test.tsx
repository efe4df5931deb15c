// @vitest-environment happy-dom
/**
 * "Fill Mock Data" is a development aid: present under `import.meta.env.DEV` (as in these tests)
 * and gone when it is false. productionBuild.test.ts checks that a production bundle holds no
 * trace of it.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form11Form } from '../../../src/app/screens/form11/Form11Form.tsx';
import { FORM11_CATEGORIES } from '../../../src/domain/catalogue.ts';
import { form11Sample, form11Schema } from '../../../src/domain/schemas/form11/index.ts';
import { ESTIMATOR, renderWithTheme, TODAY, YEAR } from './render.tsx';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Fill Mock Data', () => {
  it.each(FORM11_CATEGORIES)('%s: fills the domain sample, which then submits as the schema parses it', async (category) => {
    const onSubmit = vi.fn();
    renderWithTheme(<Form11Form category={category} year={YEAR} estimator={ESTIMATOR} today={TODAY} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fill Mock Data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(v.parse(form11Schema(category, TODAY), form11Sample(category)));
  });

  it('is not rendered when import.meta.env.DEV is false', () => {
    vi.stubEnv('DEV', false);
    renderWithTheme(<Form11Form category="rent-tax-credit" year={YEAR} estimator={ESTIMATOR} today={TODAY} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fill Mock Data' })).toBeNull();
  });
});
