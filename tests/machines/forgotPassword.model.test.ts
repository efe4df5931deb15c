import { createActor, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { forgotPasswordMachine } from '../../machines/forgotPassword/forgotPassword.machine.ts';
import { forgotPasswordView } from '../../machines/forgotPassword/forgotPassword.view.ts';
import type { ForgotPasswordContext, SendReminderInput, SendReminderResult } from '../../machines/forgotPassword/forgotPassword.types.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { ACCEPTED, AGAIN, EMAIL, model, NOTICE, OUTAGE, RATE_LIMITED, REFUSED, SUBMIT } from './forgotPassword.model.ts';

type DoneEvent = EventObject & { output: SendReminderResult };

/** The expected behaviour, written from the spec and the screen, not read from the machine. */
const oracle = expectedSteps<ForgotPasswordContext>({
  initial: { value: 'editing', context: { notice: null, error: null } },
  tags: { sending: ['busy'] },
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.sendReminder') return (event as DoneEvent).output.ok ? 'sendReminder ok' : 'sendReminder refused';
    if (event.type === 'xstate.error.actor.sendReminder') return 'sendReminder outage';
    return event.type;
  },
  transitions: {
    editing: {
      'reminder.submit': { to: 'sending', context: () => ({ notice: null, error: null }) },
    },
    sending: {
      'sendReminder ok': { to: 'sent', context: (c) => ({ ...c, notice: NOTICE }) },
      'sendReminder refused': { to: 'editing', context: (c) => ({ ...c, error: RATE_LIMITED }) },
      'sendReminder outage': { to: 'editing', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    sent: {
      'reminder.again': { to: 'editing' },
    },
  },
});

describe('forgot-password machine: model-based', () => {
  it('covers every state and transition, and the expected table matches the generated paths', () => {
    model.assertFullCoverage();
    expect(model.coverage().states.covered).toEqual(['editing', 'sending', 'sent']);
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  const journeys = [
    model.pathFromEvents('a refusal, then a new request clears it and succeeds', [SUBMIT, REFUSED, SUBMIT, ACCEPTED]),
    model.pathFromEvents('a link sent, another one asked for', [SUBMIT, ACCEPTED, AGAIN, SUBMIT]),
  ];

  it('pins the journeys the shortest paths leave out', () => {
    expect(journeys.map((j) => j.steps.map((s) => s.state.value))).toEqual([
      ['editing', 'sending', 'editing', 'sending', 'sent'],
      ['editing', 'sending', 'sent', 'editing', 'sending'],
    ]);
  });

  for (const path of [...model.paths, ...journeys]) {
    it(path.description, () =>
      model.runPath(path, {
        createActor: ({ promises }) => createActor(forgotPasswordMachine.provide({ actors: { sendReminder: promises.logic() } })),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof forgotPasswordMachine.resolveState>;
          const view = forgotPasswordView(snapshot);
          expect(view.canSubmit, 'the form can be submitted only while editing').toBe(snapshot.matches('editing'));
          expect(view.busy).toBe(snapshot.matches('sending'));
          expect(view.step).toBe(snapshot.matches('sent') ? 'sent' : 'form');
          expect(view.notice).toBe(snapshot.matches('sent') ? NOTICE : null);
          const error = snapshot.context.error;
          expect(view.error, 'the refusal in the server’s words, an outage generically').toBe(error === null ? null : error.status === null ? SOMETHING_WENT_WRONG : RATE_LIMITED.message);
          if (snapshot.matches('sending')) expect(ctx.promises.inputs.sendReminder).toEqual({ email: EMAIL } satisfies SendReminderInput);
        },
      }),
    );
  }
});

describe('forgot-password machine: outages', () => {
  it('turn an outage of the real actor into the generic message and keep the form usable', async () => {
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          sendReminder: fromPromise<SendReminderResult, SendReminderInput>(async () => {
            throw new Error('socket hang up');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'reminder.submit', email: EMAIL });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(forgotPasswordView(actor.getSnapshot())).toMatchObject({ error: SOMETHING_WENT_WRONG, canSubmit: true });
  });

  it('answers as an outage when the app provides no actor (harmless default)', async () => {
    const actor = createActor(forgotPasswordMachine).start();
    actor.send({ type: 'reminder.submit', email: EMAIL });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual(OUTAGE);
  });
});
