import { ContributionFlow } from './ContributionFlow.tsx';

/** /round-payment: top up to the maximum: the room left this year as one payment, or a round amount. */
export function RoundPaymentScreen() {
  return (
    <ContributionFlow
      mode="roundPayment"
      title="Round payment"
      intro="Top up to the most that earns tax relief this year in one payment, or pick a round amount."
    />
  );
}
