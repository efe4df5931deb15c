import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type EventObject } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import { signInMachine } from '../../machines/auth/signIn.machine.ts';
import {
  selectAccessToken,
  selectCanLogIn,
  selectCanRegister,
  selectCanSubmitCode,
  selectCodeError,
  selectIsBusy,
  selectIsLoading,
  selectIsSignedIn,
  selectNeedsCode,
} from '../../machines/auth/auth.selectors.ts';
import type { SignInOutput } from '../../machines/auth/auth.types.ts';
import type { ModelStep } from '../support/modelTest.ts';
import { model, refreshOutputs, restoreOutputs, session, T0 } from './auth.model.ts';

/**
 * Model-based test of the auth machine: paths generated with xstate/graph (tests/support/modelTest.ts),
 * every state and transition covered, every path run against a real actor with controllable promise
 * actors, fake timers and the real inactivity child; effects recorded and checked after every step.
 */

type Call = { type: string; params?: unknown };
type Step = ModelStep<typeof authMachine>;

function fakeEffects(calls: Call[]) {
  const record = (type: string) => (_: unknown, params?: unknown) => {
    calls.push(params === undefined ? { type } : { type, params });
  };
  return {
    navigate: record('navigate'),
    persistSession: record('persistSession'),
    clearStoredSession: record('clearStoredSession'),
    clearSession: record('clearSession'),
    clearAnswers: record('clearAnswers'),
    broadcastSignedOut: record('broadcastSignedOut'),
  };
}

interface Taken {
  source: string;
  event: string;
  targets: string[];
}
/** The helper's transition labels read `source —[event if guard]→ target, …`. */
function taken(step: Step): Taken[] {
  return step.transitions.map((label) => {
    const match = /^(.*) —\[(.*?)\]→ (.*)$/.exec(label);
    if (!match) throw new Error(`unexpected transition label ${label}`);
    return { source: match[1]!, event: match[2]!, targets: match[3]!.split(', ') };
  });
}
const types = (calls: Call[]) => calls.map((c) => c.type);

