import { describe, expect, it } from 'vitest';
import { securityMachine } from '../../machines/security/security.machine.ts';
import type { SecurityContext } from '../../machines/security/security.types.ts';
import { securityView } from '../../machines/security/security.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Device, SecurityEvent } from '../../src/domain/schemas/security.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';

/** Midday UTC, so the date reads the same in any time zone the test runs in; the hour is the zone's. */
const at = (date: string, minutes: string) => `${date}T12:${minutes}.000Z`;
const HERE: Device = { id: 'd-here', browser: 'Chrome on Linux', place: 'Local network', signed_in_at: at('2026-01-15', '00:00'), last_seen_at: at('2026-01-15', '30:00'), remember: false, current: true };
const PHONE: Device = { id: 'd-phone', browser: null, place: null, signed_in_at: at('2026-01-14', '05:09'), last_seen_at: at('2026-01-15', '10:00'), remember: true, current: false };
const EVENTS: SecurityEvent[] = [
  { id: 'e2', kind: 'sign_in_failed', at: at('2026-01-15', '20:00'), browser: 'Firefox on Windows', place: null, detail: 'code' },
  { id: 'e1', kind: 'sign_in', at: at('2026-01-14', '05:09'), browser: null, place: 'Local network', detail: 'recovery_code' },
];
const context = (overrides: Partial<SecurityContext> = {}): SecurityContext => ({
  events: EVENTS,
  devices: [HERE, PHONE],
  twoFactor: { enabled: true, enabled_at: at('2026-01-10', '00:00'), recovery_codes_left: 7 },
  loadError: null,
  passwordNotice: null,
  passwordError: null,
  deviceNotice: null,
  deviceError: null,
  signingOutId: null,
  setup: null,
  recoveryCodes: null,
  twoFactorError: null,
  ...overrides,
});
type Value = Parameters<typeof securityMachine.resolveState>[0]['value'];
const IDLE = { overview: 'ready', password: 'idle', devices: 'idle', twoFactor: 'idle' };
const viewOf = (value: Partial<Record<keyof typeof IDLE, string>> = {}, overrides: Partial<SecurityContext> = {}) =>
  securityView(securityMachine.resolveState({ value: { ...IDLE, ...value } as Value, context: context(overrides) }));
const HOUR = '\\d\\d';

describe('security view', () => {
  it('lists the devices in words: unknown browser and place named so, this device without a Sign out', () => {
    const [here, phone] = viewOf().devices.rows;
    expect(here).toMatchObject({ id: 'd-here', browser: 'Chrome on Linux', place: 'Local network', current: true, canSignOut: false, signingOut: false });
    expect(phone).toMatchObject({ browser: 'Unknown browser', place: 'Unknown place', current: false, canSignOut: true, signOutLabel: 'Sign out device, ' });
    expect(phone!.seen).toMatch(new RegExp(`^Last active 15\\.01\\.2026 ${HOUR}:10:00 · signed in 14\\.01\\.2026 ${HOUR}:05:09$`));
  });

  it('while one device is signed out: its button shows progress, no other can be pressed', () => {
    const view = viewOf({ devices: 'signingOut' }, { signingOutId: 'd-phone' });
    expect(view.devices.rows.map((row) => [row.id, row.signingOut, row.canSignOut])).toEqual([
      ['d-here', false, false],
      ['d-phone', true, false],
    ]);
    expect(view.devices.canSignOutOthers).toBe(false);
  });

  it('the events in words, warnings marked, with when, browser and place', () => {
    expect(viewOf().events).toEqual([
      { id: 'e2', text: 'Failed sign-in: wrong code', warning: true, meta: expect.stringMatching(new RegExp(`^15\\.01\\.2026 ${HOUR}:20:00 · Firefox on Windows$`)) },
      { id: 'e1', text: 'Signed in with password and a recovery code', warning: false, meta: expect.stringMatching(new RegExp(`^14\\.01\\.2026 ${HOUR}:05:09 · Local network$`)) },
    ]);
  });

  it('two-step sign-in: on since when with the codes left; the setup while scanning; the codes once', () => {
    const on = viewOf().twoFactor;
    expect(on).toMatchObject({ step: 'on', recoveryCodesLeft: 7, canStart: false, canDisable: true, canConfirm: false });
    expect(on.since).toMatch(new RegExp(`^10\\.01\\.2026 ${HOUR}:00:00$`));
    const setup = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://x', qr_data_url: 'data:image/png;base64,iVBORw0KGgo=' };
    expect(viewOf({ twoFactor: 'scanning' }, { twoFactor: { enabled: false, enabled_at: null, recovery_codes_left: 0 }, setup }).twoFactor).toMatchObject({
      step: 'scanning',
      setup,
      canConfirm: true,
    });
    expect(viewOf({ twoFactor: 'showingCodes' }, { recoveryCodes: ['a-1', 'b-2'] }).twoFactor).toMatchObject({ step: 'codes', recoveryCodes: ['a-1', 'b-2'] });
    expect(viewOf({}, { twoFactor: null }).twoFactor.step).toBe('unknown');
  });

  it('a refused code: its field message; a refusal without one: its message', () => {
    const wrongCode: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { code: ['That code is not correct.'] } };
    expect(viewOf({ twoFactor: 'scanning' }, { twoFactorError: wrongCode }).twoFactor.error).toBe('That code is not correct.');
    expect(viewOf({}, { twoFactorError: { status: 409, message: 'Two-step sign-in is already on.', source: 'server' } }).twoFactor.error).toBe('Two-step sign-in is already on.');
  });

  it('a password refusal with field messages puts them under the fields and leaves the banner empty', () => {
    const refused: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { current_password: ['Your current password is not correct.'] } };
    expect(viewOf({}, { passwordError: refused }).password).toMatchObject({ error: null, fieldErrors: { current_password: 'Your current password is not correct.' } });
    expect(viewOf({}, { passwordError: { status: null, message: null, source: 'network' } }).password).toMatchObject({ error: SOMETHING_WENT_WRONG, fieldErrors: {} });
    expect(viewOf({ password: 'changing' }).password).toMatchObject({ busy: true, canSubmit: false });
  });

  it('the first load shows progress; a failed load says why', () => {
    expect(viewOf({ overview: 'loading' }, { twoFactor: null }).loading).toBe(true);
    expect(viewOf({ overview: 'loading' }).loading).toBe(false);
    expect(viewOf({ overview: 'failed' }, { loadError: { status: null, message: null, source: 'network' } }).loadError).toBe(SOMETHING_WENT_WRONG);
  });

  it('gives the same event rows while the events are the same', () => {
    expect(viewOf().events).toBe(viewOf({ password: 'changing' }).events);
  });
});
