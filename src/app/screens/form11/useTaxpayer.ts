import { useSelector } from '../../useSelector.ts';
import { taxpayerView, type TaxpayerView } from '../../../../machines/form11Flow/form11Flow.view.ts';
import { useAuthActor } from '../../actors.tsx';

/** The signed-in user as the Form 11 screens show them: their claims, and the live estimate of what they type. */
export function useTaxpayer(): TaxpayerView {
  return useSelector(useAuthActor(), taxpayerView);
}
