import type { User } from '../../src/domain/schemas/user.ts';

/**
 * A signed-in user as GET /profile answers them, for the browser-side tests (machines, views,
 * runtime). Every field has a plain default; a test names only what it is about:
 * `aUser({ annual_income: 60_000, date_of_birth: '1990-04-01' })`.
 */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    first_name: 'Aoife',
    surname: 'Byrne',
    ppsn: null,
    date_of_birth: '1990-04-01',
    email: 'aoife@example.ie',
    annual_income: 45_000,
    paid_pension: 0,
    pension: 0,
    marital_status: 'single',
    pension_plan_id: null,
    taxback: 0,
    form11: [],
    paye_a1_authorized: false,
    opt_out_paye_auth: false,
    email_verified: true,
    ...overrides,
  };
}
