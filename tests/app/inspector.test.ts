// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StateMachine, waitFor, type InspectionEvent } from 'xstate';
import { selectIsSignedIn } from '../../machines/auth/auth.selectors.ts';
import { createAppRuntime, type AppRuntime } from '../../src/app/runtime.ts';
import { discoverMachines } from '../../scripts/diagrams.ts';

/**
 * With `?inspect` in development, main.tsx hands the Stately inspector's observer to the runtime
 * (`createAppRuntime({ inspect })`). Every machine a user can reach must report to it, or a
 * developer watching the inspector sees nothing of that screen. Here a fake inspector counts the
 * events each machine receives while a user signs in, is active and starts the guided flow, and
 * every machine in machines/ must have some.
 */

/**
 * Machines screens still start inside React (`useActorRef`), outside the runtime and so out of the
 * inspector's sight. The session registry (`useFlow(name, input)`) starts them with the runtime's
 * `inspect`: empty this list then, and reach them below through it.
 */
export const EXPECTED_UNREACHABLE_UNTIL_REGISTRY: readonly string[] = [
  'accountClose',
  'contribution',
  'dataExport',
  'directDebit',
  'forgotPassword',
  'incomeDeclaration',
  'payeAuthorization',
  'payePreference',
  'pensionRefund',
  'pensionSetup',
  'profileEdit',
  'questionnaire',
  'resetPassword',
  'security',
];

const user = {
  first_name: 'Aoife',
  surname: 'Byrne',
  ppsn: null,
  date_of_birth: '1990-04-01',
  email: 'aoife@example.ie',
  annual_income: null,
  paid_pension: 0,
  pension: 0,
  marital_status: 'single',
  pension_plan_id: null,
  taxback: 0,
  form11: [],
  paye_a1_authorized: true,
  opt_out_paye_auth: false,
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Events received, by the id of the machine that received them. */
const received = new Map<string, number>();
function fakeInspector(event: InspectionEvent) {
  if (event.type !== '@xstate.event') return;
  const logic = (event.actorRef as { logic?: unknown }).logic;
  if (!(logic instanceof StateMachine)) return;
  received.set(logic.id, (received.get(logic.id) ?? 0) + 1);
}

let runtime: AppRuntime;

/** What a user does in this test, through the runtime: sign in, use the page, start a guided flow. */
async function reachEverythingAUserCan() {
  vi.stubGlobal('fetch', async (input: Request | string | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
    if (url.pathname.endsWith('/auth/login')) return json(200, { access_token: 'access-1', refresh_token: 'refresh-1', user });
    return json(404, { message: 'Not found' });
  });
  runtime = createAppRuntime({ startedAt: Date.now(), inspect: { next: fakeInspector } });
  await waitFor(runtime.auth, (s) => s.matches({ signedOut: 'idle' }));
  vi.spyOn(runtime.router, 'invalidate').mockResolvedValue(undefined);
  vi.spyOn(runtime.router, 'navigate').mockResolvedValue(undefined);
  runtime.auth.send({ type: 'login.submit', email: user.email, password: 'pw', remember: false, at: Date.now() });
  await waitFor(runtime.auth, selectIsSignedIn);
  window.dispatchEvent(new MouseEvent('mousemove'));
  const { host } = await runtime.form11.load();
  host.current()!.send({ type: 'flow.start', selection: ['tuition-fees'], year: 2024, fromQuestionnaire: true });
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

  it('names only machines that exist in the list of those not reachable yet', () => {
    expect(EXPECTED_UNREACHABLE_UNTIL_REGISTRY.filter((id) => !ids.includes(id))).toEqual([]);
  });

  for (const id of ids) {
    const test = EXPECTED_UNREACHABLE_UNTIL_REGISTRY.includes(id) ? it.fails : it;
    test(`${id} reports its events to the inspector`, () => {
      expect(received.get(id) ?? 0).toBeGreaterThan(0);
    });
  }
});
