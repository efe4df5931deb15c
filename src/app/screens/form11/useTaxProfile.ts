import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { User } from '../../../domain/schemas/user.ts';
import { taxProfileOf, type TaxProfile } from '../../../domain/tax/index.ts';
import { useAuthActor } from '../../actors.tsx';

const selectUser = (snapshot: { context: { user: User | null } }) => snapshot.context.user;

/** The signed-in user (null while signed out). */
export function useUser(): User | null {
  return useSelector(useAuthActor(), selectUser);
}

/** The refund engine's view of the signed-in user (marital status, income, date of birth) for the live estimates. */
export function useTaxProfile(): TaxProfile | null {
  const user = useUser();
  return useMemo(() => (user ? taxProfileOf(user) : null), [user]);
}
