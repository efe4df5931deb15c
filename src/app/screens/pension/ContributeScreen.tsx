import { getRouteApi, useRouterState } from '@tanstack/react-router';
import * as v from 'valibot';
import { ContributeDraftSearchSchema } from '../../../domain/schemas/pension.ts';
import { ContributionFlow } from './ContributionFlow.tsx';

const route = getRouteApi('/signedIn/contribute');

/** /contribute: a one-off contribution, with the relief it earns shown before confirming. */
export function ContributeScreen() {
  // ?amount= : the refund the user chose to reinvest on the refund options page, or (with ?year=
  // and ?source=) the draft under review when the page was reloaded.
  const { amount } = route.useSearch();
  const { year, source } = v.parse(ContributeDraftSearchSchema, useRouterState({ select: (state) => state.location.search }));
  return (
    <ContributionFlow
      mode="contribute"
      suggestedAmount={amount}
      suggestedYear={year}
      suggestedSource={source}
      title="Contribute"
      intro="Make a one-off payment into your pension. You see the tax relief it earns before anything is paid."
    />
  );
}
