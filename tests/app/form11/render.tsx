import { MantineProvider } from '@mantine/core';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { dayjs } from '../../../src/domain/dates.ts';
import type { TaxProfile } from '../../../src/domain/tax/index.ts';
import { cssVariablesResolver, theme } from '../../../src/app/theme.ts';
import { estimatorOf } from '../../../machines/form11Flow/form11Flow.view.ts';

afterEach(cleanup);

/** Renders inside MantineProvider with the app's theme, as the app does. */
export function renderWithTheme(ui: ReactElement): RenderResult {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {ui}
    </MantineProvider>,
  );
}

/** The day every test judges dates against. */
export const TODAY = dayjs(new Date(2026, 10, 20)); // 20 November 2026
export const YEAR = 2025;
export const PROFILE: TaxProfile = { maritalStatus: 'single', annualIncome: 50_000, dateOfBirth: '1983-06-01' };
/** The live estimate of that taxpayer, as the taxpayer view gives a form. */
export const ESTIMATOR = estimatorOf(PROFILE);
