/** The engine's profile from the user record (spec section 3's User). */
import type { User } from '../schemas/user.ts';
import type { TaxProfile } from './types.ts';

type ProfileFields = Pick<User, 'marital_status' | 'annual_income' | 'date_of_birth'> &
  Partial<Pick<User, 'spouse_annual_income' | 'assessment_basis' | 'paid_pension' | 'pension'>>;

/**
 * The refund engine's profile of a user. With `pensionYear` (the tax year the user's `pension`
 * and `paid_pension` figures are for: this year), the pension paid that year through payroll and
 * through MaxOut is carried along, so a claim for that year shares the pension limit with it.
 */
export function taxProfileOf(user: ProfileFields, marginalRate?: number, pensionYear?: number): TaxProfile {
  const married = user.marital_status === 'married';
  const payroll = finiteOrZero(user.paid_pension);
  const total = finiteOrZero(user.pension);
  return {
    maritalStatus: user.marital_status,
    annualIncome: typeof user.annual_income === 'number' && Number.isFinite(user.annual_income) ? user.annual_income : null,
    dateOfBirth: user.date_of_birth === '' ? null : user.date_of_birth,
    ...(marginalRate === undefined ? {} : { marginalRate }),
    ...(married ? { spouseAnnualIncome: user.spouse_annual_income ?? null, assessmentBasis: user.assessment_basis ?? null } : {}),
    ...(pensionYear === undefined ? {} : { pensionPaid: { year: pensionYear, payroll, maxOut: Math.max(0, total - payroll) } }),
  };
}

function finiteOrZero(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
