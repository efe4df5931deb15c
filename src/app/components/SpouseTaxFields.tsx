import { Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { MoneyInput } from './MoneyInput.tsx';
import { RadioFieldset } from './RadioFieldset.tsx';

export interface SpouseTaxFieldsProps {
  /** Mantine's props for the income input (`form.getInputProps('spouse_annual_income')`). */
  incomeProps: GetInputPropsReturnType;
  /** The bases of assessment, as the screen's view words them. */
  basisOptions: readonly { value: string; label: string }[];
  /** The basis the group starts on. */
  basis: string;
  basisError?: ReactNode;
  onBasisChange(value: string): void;
}

/**
 * A married user's tax household (Pension Setup and Profile): the spouse's or civil partner's
 * income and how the couple is assessed. Joint assessment is Revenue's default for a married
 * couple; the refund estimates say which basis they used.
 */
export function SpouseTaxFields({ incomeProps, basisOptions, basis, basisError, onBasisChange }: SpouseTaxFieldsProps) {
  return (
    <Stack gap="sm">
      <MoneyInput
        label="Your spouse's or civil partner's income"
        description="Before tax, for the year. Jointly assessed, a second income widens the 20% band. Leave it empty if you do not know it."
        {...incomeProps}
      />
      <RadioFieldset
        label="How are you assessed for tax?"
        description="Most married couples and civil partners are jointly assessed; choose another only if you asked Revenue for it."
        name="assessment_basis"
        options={basisOptions}
        defaultValue={basis}
        error={basisError}
        onChange={onBasisChange}
      />
    </Stack>
  );
}
