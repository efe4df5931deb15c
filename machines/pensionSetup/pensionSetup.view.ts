import type { SnapshotFrom } from 'xstate';
import { calendarDay, parseApiDate } from '../../src/domain/dates.ts';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../../src/domain/failureMessage.ts';
import { toAmount } from '../../src/domain/money.ts';
import { ageBandLabel, agePercentage, maxPensionContribution, pensionAgeInYear, taxYearFor } from '../../src/domain/pension.ts';
import { ASSESSMENT_BASES, ASSESSMENT_BASIS_LABELS } from '../../src/domain/tax/assessment.ts';
import { figure } from '../../src/domain/tax/years.ts';
import type { PensionSetupMachine } from './pensionSetup.machine.ts';

type Snapshot = Pick<SnapshotFrom<PensionSetupMachine>, 'context' | 'hasTag' | 'can'>;

/** The form's values as Mantine holds them (an empty number is ''). */
export interface PensionSetupFormValues {
  annual_income: number | '';
  paid_pension: number | '';
  marital_status: string;
  pension_plan_id: string;
  /** Shown to a married user only: the spouse's income ('' when not known) and the basis of assessment. */
  spouse_annual_income: number | '';
  assessment_basis: string;
}

/** The relief box under the form, for the values as typed. */
export interface PensionSetupPreview {
  /** "30 to 39", or '—' without a date of birth. */
  ageBand: string;
  /** The age band's percentage of earnings. */
  percentage: number;
  /** The most that earns relief this year, after what was paid outside MaxOut (euro). */
  maximum: number;
}

export interface PensionSetupView {
  busy: boolean;
  canSubmit: boolean;
  error: string | null;
  fieldErrors: FieldErrors;
  initialValues: PensionSetupFormValues;
  /** A married user's choice of basis of assessment, worded. */
  basisOptions: { value: string; label: string }[];
  /** Earnings count up to this (euro): this tax year's cap. */
  earningsCap: number;
  preview(values: PensionSetupFormValues): PensionSetupPreview;
}

const SUBMIT_PROBE = { type: 'pensionInfo.submit', values: { annual_income: 0, paid_pension: 0, marital_status: 'single' } } as const;

const BASIS_OPTIONS = ASSESSMENT_BASES.map((value) => ({ value, label: ASSESSMENT_BASIS_LABELS[value] }));

/** Pension Setup as /pension-info shows it. */
export function pensionSetupView(snapshot: Snapshot): PensionSetupView {
  const { user, today, error } = snapshot.context;
  const day = parseApiDate(today) ?? calendarDay(new Date(0));
  // The band of the highest age reached this tax year (the age on 31 December), with that year's cap.
  const age = user ? pensionAgeInYear(user, day) : null;
  return {
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.can(SUBMIT_PROBE),
    error: error ? failureMessage(error) : null,
    fieldErrors: fieldErrorsOf(error),
    initialValues: {
      annual_income: user?.annual_income ?? '',
      // A first visit (no income yet) starts empty rather than with a 0 the user did not type.
      paid_pension: user && user.annual_income !== null ? user.paid_pension : '',
      marital_status: user?.marital_status ?? 'single',
      pension_plan_id: user?.pension_plan_id ?? '',
      spouse_annual_income: user?.spouse_annual_income ?? '',
      assessment_basis: user?.assessment_basis ?? 'joint',
    },
    basisOptions: BASIS_OPTIONS,
    earningsCap: figure('pensionEarningsCap', taxYearFor(day)),
    preview: (values) => ({
      ageBand: age === null ? '—' : ageBandLabel(age),
      percentage: age === null ? 0 : agePercentage(age),
      maximum: user
        ? maxPensionContribution(
            { ...user, annual_income: toAmount(values.annual_income), paid_pension: toAmount(values.paid_pension), marital_status: values.marital_status === 'married' ? 'married' : 'single' },
            day,
          )
        : 0,
    }),
  };
}
