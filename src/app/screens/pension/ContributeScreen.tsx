import { ContributionFlow } from './ContributionFlow.tsx';

/** /contribute: a one-off contribution, with the relief it earns shown before confirming. */
export function ContributeScreen() {
  return (
    <ContributionFlow
      mode="contribute"
      title="Contribute"
      intro="Make a one-off payment into your pension. You see the tax relief it earns before anything is paid."
    />
  );
}
