import { createActor, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { isDeclarationComplete, payeAuthorizationMachine } from '../../machines/payeAuthorization/payeAuthorization.machine.ts';
import {
  selectCanAuthorize,
  selectErrorMessage,
  selectFieldErrors,
  selectTwoFactorAdvice,
  selectIsBusy,
  selectView,
} from '../../machines/payeAuthorization/payeAuthorization.selectors.ts';
import type {
  ResendResult,
  PayeAuthorizationContext,
  PayeAuthorizationInput,
  PayeFormValues,
} from '../../machines/payeAuthorization/payeAuthorization.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { OPT_OUT_UPDATE_FAILED, PAYE_AUTHORISATION_FAILED, PPSN_INVALID } from '../../src/domain/schemas/messages.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { expectedSteps, type TransitionRule } from '../support/expectedSteps.ts';
import { AGENT, NOT_ENABLED, NOT_LOADED, NOT_SENT, OUTAGE, PREFILLED, REFUSED, SIGNATURE, TWO_FACTOR_OFF, VISITS, type CLEAR, type SIGN } from './payeAuthorization.model.ts';

type Ctx = PayeAuthorizationContext;
type Done = EventObject & { output: { ok: boolean; user?: User } };

function oracleFor(input: PayeAuthorizationInput) {
  const start: Ctx = {
    returnTo: input.returnTo,
    optedOut: input.optedOut,
    emailVerified: input.emailVerified,
    linkSent: false,
    values: input.values,
    agent: null,
    twoFactor: null,
    error: null,
  };
  const signed = (c: Ctx): Ctx => ({ ...c, values: { ...c.values, clientSignature: SIGNATURE } });
  const cleared = (c: Ctx): Ctx => ({ ...c, values: { ...c.values, clientSignature: null } });
  /** `paye.edit` is heard in every state that is not final. */
  const withEdits = (state: string, rules: Record<string, TransitionRule<Ctx>>) => ({
    ...rules,
    'edit sign': { to: state, context: signed },
    'edit clear': { to: state, context: cleared },
  });
  const afterLoad = input.optedOut ? 'optedOut' : input.emailVerified ? 'editing' : 'unverified';
  return expectedSteps<Ctx>({
    initial: { value: 'loading', context: start },
    tags: { loading: ['busy'], enabling: ['busy'], submitting: ['busy'], resending: ['busy'] },
    final: ['done', 'declined'],
    caseOf: (event, before) => {
      if (event.type === 'paye.edit') return (event as typeof SIGN | typeof CLEAR).values.clientSignature ? 'edit sign' : 'edit clear';
      if (event.type === 'paye.authorize') return isDeclarationComplete(before.context.values) ? 'authorize complete' : 'authorize incomplete';
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
      loading: withEdits('loading', {
        ok: { to: afterLoad, context: (c) => ({ ...c, agent: AGENT, twoFactor: TWO_FACTOR_OFF }) },
        refused: { to: 'unavailable', context: (c) => ({ ...c, error: (NOT_LOADED.output as { error: ApiFailure }).error }) },
        outage: { to: 'unavailable', context: (c) => ({ ...c, error: OUTAGE }) },
      }),
      unavailable: withEdits('unavailable', {
        'paye.retry': { to: 'loading', context: (c) => ({ ...c, error: null }) },
        'paye.decline': { to: 'declined' },
      }),
      ...(input.optedOut
        ? {
            optedOut: withEdits('optedOut', { 'paye.enable': { to: 'enabling', context: (c) => ({ ...c, error: null }) }, 'paye.decline': { to: 'declined' } }),
            enabling: withEdits('enabling', {
              'enabled, still authorised': { to: 'done' },
              // Opted in again: the form, or first the unverified notice while the email is not verified.
              enabled: { to: input.emailVerified ? 'editing' : 'unverified', context: (c) => ({ ...c, optedOut: false }) },
              refused: { to: 'optedOut', context: (c) => ({ ...c, error: (NOT_ENABLED.output as { error: ApiFailure }).error }) },
              outage: { to: 'optedOut', context: (c) => ({ ...c, error: OUTAGE }) },
            }),
          }
        : {}),
      ...(!input.emailVerified
        ? {
            unverified: withEdits('unverified', { 'paye.resend': { to: 'resending', context: (c) => ({ ...c, error: null }) }, 'paye.decline': { to: 'declined' } }),
            resending: withEdits('resending', {
              sent: { to: 'unverified', context: (c) => ({ ...c, linkSent: true }) },
              'verified meanwhile': { to: 'editing', context: (c) => ({ ...c, linkSent: true, emailVerified: true }) },
              refused: { to: 'unverified', context: (c) => ({ ...c, error: (NOT_SENT.output as { error: ApiFailure }).error }) },
              outage: { to: 'unverified', context: (c) => ({ ...c, error: OUTAGE }) },
            }),
          }
        : {}),
      editing: withEdits('editing', { 'authorize complete': { to: 'submitting' }, 'paye.decline': { to: 'declined' } }),
      submitting: withEdits('submitting', {
        ok: { to: 'done' },
        refused: { to: 'failed', context: (c) => ({ ...c, error: REFUSED }) },
        outage: { to: 'failed', context: (c) => ({ ...c, error: OUTAGE }) },
      }),
      failed: withEdits('failed', { 'authorize complete': { to: 'submitting', context: (c) => ({ ...c, error: null }) }, 'paye.decline': { to: 'declined' } }),
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
            const resting = snapshot.matches('editing') || snapshot.matches('failed');
            expect(selectCanAuthorize(snapshot)).toBe(resting && isDeclarationComplete(snapshot.context.values));
            expect(selectIsBusy(snapshot)).toBe(['loading', 'enabling', 'submitting', 'resending'].some((state) => snapshot.matches(state as never)));
            // What was posted: the values as they were on Authorize (complete), with the agent details shown.
            if (snapshot.matches('submitting')) {
              const posted = ctx.promises.inputs.submitAuthorisation as { values: PayeFormValues; agent: typeof AGENT };
              expect(posted.agent).toEqual(AGENT);
              expect(isDeclarationComplete(posted.values)).toBe(true);
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

describe('PAYE authorisation machine: coverage of the three kinds of visit', () => {
  it('every state and transition is covered by some visit', () => {
    const reports = VISITS.map(({ model }) => model.coverage());
    const uncoveredByAll = <T,>(pick: (r: (typeof reports)[number]) => readonly T[]) => pick(reports[0]!).filter((item) => reports.every((r) => pick(r).includes(item)));
    expect(uncoveredByAll((r) => r.states.uncovered)).toEqual([]);
    expect(uncoveredByAll((r) => r.transitions.uncovered)).toEqual([]);
  });
});

describe('PAYE authorisation selectors', () => {
  const view = (value: string, context: Partial<Ctx> = {}) =>
    payeAuthorizationMachine.resolveState({
      value,
      context: { returnTo: null, optedOut: false, emailVerified: true, linkSent: false, values: PREFILLED, agent: AGENT, twoFactor: TWO_FACTOR_OFF, error: null, ...context },
    });

  it('Authorize needs first name, surname and signature', () => {
    expect(selectCanAuthorize(view('editing'))).toBe(false);
    expect(selectCanAuthorize(view('editing', { values: { ...PREFILLED, clientSignature: SIGNATURE } }))).toBe(true);
    expect(selectCanAuthorize(view('editing', { values: { ...PREFILLED, firstName: ' ', clientSignature: SIGNATURE } }))).toBe(false);
    expect(selectCanAuthorize(view('editing', { values: { ...PREFILLED, lastName: '', clientSignature: SIGNATURE } }))).toBe(false);
  });

  it('word failures as the spec says and put field messages under their inputs', () => {
    expect(selectErrorMessage(view('failed', { error: REFUSED }))).toBe(PAYE_AUTHORISATION_FAILED);
    expect(selectErrorMessage(view('failed', { error: OUTAGE }))).toBe(PAYE_AUTHORISATION_FAILED);
    expect(selectErrorMessage(view('optedOut', { error: OUTAGE }))).toBe(OPT_OUT_UPDATE_FAILED);
    expect(selectErrorMessage(view('editing'))).toBeNull();
    expect(selectFieldErrors(view('failed', { error: REFUSED }))).toEqual({ ppsn: PPSN_INVALID });
    expect(selectView(view('enabling'))).toBe('optedOut');
    expect(selectView(view('failed'))).toBe('form');
    expect(selectView(view('resending'))).toBe('unverified');
  });

  it('a refusal that says what to do first (403) shows the server’s words instead of the generic message', () => {
    const message = 'Two-step sign-in is on for your account, but this session was signed in without a code. Log in again with a code.';
    expect(selectErrorMessage(view('failed', { error: { status: 403, message, source: 'server' } }))).toBe(message);
    expect(selectErrorMessage(view('failed', { error: { status: 403, message: null, source: 'server' } }))).toBe(PAYE_AUTHORISATION_FAILED);
    expect(selectErrorMessage(view('failed', { error: { status: 403, message: 'Forbidden', source: 'network' } }))).toBe(PAYE_AUTHORISATION_FAILED);
  });

  it('two-step sign-in: recommended while off, "log in again with a code" when on but this session gave none', () => {
    expect(selectTwoFactorAdvice(view('editing', { twoFactor: null }))).toBeNull();
    expect(selectTwoFactorAdvice(view('editing', { twoFactor: TWO_FACTOR_OFF }))).toBe('recommend');
    expect(selectTwoFactorAdvice(view('editing', { twoFactor: { enabled: true, sessionVerified: false } }))).toBe('signInAgain');
    expect(selectTwoFactorAdvice(view('editing', { twoFactor: { enabled: true, sessionVerified: true } }))).toBeNull();
  });

  it('answers as an outage when the app provides no actors (harmless defaults)', async () => {
    vi.useRealTimers();
    const actor = createActor(payeAuthorizationMachine, { input: VISITS[0]!.input }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.error).toEqual(OUTAGE);
  });
});
