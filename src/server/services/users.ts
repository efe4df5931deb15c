import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { decryptField, encryptField } from './crypto.ts';

export type UserRow = typeof users.$inferSelect;

/** The user as the API returns it (spec section 3). Money: euro numbers, except taxback in cents. */
export interface ApiUser {
  first_name: string | null;
  surname: string | null;
  ppsn: string | null;
  date_of_birth: string;
  email: string;
  annual_income: number | null;
  paid_pension: number;
  pension: number;
  marital_status: 'single' | 'married';
  pension_plan_id: string | null;
  taxback: number;
  form11: unknown[];
  paye_a1_authorized: boolean;
  opt_out_paye_auth: boolean;
}

/** Associated data for the PPSN ciphertext: binds it to its row, so it cannot be moved to another user. */
export function ppsnAad(userId: string): string {
  return `users.ppsn:${userId}`;
}

export function encryptPpsn(key: Uint8Array, userId: string, ppsn: string): string {
  return encryptField(key, ppsn, ppsnAad(userId));
}

export function centsToEuro(cents: number): number {
  return cents / 100;
}

export function euroToCents(euro: number): number {
  return Math.round(euro * 100);
}

export function toApiUser(row: UserRow, encryptionKey: Uint8Array, extra: { form11?: unknown[] } = {}): ApiUser {
  return {
    first_name: row.firstName,
    surname: row.surname,
    ppsn: row.ppsnEncrypted === null ? null : decryptField(encryptionKey, row.ppsnEncrypted, ppsnAad(row.id)),
    date_of_birth: row.dateOfBirth,
    email: row.email,
    annual_income: row.annualIncomeCents === null ? null : centsToEuro(row.annualIncomeCents),
    paid_pension: centsToEuro(row.paidPensionCents),
    pension: centsToEuro(row.pensionCents),
    marital_status: row.maritalStatus,
    pension_plan_id: row.pensionPlanId,
    taxback: row.taxbackCents,
    form11: extra.form11 ?? [],
    paye_a1_authorized: row.payeA1Authorized,
    opt_out_paye_auth: row.optOutPayeAuth,
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

/** Today's calendar date in Ireland, as YYYY-MM-DD (age rules are judged on the Irish date). */
export function irishToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
