import { describe, expect, it } from 'vitest';
import { payePreferenceMachine } from '../../machines/payePreference/payePreference.machine.ts';
import type { PayePreferenceContext } from '../../machines/payePreference/payePreference.types.ts';
import { payePreferenceView } from '../../machines/payePreference/payePreference.view.ts';
import { OPT_OUT_UPDATE_FAILED } from '../../src/domain/schemas/messages.ts';
import { aUser } from '../support/builders.ts';

const viewOf = (value: 'idle' | 'saving', context: Partial<PayePreferenceContext> = {}) =>
  payePreferenceView(payePreferenceMachine.resolveState({ value, context: { user: aUser(), error: null, ...context } }));

describe('PAYE preference view', () => {
  it('the switch shows the saved choice', () => {
    expect(viewOf('idle', { user: aUser({ opt_out_paye_auth: true }) }).optedOut).toBe(true);
    expect(viewOf('idle', { user: aUser({ opt_out_paye_auth: false }) }).optedOut).toBe(false);
    expect(viewOf('idle', { user: null }).optedOut).toBe(false);
  });

  it('may be flipped only while nothing is on its way', () => {
    expect(viewOf('idle')).toMatchObject({ busy: false, canChange: true });
    expect(viewOf('saving')).toMatchObject({ busy: true, canChange: false });
  });

  it('says a declaration will be asked for only to an opted-in user who has not signed one', () => {
    expect(viewOf('idle', { user: aUser({ paye_a1_authorized: false, opt_out_paye_auth: false }) }).notSignedYet).toBe(true);
    expect(viewOf('idle', { user: aUser({ paye_a1_authorized: true }) }).notSignedYet).toBe(false);
    expect(viewOf('idle', { user: aUser({ paye_a1_authorized: false, opt_out_paye_auth: true }) }).notSignedYet).toBe(false);
    expect(viewOf('idle', { user: null }).notSignedYet).toBe(false);
  });

  it('a failed change: the spec’s message (section 8)', () => {
    expect(viewOf('idle', { error: OPT_OUT_UPDATE_FAILED }).error).toBe('Failed to update preference. Please try again.');
  });
});
