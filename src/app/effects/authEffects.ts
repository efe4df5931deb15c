import { fromCallback, fromPromise, sendParent } from 'xstate';
import type { SessionHooks } from '../../api/client.ts';
import { inactivity } from '../../../machines/auth/auth.actors.ts';
import { authMachine } from '../../../machines/auth/auth.machine.ts';
import type {
  LoadProfileInput,
  LoadProfileOutput,
  LoginInput,
  LoginOutput,
  LogoutInput,
  LogoutOutput,
  ProfileReloaderEvent,
  RefreshSessionInput,
  RefreshSessionOutput,
  RegisterInput,
  RegisterOutput,
  RestoreSessionOutput,
  Session,
  VerifyCodeInput,
  VerifyCodeOutput,
} from '../../../machines/auth/auth.types.ts';
import { signInMachine } from '../../../machines/auth/signIn.machine.ts';
import { accessTokenOwner, sameTokenOwner, shouldAdoptStoredPair } from '../../domain/tokenOwner.ts';
import { countdownTicker, createActivityMonitor } from './activityMonitor.ts';
import { clearStoredTokens, readStoredTokens, writeStoredTokens } from './sessionStore.ts';
import { type TabChannel, withTabLock } from './tabSync.ts';

const REFRESH_LOCK = 'maxout-refresh';

/**
 * The HTTP client and the auth calls load on first use, so a signed-out visitor of a public page
 * (nothing stored, nothing to restore) never downloads them.
 */
async function loadApi() {
  const [calls, client] = await Promise.all([import('../../api/auth.ts'), import('../../api/client.ts')]);
  return { ...calls, publicClient: client.publicClient, toApiFailure: client.toApiFailure };
}

/**
 * Refresh under a lock shared by all tabs; a pair another tab already rotated is adopted as is,
 * but only when it is this tab's user's (`ownAccessToken`): another user signed in meanwhile in
 * another tab keeps their session, and this tab refreshes its own without writing over theirs.
 */
async function refreshUnderLock(presented: string, ownAccessToken: string | null, signal?: AbortSignal): Promise<Session> {
  const authApi = await loadApi();
  return withTabLock(REFRESH_LOCK, async () => {
    const stored = readStoredTokens();
    if (shouldAdoptStoredPair(stored, presented, ownAccessToken)) {
      return { access_token: stored!.accessToken, refresh_token: stored!.refreshToken };
    }
    const session = await authApi.refresh(presented, signal);
    if (stored && sameTokenOwner(ownAccessToken, stored.accessToken)) {
      writeStoredTokens({ accessToken: session.access_token, refreshToken: session.refresh_token, remember: stored.remember });
    }
    return session;
  });
}

export interface AuthEffects {
  /** Go to an in-app path (path and search). */
  navigate(to: string): void;
  /** Where the user is now (path and search): an inactivity sign-out returns there after the next login. */
  currentPath(): string;
  /** Empty the answers store (spec section 4, logout). */
  clearAnswers(): void;
  /** The other tabs of this browser. */
  tabs: TabChannel;
  /** The signed-in session as the API client needs it (read when a call is made). */
  sessionHooks(): SessionHooks;
}

/**
 * GET /profile with the session's client whenever the machine forwards `profile.reload`; the user
 * goes back as `profile.updated`. A request made while one is under way runs once more after it,
 * so a change the server made meanwhile is not missed. Failures keep the current user.
 */
function createProfileReloader(sessionHooks: () => SessionHooks) {
  return fromCallback<ProfileReloaderEvent>(({ receive, sendBack }) => {
    const controller = new AbortController();
    let running = false;
    let again = false;
    const reload = async () => {
      running = true;
      const [{ getProfile }, { createSessionClient, toApiFailure }] = await Promise.all([import('../../api/auth.ts'), import('../../api/client.ts')]);
      do {
        again = false;
        try {
          const user = await getProfile(createSessionClient(sessionHooks()), { signal: controller.signal });
          if (!controller.signal.aborted) sendBack({ type: 'profile.updated', user });
        } catch (error) {
          if (controller.signal.aborted) break;
          console.warn('The profile could not be reloaded', (await toApiFailure(error)).status);
        }
      } while (again && !controller.signal.aborted);
      running = false;
    };
    receive(() => {
      if (running) again = true;
      else void reload();
    });
    return () => controller.abort();
  });
}