/** What every step must show, whatever the path: checks on the real actor, its system and the effects. */
function checkStep(actor: AnyActorRef, step: Step, calls: Call[], logoutStarts: number, refreshStarted: number) {
  const snapshot = actor.getSnapshot();
  const signedIn = selectIsSignedIn(snapshot);
  // The inactivity child lives exactly while signed in.
  expect(Boolean(actor.system.get('inactivity')), 'inactivity child iff signed in').toBe(signedIn);
  expect(Boolean(snapshot.children.inactivity)).toBe(signedIn);
  expect(selectIsLoading(snapshot)).toBe(snapshot.matches('restoring'));
  expect(selectIsBusy(snapshot)).toBe(
    snapshot.matches({ signedOut: 'signingIn' }) ||
      snapshot.matches({ signedOut: 'verifyingCode' }) ||
      snapshot.matches({ signedOut: 'registering' }) ||
      snapshot.matches('signingOut'),
  );
  // The code step shows while a login waits for its code; the code can be sent only when none is being checked.
  expect(selectNeedsCode(snapshot)).toBe(snapshot.matches({ signedOut: 'awaitingCode' }) || snapshot.matches({ signedOut: 'verifyingCode' }));
  expect(selectCanSubmitCode(snapshot)).toBe(snapshot.matches({ signedOut: 'awaitingCode' }));
  expect(snapshot.context.twoFactorChallenge !== null).toBe(selectNeedsCode(snapshot));
  if (snapshot.matches({ signedOut: 'awaitingCode' }) && step.event.type === 'xstate.done.actor.signIn') {
    const output = (step.event as EventObject & { output: SignInOutput }).output;
    // A refused code is shown on the code step as the server worded it, or generically for an outage.
    expect(selectCodeError(snapshot)).toBe('error' in output ? (output.error.source === 'server' ? output.error.message : 'Something went wrong. Please try again.') : null);
  }
  // The forms can be submitted exactly when nobody is signed in and nothing is in flight.
  expect(selectCanLogIn(snapshot)).toBe(snapshot.matches({ signedOut: 'idle' }));
  expect(selectCanRegister(snapshot)).toBe(snapshot.matches({ signedOut: 'idle' }));
  if (signedIn) {
    expect(snapshot.context.user).not.toBeNull();
    expect(selectAccessToken(snapshot)).not.toBeNull();
  }
  if (snapshot.matches({ signedOut: 'idle' }) || snapshot.matches('restoring')) {
    expect(snapshot.context.user).toBeNull();
    expect(selectAccessToken(snapshot)).toBeNull();
  }

  // Effects of this step's transitions.
  const t = taken(step);
  const from = (prefix: string) => t.some((x) => x.source === prefix || x.source.startsWith(`${prefix}.`));
  const to = (target: string) => t.some((x) => x.targets.includes(target));
  const on = (event: string) => t.some((x) => x.event === event || x.event.startsWith(`${event} `));
  const login = { type: 'navigate', params: { to: '/auth/login' } };
  // Keep-alive: a refresh request goes out exactly when the step enters refreshing (an interval after
  // activity, the user back from idle, or a 401); an interval without activity sends nothing.
  expect(refreshStarted, 'refresh requests started by this step').toBe(to('signedIn.refreshing') ? 1 : 0);
  if (on('after sessionRefreshInterval')) {
    const owed = Boolean(step.state.context.refreshToken) && (to('signedIn.refreshing') || snapshot.context.activitySinceRefresh);
    expect(to('signedIn.refreshing'), 'the interval refreshes only after activity').toBe(owed);
  }
  if (on('session.activity')) expect(snapshot.context.activitySinceRefresh, 'activity is remembered until a refresh succeeds').toBe(true);
  if (t.some((x) => x.event === 'xstate.done.actor.refreshSession if succeeded')) expect(snapshot.context.activitySinceRefresh).toBe(false);
  if (from('signingOut')) {
    // Logout and timeout: whatever the server said (or if it said nothing in time).
    expect(types(calls)).toEqual(['broadcastSignedOut', 'clearSession', 'clearAnswers', 'navigate']);
    expect(calls.at(-1)).toEqual(login);
  } else if (on('session.external.signedOut')) {
    expect(types(calls)).toEqual(['clearSession', 'clearAnswers', 'navigate']);
    expect(calls.at(-1)).toEqual(login);
    expect(logoutStarts, 'the server is not told about another tab’s sign-out').toBe(0);
  } else if (to('leavingForOtherUser')) {
    // The other user's stored tokens stay for their tab: no clearSession.
    expect(types(calls)).toEqual(['clearAnswers', 'navigate']);
    expect(calls.at(-1)).toEqual(login);
    expect(snapshot.context.accessToken).toBeNull();
  } else if (from('signedIn') && to('endingSession')) {
    // A failed refresh (or none possible) ends the session without the server or the other tabs.
    expect(types(calls)).toEqual(['clearSession', 'clearAnswers', 'navigate']);
    expect(calls.at(-1)).toEqual(login);
  } else if (from('signedOut') && to('signedIn')) {
    const register = from('signedOut.registering');
    expect(types(calls)).toEqual(['persistSession', 'navigate']);
    expect(calls[0]?.params).toEqual({ remember: !register, session: { access_token: snapshot.context.accessToken, refresh_token: snapshot.context.refreshToken, user: snapshot.context.user } });
    expect(calls[1]).toEqual({ type: 'navigate', params: { to: register ? '/pension-info' : '/roundups' } });
  } else if (t.some((x) => x.event === 'xstate.done.actor.restoreSession if restoreFailed')) {
    expect(types(calls)).toEqual(['clearStoredSession']);
  } else if (t.some((x) => x.event === 'xstate.done.actor.refreshSession if succeeded')) {
    expect(calls).toEqual([{ type: 'persistSession', params: { session: session(6), remember: snapshot.context.remember } }]);
  } else {
    expect(calls, `no effects expected for ${step.transitions.join(' + ')}`).toEqual([]);
  }
}

