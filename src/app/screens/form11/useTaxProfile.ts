import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { calendarDay } from '../../../domain/dates.ts';
import type { User } from '../../../domain/schemas/user.ts';
import { taxProfileOf, type TaxProfile } from '../../../domain/tax/index.ts';
import { useAuthActor } from '../../actors.tsx';

const selectUser = (snapshot: { context: { user: User | null } }) => snapshot.context.user;

/** The signed-in user (null while signed out). */
export function useUser(): User | null {
  return useSelector(useAuthActor(), selectUser);
}

/**
 * The refund engine's view of the signed-in user for the live estimates: marital status, incomes,
 * basis of assessment, date of birth, and this tax year's pension paid through payroll and
 * MaxOut (a claim for this year shares the pension limit with it).
 */
export function useTaxProfile(): TaxProfile | null {
  const user = useUser();
  return useMemo(() => (user ? taxProfileOf(user, undefined, calendarDay(new Date()).year()) : null), [user]);
}
