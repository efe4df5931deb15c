// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StateMachine, waitFor, type InspectionEvent } from 'xstate';
import { selectIsSignedIn } from '../../machines/auth/auth.selectors.ts';
import { discoverMachines } from '../../scripts/diagrams.ts';
import { FLOWS, type AppFlows } from '../../src/app/flows/catalogue.ts';
import type { ScreenInputOf } from '../../src/app/flows/flow.ts';
import type { VisitFlowName } from '../../src/app/flows/useFlow.tsx';
import { createAppRuntime, type AppRuntime } from '../../src/app/runtime.ts';
import { aUser } from '../support/builders.ts';

/**
 * With `?inspect` in development, main.tsx hands the Stately inspector's observer to the runtime
 * (`createAppRuntime({ inspect })`). Every machine a user can reach must report to it, or a
 * developer watching the inspector sees nothing of that screen. Here a fake inspector counts the
 * events each machine receives while a user signs in, is active, and opens every screen through the
 * session registry, as `useFlow` does; every machine in machines/ must have some.
 */

/** What each screen gives its flow (`useFlow(name, input)`): a new flow needs an entry here. */
const SCREEN_INPUTS: { [N in VisitFlowName]: ScreenInputOf<AppFlows, N> } = {
  forgotPassword: undefined,
  resetPassword: { token: 't0k3n' },
  overview: undefined,
  pensionSetup: { returnTo: null },
  contribution: { mode: 'contribute' },
  directDebit: undefined,
  refundOptions: undefined,
  pensionRefund: undefined,
  profileEdit: { returnTo: null },
  payePreference: undefined,
  dataExport: undefined,
  accountClose: undefined,
  security: undefined,
  payeAuthorization: { returnTo: null },
  questionnaire: { year: 2024 },
  incomeDeclaration: { year: 2024, inFlow: false },
  bankLink: { returnQuery: null },
};

const user = aUser({ email: 'aoife@example.ie', paye_a1_authorized: true });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Events received, by the id of the machine that received them. */
const received = new Map<string, number>();
function fakeInspector(event: InspectionEvent) {
  if (event.type !== '@xstate.event') return;
  const logic = (event.actorRef as { logic?: unknown }).logic;
  if (!(logic instanceof StateMachine)) return;
  received.set(logic.id, (received.get(logic.id) ?? 0) + 1);
}

let runtime: AppRuntime | undefined;

/** What a user does in this test, through the runtime: sign in, use the page, open every screen. */
async function reachEverythingAUserCan() {
  vi.stubGlobal('fetch', async (input: Request | string | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
    if (url.pathname.endsWith('/auth/login')) return json(200, { access_token: 'access-1', refresh_token: 'refresh-1', user });
    return json(404, { message: 'Not found' });
  });
  const app = createAppRuntime({ startedAt: Date.now(), inspect: { next: fakeInspector } });
  runtime = app;
  await waitFor(app.auth, (s) => s.matches({ signedOut: 'idle' }));
  vi.spyOn(app.router, 'invalidate').mockResolvedValue(undefined);
  vi.spyOn(app.router, 'navigate').mockResolvedValue(undefined);
  app.auth.send({ type: 'login.submit', email: user.email, password: 'pw', remember: false, at: Date.now() });
  await waitFor(app.auth, selectIsSignedIn);
  window.dispatchEvent(new MouseEvent('mousemove'));
  // The signed-in user's session flows (the guided flow, the round-ups) start on their own once the first
  // page has shown; no page resolves here (navigation is stubbed), so ask for them as a page's loader does.
  await app.flows.preload('form11Flow', 'roundups');
  await vi.waitFor(() => expect(app.flows.session('form11Flow')).not.toBeNull(), { timeout: 40_000 });
  await vi.waitFor(() => expect(app.flows.session('roundups')).not.toBeNull(), { timeout: 40_000 });
  for (const [name, input] of Object.entries(SCREEN_INPUTS)) {
    await app.flows.load(name as VisitFlowName);
    app.flows.visit(name as VisitFlowName, 'inspector-test', input as never);
  }
}

describe('every machine a user can reach reports to the inspector', async () => {
  // One test per machine in machines/, found without a list: a new machine must reach the inspector too.
  const ids = (await discoverMachines()).map((source) => source.machine.id);

  beforeAll(reachEverythingAUserCan, 60_000);
  afterAll(() => {
    runtime?.stop();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('opens every screen flow of the catalogue', () => {
    const visits = Object.entries(FLOWS).filter(([, entry]) => entry.scope === 'visit').map(([name]) => name);
    expect(Object.keys(SCREEN_INPUTS).sort()).toEqual(visits.sort());
  });

  for (const id of ids) {
    it(`${id} reports its events to the inspector`, () => {
      expect(received.get(id) ?? 0).toBeGreaterThan(0);
    });
  }
});
