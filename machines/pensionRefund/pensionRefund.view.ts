import * as v from 'valibot';
import type { SnapshotFrom } from 'xstate';
import { calendarDay, parseApiDate } from '../../src/domain/dates.ts';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import { PENSION_CONTRACTS, type PensionContractCategory, type PensionReliefYear, pensionRefundYears, pensionReliefForYear } from '../../src/domain/pensionRefund.ts';
import { form11Schema } from '../../src/domain/schemas/form11/index.ts';
import type { ClaimStatus } from '../../src/domain/schemas/form11Entry.ts';
import { firstErrorPerField } from '../../src/domain/schemas/issues.ts';
import { defaultClaimYear, taxProfileOf, type TaxYear } from '../../src/domain/tax/index.ts';
import { memoLast } from '../shared/memo.ts';
import type { PensionRefundMachine } from './pensionRefund.machine.ts';
import type { PensionClaim } from './pensionRefund.types.ts';

type Snapshot = Pick<SnapshotFrom<PensionRefundMachine>, 'context' | 'can'>;

/** A year card's form as Mantine holds it. */
export interface PensionYearFormValues {
  category: string;
  providerName: string;
  policyNumber: string;
  contributionsPaid: number | '';
  /** The user's income that year (the year's limit and rate depend on it). */
  incomeInYear: number | '';
}

export interface PensionYearCard {
  year: TaxYear;
  /** This year is being added now. */
  adding: boolean;
  /** Added during this visit. */
  added: boolean;
  /** The pension categories already in the year's claim. */
  claimed: { label: string; status: ClaimStatus; refund: number }[];
  /** The last refusal of this year: its status, message and the server's messages by answer field. */
  failure: { status: number | null; message: string; fields: Record<string, string> } | null;
  /** The card's form as it opens: the income prefilled from the profile for the year it stands for (the claim year), else empty. */
  initialValues: PensionYearFormValues;
  /** The year's limit and the relief of what is typed, from the income typed for that year. */
  relief(paid: number | '', incomeInYear: number | ''): PensionReliefYear;
}

export interface PensionRefundView {
  /** No year is being added: Add is possible. */
  canAdd: boolean;
  /** The income the limits are worked out from, or null when none is recorded. */
  annualIncome: number | null;
  /** The open years, newest first. */
  years: PensionYearCard[];
  contractOptions: { value: PensionContractCategory; label: string }[];
  /** The card's field messages for values as typed. */
  validate(values: PensionYearFormValues): Record<string, string>;
  /** The claim a card's valid values make. */
  claimOf(year: TaxYear, values: PensionYearFormValues): PensionClaim;
}

const PROBE = {
  type: 'claim.add',
  claim: { year: 0, category: 'personal-retirement-savings', answer: { providerName: '', policyNumber: '', contributionsPaid: 0 } },
} as const;

const CONTRACT_OPTIONS = PENSION_CONTRACTS.map((contract) => ({ value: contract.category, label: contract.label }));

/** Asked on every card: the year's relief cannot be worked out without that year's income. */
export const INCOME_IN_YEAR_REQUIRED = 'Enter your income for that year';

const validatorFor = memoLast((today: string) => (values: PensionYearFormValues) => ({
  ...firstErrorPerField(
    v.safeParse(form11Schema(values.category as PensionContractCategory, parseApiDate(today) ?? calendarDay(new Date(0))), {
      providerName: values.providerName,
      policyNumber: values.policyNumber,
      contributionsPaid: values.contributionsPaid === '' ? undefined : values.contributionsPaid,
      incomeInYear: values.incomeInYear === '' ? undefined : values.incomeInYear,
    }).issues,
  ),
  ...(values.incomeInYear === '' ? { incomeInYear: INCOME_IN_YEAR_REQUIRED } : {}),
}));

const EMPTY_CARD: PensionYearFormValues = { category: 'personal-retirement-savings', providerName: '', policyNumber: '', contributionsPaid: '', incomeInYear: '' };

/** Pension refund as /pension-refund shows it. */
export function pensionRefundView(snapshot: Snapshot): PensionRefundView {
  const { user, today, adding, added, failure } = snapshot.context;
  const day = parseApiDate(today) ?? calendarDay(new Date(0));
  const profile = user ? taxProfileOf(user) : null;
  const years = user ? [...pensionRefundYears(day)].reverse() : [];
  // The profile's annual income is the one the claim year is worked out from; earlier years are asked.
  const claimYear = defaultClaimYear(day);
  return {
    canAdd: snapshot.can(PROBE),
    annualIncome: user?.annual_income ?? null,
    years: years.map((year) => {
      const entry = user?.form11.find((claim) => claim.year === year);
      const yearFailure = failure?.year === year ? failure.error : null;
      return {
        year,
        adding: adding === year,
        added: added.includes(year),
        claimed: entry
          ? PENSION_CONTRACTS.flatMap(({ category, label }) =>
              category in (entry.snapshot ?? {}) ? [{ label, status: entry.categoryStatuses?.[category] ?? 'pending', refund: entry.categoryRefunds?.[category] ?? 0 }] : [],
            )
          : [],
        failure: yearFailure
          ? {
              status: yearFailure.status,
              message: failureMessage(yearFailure),
              fields: Object.fromEntries(
                Object.entries(yearFailure.fieldErrors ?? {}).flatMap(([path, messages]) =>
                  path.startsWith('answer.') && messages[0] ? [[path.slice('answer.'.length), messages[0]]] : [],
                ),
              ),
            }
          : null,
        initialValues: year === claimYear && typeof user?.annual_income === 'number' ? { ...EMPTY_CARD, incomeInYear: user.annual_income } : EMPTY_CARD,
        // No income typed for the year: no limit in euro yet (never today's income in its place).
        relief: (paid, incomeInYear) =>
          pensionReliefForYear(incomeInYear === '' ? { ...profile!, annualIncome: null } : profile!, year, typeof paid === 'number' ? paid : 0, incomeInYear === '' ? null : incomeInYear),
      };
    }),
    contractOptions: CONTRACT_OPTIONS,
    validate: validatorFor(today),
    claimOf: (year, values) => ({
      year,
      category: values.category as PensionContractCategory,
      answer: {
        providerName: values.providerName.trim(),
        policyNumber: values.policyNumber.trim(),
        contributionsPaid: typeof values.contributionsPaid === 'number' ? values.contributionsPaid : 0,
        ...(typeof values.incomeInYear === 'number' ? { incomeInYear: values.incomeInYear } : {}),
      },
    }),
  };
}