describe('auth machine model', () => {
  it('covers every state and every transition', () => {
    expect(() => model.assertFullCoverage()).not.toThrow();
    expect(model.unrealisablePaths).toEqual([]);
    const report = model.coverage();
    expect(report.states.uncovered).toEqual([]);
    expect(report.transitions.uncovered).toEqual([]);
    expect(report.states.covered).toEqual(
      expect.arrayContaining([
        'restoring',
        'signedOut.idle',
        'signedOut.signingIn',
        'signedOut.awaitingCode',
        'signedOut.verifyingCode',
        'signedOut.registering',
        'signedIn.active',
        'signedIn.idle',
        'signedIn.refreshing',
        'signingOut',
        'endingSession',
        'leavingForOtherUser',
      ]),
    );
  });

  it('has the fixture paths the brief asks for', () => {
    const descriptions = model.paths.map((p) => p.description);
    const some = (re: RegExp) => expect(descriptions.some((d) => re.test(d)), String(re)).toBe(true);
    some(/login\.submit .* → xstate\.done\.actor\.signIn \{"output":\{"ok":true/);
    for (const status of ['401', '422', '500', 'null']) some(new RegExp(`login\\.submit .* → xstate\\.done\\.actor\\.signIn \\{"output":\\{"ok":false,"error":\\{"status":${status}`));
    some(/register\.submit .* → xstate\.done\.actor\.signIn \{"output":\{"ok":true/);
    some(/register\.submit .* → xstate\.done\.actor\.signIn \{"output":\{"ok":false/);
    some(/session\.unauthorized → xstate\.done\.actor\.refreshSession \{"output":\{"ok":true/);
    some(/session\.unauthorized → session\.unauthorized/); // a 401 during the refresh is ignored
    some(/"refresh_token":"".*session\.unauthorized/); // no refresh token: fails fast
    some(/logout → xstate\.done\.actor\.logout \{"output":\{"ok":false/);
    some(/logout → xstate\.error\.actor\.logout/);
    some(/logout → after logoutTimeout \(\+5000 ms\)/);
    some(/session\.timeout/);
    some(/session\.external\.signedOut/);
    some(/"codeRequired":true.* → twoFactor\.submit .* → xstate\.done\.actor\.signIn \{"output":\{"ok":true/);
    some(/"codeRequired":true.* → twoFactor\.cancel/);
  });

  // Keep-alive journeys longer than the shortest paths: activity makes the next interval refresh; an
  // interval without activity sends nothing; the user's return refreshes at once.
  const RESTORED = { type: 'xstate.done.actor.restoreSession', output: restoreOutputs[0] };
  const REFRESHED = { type: 'xstate.done.actor.refreshSession', output: refreshOutputs[0] };
  const OUTAGE = { type: 'xstate.done.actor.refreshSession', output: refreshOutputs[2] };
  const ACTIVITY = { type: 'session.activity' };
  const TICK = 'after:sessionRefreshInterval';
  const journeys = [
    model.pathFromEvents('active user: refreshed at every interval, then idle: nothing sent, back: refreshed at once', [
      RESTORED, ACTIVITY, TICK, REFRESHED, ACTIVITY, TICK, REFRESHED, TICK, ACTIVITY, REFRESHED,
    ]),
    model.pathFromEvents('an outage keeps the owed refresh for the next interval', [RESTORED, ACTIVITY, TICK, OUTAGE, TICK, REFRESHED, TICK]),
  ];

  it('times the keep-alive journeys by the model', () => {
    expect(journeys[0]!.steps.map((s) => JSON.stringify(s.state.value))).toEqual(
      ['"restoring"', '{"signedIn":"active"}', '{"signedIn":"active"}', '{"signedIn":"refreshing"}', '{"signedIn":"active"}', '{"signedIn":"active"}']
        .concat(['{"signedIn":"refreshing"}', '{"signedIn":"active"}', '{"signedIn":"idle"}', '{"signedIn":"refreshing"}', '{"signedIn":"active"}']),
    );
    expect(journeys[0]!.steps.filter((s) => s.advanceMs > 0).map((s) => s.advanceMs)).toEqual([600_000, 600_000, 600_000]);
    expect(journeys[1]!.steps.at(-1)!.state.value).toEqual({ signedIn: 'idle' });
  });

  for (const path of [...model.paths, ...journeys]) {
    it(path.description, async () => {
      let calls: Call[] = [];
      let logoutStarts = () => 0;
      let refreshStarts = () => 0;
      let refreshStartsBefore = 0;
      await model.runPath(path, {
        createActor: ({ promises }) => {
          logoutStarts = () => promises.starts('logout');
          refreshStarts = () => promises.starts('refreshSession');
          return createActor(
            authMachine.provide({
              actors: {
                restoreSession: promises.logic(),
                // The real sign-in child (its own model test covers its paths); its calls settle as the path says.
                signIn: signInMachine.provide({
                  actors: { login: promises.logic(), verifyCode: promises.logic(), register: promises.logic(), loadProfile: promises.logic() },
                }),
                refreshSession: promises.logic(),
                logout: promises.logic(),
              },
              actions: fakeEffects((calls = [])),
            }),
            { input: { now: T0 } },
          );
        },
        assertContext: true,
        executors: {
          // The child ends with this output when its credentials call answers so (the user came with the tokens).
          'xstate.done.actor.signIn': ({ step, promises }) => {
            const output = (step.event as EventObject & { output: SignInOutput }).output;
            const call = promises.isPending('register') ? 'register' : promises.isPending('verifyCode') ? 'verifyCode' : 'login';
            promises.resolve(call, output.ok ? { ok: true, session: { ...output.session, user: output.user } } : output);
          },
        },
        beforeStep: () => {
          calls.length = 0;
          refreshStartsBefore = refreshStarts();
        },
        afterStep: ({ actor, step }) => checkStep(actor as AnyActorRef, step, calls, logoutStarts(), refreshStarts() - refreshStartsBefore),
      });
    });
  }
});
