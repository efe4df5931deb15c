import { createActor, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { payeAuthorizationMachine } from '../../machines/payeAuthorization/payeAuthorization.machine.ts';
import type { ResendResult, PayeAuthorizationContext, PayeAuthorizationInput } from '../../machines/payeAuthorization/payeAuthorization.types.ts';
import { payeAuthorizationView } from '../../machines/payeAuthorization/payeAuthorization.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { OPT_OUT_UPDATE_FAILED, PAYE_AUTHORISATION_FAILED, PPSN_INVALID, SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { AGENT, DECLARATION, NOT_ENABLED, NOT_LOADED, NOT_SENT, OUTAGE, PREFILLED, REFUSED, TWO_FACTOR_OFF, VISITS } from './payeAuthorization.model.ts';

type Ctx = PayeAuthorizationContext;
type Done = EventObject & { output: { ok: boolean; user?: User } };

function oracleFor(input: PayeAuthorizationInput) {
  const start: Ctx = {
    returnTo: input.returnTo,
    optedOut: input.optedOut,
    emailVerified: input.emailVerified,
    linkSent: false,
    prefill: input.prefill,
    today: input.today,
    declaration: null,
    agent: null,
    twoFactor: null,
    error: null,
  };
  const afterLoad = input.optedOut ? 'optedOut' : input.emailVerified ? 'editing' : 'unverified';
  return expectedSteps<Ctx>({
    initial: { value: 'loading', context: start },
    tags: { loading: ['busy'], enabling: ['busy'], submitting: ['busy'], resending: ['busy'] },
    final: ['done', 'declined'],
    caseOf: (event) => {
      if (event.type.startsWith('xstate.error.actor.')) return 'outage';
      if (event.type === 'xstate.done.actor.enableAuthorisation') {
        const { output } = event as Done;
        return !output.ok ? 'refused' : output.user?.paye_a1_authorized ? 'enabled, still authorised' : 'enabled';
      }
      if (event.type === 'xstate.done.actor.resendVerification') {
        const output = (event as EventObject & { output: ResendResult }).output;
        return !output.ok ? 'refused' : output.emailVerified ? 'verified meanwhile' : 'sent';
      }
      if (event.type.startsWith('xstate.done.actor.')) return (event as Done).output.ok ? 'ok' : 'refused';
      return event.type;
    },
    transitions: {
      loading: {
        ok: { to: afterLoad, context: (c) => ({ ...c, agent: AGENT, twoFactor: TWO_FACTOR_OFF }) },
        refused: { to: 'unavailable', context: (c) => ({ ...c, error: (NOT_LOADED.output as { error: ApiFailure }).error }) },
        outage: { to: 'unavailable', context: (c) => ({ ...c, error: OUTAGE }) },
      },
      unavailable: {
        'paye.retry': { to: 'loading', context: (c) => ({ ...c, error: null }) },
        'paye.decline': { to: 'declined' },
      },
      ...(input.optedOut
        ? {
            optedOut: { 'paye.enable': { to: 'enabling', context: (c) => ({ ...c, error: null }) }, 'paye.decline': { to: 'declined' } },
            enabling: {
              'enabled, still authorised': { to: 'done' },
              // Opted in again: the form, or first the unverified notice while the email is not verified.
              enabled: { to: input.emailVerified ? 'editing' : 'unverified', context: (c) => ({ ...c, optedOut: false }) },
              refused: { to: 'optedOut', context: (c) => ({ ...c, error: (NOT_ENABLED.output as { error: ApiFailure }).error }) },
              outage: { to: 'optedOut', context: (c) => ({ ...c, error: OUTAGE }) },
            },
          }
        : {}),
      ...(!input.emailVerified
        ? {
            unverified: { 'paye.resend': { to: 'resending', context: (c) => ({ ...c, error: null }) }, 'paye.decline': { to: 'declined' } },
            resending: {
              sent: { to: 'unverified', context: (c) => ({ ...c, linkSent: true }) },
              'verified meanwhile': { to: 'editing', context: (c) => ({ ...c, linkSent: true, emailVerified: true }) },
              refused: { to: 'unverified', context: (c) => ({ ...c, error: (NOT_SENT.output as { error: ApiFailure }).error }) },
              outage: { to: 'unverified', context: (c) => ({ ...c, error: OUTAGE }) },
            },
          }
        : {}),
      editing: { 'paye.authorize': { to: 'submitting', context: (c) => ({ ...c, declaration: DECLARATION }) }, 'paye.decline': { to: 'declined' } },
      submitting: {
        ok: { to: 'done' },
        refused: { to: 'failed', context: (c) => ({ ...c, error: REFUSED }) },
        outage: { to: 'failed', context: (c) => ({ ...c, error: OUTAGE }) },
      },
      // Authorize again sends the form's values anew (what was typed stayed in the form).
      failed: { 'paye.authorize': { to: 'submitting', context: (c) => ({ ...c, declaration: DECLARATION, error: null }) }, 'paye.decline': { to: 'declined' } },
    },
  });
}

for (const { input, model } of VISITS) {
  describe(`PAYE authorisation machine: model-based, returnTo ${String(input.returnTo)}, opted out ${input.optedOut}, email verified ${input.emailVerified}`, () => {
    const oracle = oracleFor(input);

    it('the expected table matches the generated paths', () => {
      expect(oracle.unusedRules(model.paths)).toEqual([]);
    });

    for (const path of model.paths) {
      it(path.description, async () => {
        const announced: User[] = [];
        const navigated: string[] = [];
        await model.runPath(path, {
          createActor: ({ promises }) =>
            createActor(
              payeAuthorizationMachine.provide({
                actors: {
                  loadAgent: promises.logic(),
                  submitAuthorisation: promises.logic(),
                  enableAuthorisation: promises.logic(),
                  resendVerification: promises.logic(),
                },
                actions: { announceUser: (_, p) => void announced.push(p.user), navigate: (_, p) => void navigated.push(p.to) },
              }),
              { input },
            ),
          afterStep: (ctx) => {
            oracle.check(ctx);
            const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof payeAuthorizationMachine.resolveState>;
            const view = payeAuthorizationView(snapshot);
            const resting = snapshot.matches('editing') || snapshot.matches('failed');
            // Authorize: enabled for a signed form while the declaration form rests, never for an unsigned one.
            expect(view.canAuthorize(DECLARATION)).toBe(resting);
            expect(view.canAuthorize(PREFILLED)).toBe(false);
            expect(view.form !== null, 'the form shows while editing, submitting or failed').toBe(resting || snapshot.matches('submitting'));
            expect(view.form?.initialValues ?? PREFILLED, 'the form starts from the profile').toBe(PREFILLED);
            expect(view.busy).toBe(['loading', 'enabling', 'submitting', 'resending'].some((state) => snapshot.matches(state as never)));
            expect(view.submitting).toBe(snapshot.matches('submitting'));
            expect(view.canDecline).toBe(['unavailable', 'optedOut', 'unverified', 'editing', 'failed'].some((state) => snapshot.matches(state as never)));
            const { error } = snapshot.context;
            if (snapshot.matches('failed')) expect(view.error).toBe(PAYE_AUTHORISATION_FAILED);
            else if (snapshot.matches('optedOut') && error) expect(view.error).toBe(OPT_OUT_UPDATE_FAILED);
            else expect(view.error).toBe(error === null ? null : error.source === 'server' && error.message ? error.message : SOMETHING_WENT_WRONG);
            expect(view.fieldErrors).toEqual(error === REFUSED ? { ppsn: PPSN_INVALID } : {});
            // What was posted: the declaration as Authorize sent it, with the agent details shown.
            if (snapshot.matches('submitting')) {
              expect(ctx.promises.inputs.submitAuthorisation).toEqual({ declaration: DECLARATION, agent: AGENT });
            }
          },
        });
        const last = path.steps.at(-1)?.state ?? path.state;
        const to = input.returnTo ?? '/tax-refund-questions';
        if (last.matches('done')) expect(navigated).toEqual([to]);
        else if (last.matches('declined')) expect(navigated).toEqual(['/tax-refund-options']);
        else expect(navigated).toEqual([]);
        const announcements = path.steps.filter(
          (s) => ['xstate.done.actor.submitAuthorisation', 'xstate.done.actor.enableAuthorisation'].includes(s.event.type) && (s.event as Done).output.ok,
        ).length;
        expect(announced).toHaveLength(announcements);
      });
    }
  });
}

describe('PAYE authorisation machine: coverage of the kinds of visit', () => {
  it('every state and transition is covered by some visit', () => {
    const reports = VISITS.map(({ model }) => model.coverage());
    const uncoveredByAll = <T,>(pick: (r: (typeof reports)[number]) => readonly T[]) => pick(reports[0]!).filter((item) => reports.every((r) => pick(r).includes(item)));
    expect(uncoveredByAll((r) => r.states.uncovered)).toEqual([]);
    expect(uncoveredByAll((r) => r.transitions.uncovered)).toEqual([]);
  });
});

describe('PAYE authorisation machine: outages', () => {
  it('answers as an outage when the app provides no actors (harmless defaults)', async () => {
    vi.useRealTimers();
    const actor = createActor(payeAuthorizationMachine, { input: VISITS[0]!.input }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.error).toEqual(OUTAGE);
  });
});
