/** The engine's profile from the user record (spec section 3's User). */
import type { User } from '../schemas/user.ts';
import type { TaxProfile } from './types.ts';

export function taxProfileOf(user: Pick<User, 'marital_status' | 'annual_income' | 'date_of_birth'>, marginalRate?: number): TaxProfile {
  return {
    maritalStatus: user.marital_status,
    annualIncome: typeof user.annual_income === 'number' && Number.isFinite(user.annual_income) ? user.annual_income : null,
    dateOfBirth: user.date_of_birth === '' ? null : user.date_of_birth,
    ...(marginalRate === undefined ? {} : { marginalRate }),
  };
}
