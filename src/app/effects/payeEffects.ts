import { fromPromise } from 'xstate';
import { payeAuthorizationMachine } from '../../../machines/payeAuthorization/payeAuthorization.machine.ts';
import type {
  EnableResult,
  LoadAgentResult,
  ResendResult,
  SubmitAuthorisationInput,
  SubmitAuthorisationResult,
} from '../../../machines/payeAuthorization/payeAuthorization.types.ts';
import { editProfile, resendVerification } from '../../api/auth.ts';
import { createSessionClient, toApiFailure } from '../../api/client.ts';
import { getPayeAuthorisation, postPayeAuthorisation } from '../../api/paye.ts';
import { calendarDay, displayDateToApiDate, formatApiDate } from '../../domain/dates.ts';
import { apiDateToDisplayDate } from '../../domain/dates.ts';
import type { User } from '../../domain/schemas/user.ts';
import type { PayeFormValues } from '../../../machines/payeAuthorization/payeAuthorization.types.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';

/** Runs a call; an HTTP refusal or a failed response check becomes `{ ok: false, error }`. */
async function asResult<T extends object>(call: () => Promise<T>): Promise<({ ok: true } & T) | { ok: false; error: Awaited<ReturnType<typeof toApiFailure>> }> {
  try {
    return { ok: true, ...(await call()) };
  } catch (error) {
    return { ok: false, error: await toApiFailure(error) };
  }
}

/**
 * The PAYE authorisation machine with its real effects: GET and POST /paye-authorization,
 * POST /edit-profile {opt_out_paye_auth: false}, POST /auth/resend-verification, the session told
 * of the new profile, the router.
 */
export function createPayeAuthorizationLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return payeAuthorizationMachine.provide({
    actors: {
      loadAgent: fromPromise<LoadAgentResult, void>(({ signal }) =>
        asResult(async () => {
          const status = await getPayeAuthorisation(client, { signal });
          return { agent: status.agent, twoFactor: { enabled: status.two_factor.enabled, sessionVerified: status.two_factor.session_verified } };
        }),
      ),
      submitAuthorisation: fromPromise<SubmitAuthorisationResult, SubmitAuthorisationInput>(({ input, signal }) =>
        asResult(async () => {
          const now = new Date();
          const today = formatApiDate(calendarDay(now));
          const { declaration: values, agent } = input;
          const answer = await postPayeAuthorisation(
            client,
            {
              authorizedAt: now.toISOString(),
              formData: {
                firstName: values.firstName,
                lastName: values.lastName,
                ppsn: values.ppsn,
                // The form shows DD.MM.YYYY; the API takes YYYY-MM-DD (an unreadable date goes as typed, and the server says why).
                dateOfBirth: displayDateToApiDate(values.dateOfBirth) ?? values.dateOfBirth,
                emailAddress: values.emailAddress,
                documentHolder: values.documentHolder,
                clientSignature: values.clientSignature,
                clientSignatureDate: today,
                ...agent,
                agentSignatureDate: today,
              },
            },
            { signal },
          );
          return { user: answer.user };
        }),
      ),
      enableAuthorisation: fromPromise<EnableResult, void>(({ signal }) =>
        asResult(async () => ({ user: await editProfile(client, { opt_out_paye_auth: false }, signal) })),
      ),
      resendVerification: fromPromise<ResendResult, void>(({ signal }) =>
        asResult(async () => ({ emailVerified: (await resendVerification(client, signal)).email_verified })),
      ),
    },
    actions: {
      announceUser: (_, params) => deps.announceUser(params.user),
      navigate: (_, params) => void deps.navigate(params.to),
    },
  });
}

/** The declaration prefilled from the profile. */
function prefilled(user: User | null): PayeFormValues {
  return {
    firstName: user?.first_name ?? '',
    lastName: user?.surname ?? '',
    ppsn: user?.ppsn ?? '',
    dateOfBirth: apiDateToDisplayDate(user?.date_of_birth) ?? '',
    emailAddress: user?.email ?? '',
    documentHolder: 'self',
    clientSignature: null,
  };
}

export const payeAuthorizationFlow = defineFlow({
  logic: createPayeAuthorizationLogic,
  input: (effects: AppEffects, screen: { returnTo: string | null }) => {
    const user = effects.user();
    return {
      returnTo: screen.returnTo,
      optedOut: user?.opt_out_paye_auth ?? false,
      // A profile that does not say is treated as verified: the server refuses an unverified signature anyway.
      emailVerified: user?.email_verified ?? true,
      prefill: prefilled(user),
      today: formatApiDate(calendarDay(effects.now())),
    };
  },
});
