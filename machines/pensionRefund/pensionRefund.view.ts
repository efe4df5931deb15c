import * as v from 'valibot';
import type { SnapshotFrom } from 'xstate';
import { calendarDay, parseApiDate } from '../../src/domain/dates.ts';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import { PENSION_CONTRACTS, type PensionContractCategory, type PensionReliefYear, pensionRefundYears, pensionReliefForYear } from '../../src/domain/pensionRefund.ts';
import { form11Schema } from '../../src/domain/schemas/form11/index.ts';
import type { ClaimStatus } from '../../src/domain/schemas/form11Entry.ts';
import { firstErrorPerField } from '../../src/domain/schemas/issues.ts';
import { taxProfileOf, type TaxYear } from '../../src/domain/tax/index.ts';
import { memoLast } from '../shared/memo.ts';
import type { PensionRefundMachine } from './pensionRefund.machine.ts';

type Snapshot = Pick<SnapshotFrom<PensionRefundMachine>, 'context' | 'can'>;

/** A year card's form as Mantine holds it. */
export interface PensionYearFormValues {
  category: string;
  providerName: string;
  policyNumber: string;
  contributionsPaid: number | '';
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
  /** The year's limit and the relief of what is typed. */
  relief(paid: number | ''): PensionReliefYear;
}

export interface PensionRefundView {
  /** No year is being added: Add is possible. */
  canAdd: boolean;
  /** The income the limits are worked out from, or null when none is recorded. */
  annualIncome: number | null;
  /** The open years, newest first. */
  years: PensionYearCard[];
  contractOptions: { value: PensionContractCategory; label: string }[];
  initialValues: PensionYearFormValues;
  /** The card's field messages for values as typed. */
  validate(values: PensionYearFormValues): Record<string, string>;
  /** The claim a card's valid values make. */
  claimOf(year: TaxYear, values: PensionYearFormValues): { year: TaxYear; category: PensionContractCategory; answer: { providerName: string; policyNumber: string; contributionsPaid: number } };
}

const PROBE = {
  type: 'claim.add',
  claim: { year: 0, category: 'personal-retirement-savings', answer: { providerName: '', policyNumber: '', contributionsPaid: 0 } },
} as const;

const CONTRACT_OPTIONS = PENSION_CONTRACTS.map((contract) => ({ value: contract.category, label: contract.label }));

const validatorFor = memoLast((today: string) => (values: PensionYearFormValues) =>
  firstErrorPerField(
    v.safeParse(form11Schema(values.category as PensionContractCategory, parseApiDate(today) ?? calendarDay(new Date(0))), {
      providerName: values.providerName,
      policyNumber: values.policyNumber,
      contributionsPaid: values.contributionsPaid === '' ? undefined : values.contributionsPaid,
    }).issues,
  ),
);

/** Pension refund as /pension-refund shows it. */
export function pensionRefundView(snapshot: Snapshot): PensionRefundView {
  const { user, today, adding, added, failure } = snapshot.context;
  const day = parseApiDate(today) ?? calendarDay(new Date(0));
  const profile = user ? taxProfileOf(user) : null;
  const years = user ? [...pensionRefundYears(day)].reverse() : [];
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
        relief: (paid) => pensionReliefForYear(profile!, year, typeof paid === 'number' ? paid : 0),
      };
    }),
    contractOptions: CONTRACT_OPTIONS,
    initialValues: { category: 'personal-retirement-savings', providerName: '', policyNumber: '', contributionsPaid: '' },
    validate: validatorFor(today),
    claimOf: (year, values) => ({
      year,
      category: values.category as PensionContractCategory,
      answer: {
        providerName: values.providerName.trim(),
        policyNumber: values.policyNumber.trim(),
        contributionsPaid: typeof values.contributionsPaid === 'number' ? values.contributionsPaid : 0,
      },
    }),
  };
}
