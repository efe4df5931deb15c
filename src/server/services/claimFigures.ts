/**
 * The figures of a stored Form 11 claim, worked out when it is read (src/domain/tax/savedClaim.ts):
 * the claim's snapshot as one computation for its owner's profile as it now stands, with the
 * pension already paid in the claim's year (payroll this tax year, MaxOut contributions of that
 * year) sharing the year's one pension limit. Every reader of a claim (GET /profile, the answers'
 * replies, the operator command) goes through here, so they all show the same figures.
 */
import { parseApiDate, type Dayjs } from '../../domain/dates.ts';
import { centsToEuro } from '../../domain/money.ts';
import { savedClaimFigures, taxProfileOf, type ClaimOptions, type SavedClaimFigures, type TaxProfile } from '../../domain/tax/index.ts';
import type { Form11EntryRow } from './form11Entries.ts';
import type { UserRow } from './users.ts';


/** The engine's profile of a stored user: marital status, incomes in euro, basis, date of birth. */
export function taxProfileOfRow(
  user: Pick<UserRow, 'maritalStatus' | 'annualIncomeCents' | 'dateOfBirth'> & Partial<Pick<UserRow, 'spouseAnnualIncomeCents' | 'assessmentBasis'>>,
): TaxProfile {
  return taxProfileOf({
    marital_status: user.maritalStatus,
    annual_income: user.annualIncomeCents === null ? null : centsToEuro(user.annualIncomeCents),
    date_of_birth: user.dateOfBirth,
    spouse_annual_income: user.spouseAnnualIncomeCents === null || user.spouseAnnualIncomeCents === undefined ? null : centsToEuro(user.spouseAnnualIncomeCents),
    assessment_basis: user.assessmentBasis ?? null,
  });
}

/** Whose claims are read: everything their figures depend on besides the claim itself. */
export interface ClaimOwner {
  readonly profile: TaxProfile;
  /** The tax year today is in: Pension Setup's "paid this year" is that year's figure. */
  readonly taxYear: number;
  /** Euro paid into a pension through payroll this tax year. */
  readonly payroll: number;
  /** Cents paid through MaxOut (succeeded), by tax year. */
  readonly contributedCents: Readonly<Record<string, number>>;
  /** Today's Irish date: the dates entered are read against it. */
  readonly today: Dayjs;
}

let lastToday: { text: string; day: Dayjs } | undefined;

/**
 * Today's date (YYYY-MM-DD) as a Dayjs. The strict parse costs about 50 µs and every signed-in
 * answer needs it, while the text changes once a day: the last one is kept (a Dayjs is immutable).
 */
export function parseToday(today: string): Dayjs {
  if (lastToday?.text === today) return lastToday.day;
  const day = parseApiDate(today);
  if (!day) throw new Error('could not read today');
  lastToday = { text: today, day };
  return day;
}

/** The owner of claims from their stored row, their MaxOut contributions by year (cents) and today (YYYY-MM-DD, Irish). */
export function claimOwnerOf(user: UserRow, contributedCents: Readonly<Record<string, number>>, today: string): ClaimOwner {
  const day = parseToday(today);
  return { profile: taxProfileOfRow(user), taxYear: day.year(), payroll: centsToEuro(user.paidPensionCents), contributedCents, today: day };
}

/** The pension already relieved in `year` outside a claim: payroll (this tax year only) and MaxOut. */
export function claimOptionsFor(owner: ClaimOwner, year: number): ClaimOptions {
  return {
    pensionPaid: {
      payroll: year === owner.taxYear ? owner.payroll : 0,
      maxOut: centsToEuro(owner.contributedCents[String(year)] ?? 0),
    },
  };
}

/** The figures of a claim for its owner, as of now. */
export function claimFiguresOf(row: Pick<Form11EntryRow, 'year' | 'snapshot'>, owner: ClaimOwner): SavedClaimFigures {
  return savedClaimFigures(row.year, row.snapshot, owner.profile, claimOptionsFor(owner, row.year), owner.today);
}

/** Identifies the inputs of a claim's figures: the same key, the same figures (for a memo). */
export function figuresKey(row: Pick<Form11EntryRow, 'id' | 'updatedAt' | 'year'>, owner: ClaimOwner): string {
  return JSON.stringify([row.id, row.updatedAt.getTime(), owner.profile, owner.today.format('YYYY-MM-DD'), claimOptionsFor(owner, row.year)]);
}
