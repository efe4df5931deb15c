import { describe, expect, it } from 'vitest';
import { accountCloseMachine } from '../../machines/accountClose/accountClose.machine.ts';
import type { AccountCloseContext } from '../../machines/accountClose/accountClose.types.ts';
import { accountCloseView } from '../../machines/accountClose/accountClose.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { RetentionPlan } from '../../src/domain/schemas/account.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';

const PLAN: RetentionPlan = {
  erased: ['Your email address, password and sign-in', 'Your bank links'],
  kept: [
    { what: 'Your Form 11 claim for 2024', reason: 'Revenue requires it for 6 years.', until: '2030-12-31' },
    { what: 'Your PAYE authorisation', reason: 'Evidence of the agent authorisation.', until: '2031-03-02' },
  ],
  keptUntil: '2031-03-02',
};
const WRONG: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { password: ['The password is not correct.'] } };
const viewOf = (value: 'loading' | 'unavailable' | 'confirming' | 'closing' | 'closed' | 'done', context: Partial<AccountCloseContext> = {}) =>
  accountCloseView(accountCloseMachine.resolveState({ value, context: { plan: null, error: null, ...context } }));

describe('account close view', () => {
  it('shows the plan with the dates as DD.MM.YYYY', () => {
    expect(viewOf('confirming', { plan: PLAN }).plan).toEqual({
      erased: ['Your email address, password and sign-in', 'Your bank links'],
      kept: [
        { key: 'Your Form 11 claim for 2024-2030-12-31', what: 'Your Form 11 claim for 2024', until: '31.12.2030', reason: 'Revenue requires it for 6 years.' },
        { key: 'Your PAYE authorisation-2031-03-02', what: 'Your PAYE authorisation', until: '02.03.2031', reason: 'Evidence of the agent authorisation.' },
      ],
      keptUntil: '02.03.2031',
    });
    expect(viewOf('confirming', { plan: { erased: [], kept: [], keptUntil: null } }).plan?.keptUntil).toBeNull();
  });

  it('steps: loading, the failure with Try again, the plan and password, closed', () => {
    expect(viewOf('loading')).toMatchObject({ step: 'loading', busy: true, canClose: false, plan: null });
    expect(viewOf('unavailable', { error: { status: null, message: null, source: 'network' } })).toMatchObject({ step: 'unavailable', error: SOMETHING_WENT_WRONG });
    expect(viewOf('confirming', { plan: PLAN })).toMatchObject({ step: 'confirming', busy: false, canClose: true });
    expect(viewOf('closing', { plan: PLAN })).toMatchObject({ step: 'confirming', busy: true, canClose: false });
    expect(viewOf('closed', { plan: PLAN }).step).toBe('closed');
    expect(viewOf('done', { plan: PLAN }).step).toBe('closed');
  });

  it('a wrong password goes under the password field, not in the banner', () => {
    const view = viewOf('confirming', { plan: PLAN, error: WRONG });
    expect(view.fieldErrors).toEqual({ password: 'The password is not correct.' });
    expect(view.error).toBeNull();
    expect(viewOf('confirming', { plan: PLAN, error: WRONG }).fieldErrors).toBe(view.fieldErrors);
  });

  it('gives the same plan object while the plan is the same', () => {
    expect(viewOf('confirming', { plan: PLAN }).plan).toBe(viewOf('closing', { plan: PLAN }).plan);
  });
});
