import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { verifyEmailMachine } from '../../machines/verifyEmail/verifyEmail.machine.ts';
import type { ResendResult } from '../../machines/verifyEmail/verifyEmail.types.ts';
import { verifyEmailView } from '../../machines/verifyEmail/verifyEmail.view.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { createModelTest } from '../support/modelTest.ts';
import { fixtures, INPUT, model, SENT, TOO_MANY } from './verifyEmail.model.ts';

type Done = EventObject & { output: ResendResult };

describe('email verification banner: model-based', () => {
  it('covers every state and transition (the start with a proven address: its own model below)', () => {
    model.assertFullCoverage({ except: ['deciding —[always if guard]→ verified'] });
    const proven = createModelTest(verifyEmailMachine, { events: fixtures, input: { email: 'p@example.ie', verified: true } });
    // Started proven, it never shows the banner: one path, ending where it began.
    expect(proven.paths).toHaveLength(1);
    expect(proven.paths[0]!.state.value).toBe('verified');
  });

  it('a proven address (or a profile that does not say) shows no banner', () => {
    const actor = createActor(verifyEmailMachine, { input: { email: 'a@example.ie', verified: true } }).start();
    expect(verifyEmailView(actor.getSnapshot()).show).toBe(false);
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      let reloads = 0;
      await model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(verifyEmailMachine.provide({ actors: { resendVerification: promises.logic() }, actions: { reloadProfile: () => void (reloads += 1) } }), { input: INPUT }),
        afterStep: (ctx) => {
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof verifyEmailMachine.resolveState>;
          const view = verifyEmailView(snapshot);
          const done = path.steps.slice(0, ctx.index + 1);
          const last = done.at(-1)?.event;
          // The banner stays until the profile or the server says the address is proven.
          const proven = done.some(
            (s) =>
              (s.event.type === 'session.user.changed' && (s.event as unknown as { user: { email_verified?: boolean } }).user.email_verified === true) ||
              (s.event.type === 'xstate.done.actor.resendVerification' && (s.event as Done).output.ok && (s.event as Done).output.ok && ((s.event as Done).output as { emailVerified: boolean }).emailVerified),
          );
          expect(view.show).toBe(!proven);
          expect(view.email).toBe('new@example.ie');
          expect(view.resending).toBe(snapshot.matches('resending'));
          expect(view.canResend).toBe(snapshot.matches('unverified'));
          expect(view.linkSent).toBe(done.some((s) => s.event === SENT || (s.event.type === SENT.type && (s.event as Done).output === SENT.output)));
          if (last?.type === 'xstate.done.actor.resendVerification' && !(last as Done).output.ok) expect(view.error).toBe(TOO_MANY.message);
          if (last?.type === 'xstate.error.actor.resendVerification') expect(view.error).toBe(SOMETHING_WENT_WRONG);
          if (last?.type === 'verifyEmail.resend') expect(view.error).toBeNull();
        },
      });
      expect(reloads).toBe(path.steps.filter((s) => s.event.type === 'xstate.done.actor.resendVerification' && ((s.event as Done).output as { emailVerified?: boolean }).emailVerified === true).length);
    });
  }
});
