import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordResetMachine, RECOVERY_OUTAGE_MESSAGE } from '../../machines/passwordReset/passwordReset.machine.ts';
import {
  selectErrorMessage,
  selectFieldErrors,
  selectIsBusy,
  selectNotice,
  selectReminderSent,
  selectResetDone,
} from '../../machines/passwordReset/passwordReset.selectors.ts';
import type { RecoveryResult, ReminderInput } from '../../machines/passwordReset/passwordReset.types.ts';
import { createModelTest } from '../support/modelTest.ts';

const NOTICE = 'If an account exists for this email, we have sent a link to reset the password.';
const TOKEN_ERROR = { status: 422, message: 'This link is invalid or has expired.', fieldErrors: { token: ['This link is invalid or has expired.'] } };

const model = createModelTest(passwordResetMachine, {
  events: {
    'reminder.submit': () => [{ type: 'reminder.submit', email: 'aoife@example.ie' }],
    'reset.submit': () => [{ type: 'reset.submit', token: 't0k3n', password: 'correct horse', password_confirmation: 'correct horse' }],
    'recovery.retry': () => [{ type: 'recovery.retry' }],
    'xstate.done.actor.sendReminder': () => [
      { type: 'xstate.done.actor.sendReminder', output: { ok: true, message: NOTICE } },
      { type: 'xstate.done.actor.sendReminder', output: { ok: false, error: { status: 429, message: 'Too many requests.' } } },
    ],
    'xstate.error.actor.sendReminder': () => [{ type: 'xstate.error.actor.sendReminder', error: new Error('offline') }],
    'xstate.done.actor.resetPassword': () => [
      { type: 'xstate.done.actor.resetPassword', output: { ok: true } },
      { type: 'xstate.done.actor.resetPassword', output: { ok: false, error: TOKEN_ERROR } },
    ],
    'xstate.error.actor.resetPassword': () => [{ type: 'xstate.error.actor.resetPassword', error: new Error('offline') }],
  },
});

describe('password recovery machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition', () => {
    model.assertFullCoverage();
  });

  for (const path of model.paths) {
    it(path.description, () =>
      model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(passwordResetMachine.provide({ actors: { sendReminder: promises.logic(), resetPassword: promises.logic() } })),
        assertContext: true,
      }),
    );
  }
});

describe('password recovery selectors', () => {
  it('read a sent reminder', () => {
    const s = { context: { notice: NOTICE, error: null }, hasTag: () => false, matches: (v: string) => v === 'reminderSent' };
    expect(selectReminderSent(s)).toBe(true);
    expect(selectNotice(s)).toBe(NOTICE);
    expect(selectIsBusy(s)).toBe(false);
    expect(selectResetDone(s)).toBe(false);
  });

  it('read the first server message per field', () => {
    const s = {
      context: { notice: null, error: { status: 422, message: 'Invalid', fieldErrors: { password: ['Too common', 'Too short'], token: [] } } },
      hasTag: (t: string) => t === 'busy',
      matches: () => false,
    };
    expect(selectFieldErrors(s)).toEqual({ password: 'Too common' });
    expect(selectErrorMessage(s)).toBe('Invalid');
    expect(selectIsBusy(s)).toBe(true);
  });

  it('turns an outage into the generic message and keeps the form usable', async () => {
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          sendReminder: fromPromise<RecoveryResult, ReminderInput>(async () => {
            throw new Error('socket hang up');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'reminder.submit', email: 'a@b.ie' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(selectErrorMessage(actor.getSnapshot())).toBe(RECOVERY_OUTAGE_MESSAGE);
  });
});