/** The auth machine with the browser's effects: API calls, storage, other tabs, navigation. */
export function createAuthLogic(effects: AuthEffects) {
  const { tabs } = effects;
  // Who this tab is signed in as: activity is shared only between tabs of the same user.
  const owner = () => accessTokenOwner(effects.sessionHooks().getAccessToken());
  return authMachine.provide({
    actors: {
      restoreSession: fromPromise<RestoreSessionOutput>(async ({ signal }) => {
        const stored = readStoredTokens();
        if (!stored) return { ok: false, reason: 'none' };
        const { getProfile, publicClient, toApiFailure } = await loadApi();
        let session: Session = { access_token: stored.accessToken, refresh_token: stored.refreshToken };
        try {
          const user = await getProfile(publicClient, { signal, accessToken: session.access_token }).catch(async (error: unknown) => {
            // An access token expires in minutes; a remembered session comes back days later.
            if ((await toApiFailure(error)).status !== 401) throw error;
            session = await refreshUnderLock(stored.refreshToken, stored.accessToken, signal);
            return session.user ?? (await getProfile(publicClient, { signal, accessToken: session.access_token }));
          });
          return { ok: true, session, user, remember: stored.remember };
        } catch {
          return { ok: false, reason: 'failed' };
        }
      }),
      signIn: signInMachine.provide({
        actors: {
          login: fromPromise<LoginOutput, LoginInput>(async ({ input, signal }) => {
            const { login, toApiFailure } = await loadApi();
            try {
              const answer = await login(input, signal);
              if ('two_factor_required' in answer) return { ok: false, codeRequired: true, challenge: answer.challenge };
              return { ok: true, session: answer };
            } catch (error) {
              return { ok: false, error: await toApiFailure(error) };
            }
          }),
          verifyCode: fromPromise<VerifyCodeOutput, VerifyCodeInput>(async ({ input, signal }) => {
            const { verifyTwoFactor, toApiFailure } = await loadApi();
            try {
              return { ok: true, session: await verifyTwoFactor(input, signal) };
            } catch (error) {
              return { ok: false, error: await toApiFailure(error) };
            }
          }),
          register: fromPromise<RegisterOutput, RegisterInput>(async ({ input, signal }) => {
            const { register, toApiFailure } = await loadApi();
            try {
              return { ok: true, session: await register(input.payload, signal) };
            } catch (error) {
              return { ok: false, error: await toApiFailure(error) };
            }
          }),
          loadProfile: fromPromise<LoadProfileOutput, LoadProfileInput>(async ({ input, signal }) => {
            const { getProfile, publicClient, toApiFailure } = await loadApi();
            try {
              return { ok: true, user: await getProfile(publicClient, { signal, accessToken: input.accessToken ?? undefined }) };
            } catch (error) {
              return { ok: false, error: await toApiFailure(error) };
            }
          }),
        },
      }),
      refreshSession: fromPromise<RefreshSessionOutput, RefreshSessionInput>(async ({ input, signal }) => {
        const { toApiFailure } = await loadApi();
        try {
          return { ok: true, session: await refreshUnderLock(input.refreshToken, effects.sessionHooks().getAccessToken(), signal) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
      logout: fromPromise<LogoutOutput, LogoutInput>(async ({ input, signal }) => {
        if (!input.refreshToken) return { ok: true };
        const { logout, toApiFailure } = await loadApi();
        try {
          await logout(input.refreshToken, signal);
          return { ok: true };
        } catch (error) {
          const failure = await toApiFailure(error);
          console.warn('Logout could not reach the server', failure.status ?? failure.message);
          return { ok: false, error: failure };
        }
      }),
      profileReloader: createProfileReloader(effects.sessionHooks),
      inactivity: inactivity.provide({
        actors: { activityMonitor: createActivityMonitor(tabs, owner), countdownTicker },
        actions: {
          endSession: sendParent(() => ({ type: 'session.timeout', from: effects.currentPath() })),
          broadcastActivity: (_, params) => tabs.post({ type: 'activity', at: params.at, owner: owner() }),
          broadcastContinue: (_, params) => tabs.post({ type: 'continue', at: params.at, owner: owner() }),
        },
      }),
    },
    actions: {
      navigate: (_, params) => effects.navigate(params.to),
      persistSession: (_, params) =>
        writeStoredTokens({ accessToken: params.session.access_token, refreshToken: params.session.refresh_token, remember: params.remember }),
      clearStoredSession: () => clearStoredTokens(),
      clearSession: () => clearStoredTokens(),
      clearAnswers: () => effects.clearAnswers(),
      broadcastSignedOut: () => tabs.post({ type: 'signedOut' }),
    },
  });
}

export type AuthLogic = ReturnType<typeof createAuthLogic>;
