/**
 * Guessing at one account is bounded for both factors (both databases): however many addresses
 * and however many requests at once, at most the per-account cap of wrong passwords and of wrong
 * codes is checked per hour; then the owner is mailed once, and only a device the account signed
 * in from before (same browser and place) still gets through. A right password does not give
 * back failed codes.
 */
import { describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../src/server/http/schemas.ts';
import { AUTH_RATE_LIMITS } from '../../src/server/services/authLimits.ts';
import { HOME, PASSWORD, codeAt, enableTwoFactor, login, signUp, signedIn } from '../support/accounts.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const STRANGER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
const stranger = (i: number) => ({ 'user-agent': STRANGER_UA, 'x-forwarded-for': `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}` });

async function guessingMails(t: TestApp): Promise<number> {
  await t.services.mailer.flush();
  return t.mail.messages.filter((m) => /guess/i.test(m.subject)).length;
}

describe(`guessing at one account (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('checks at most the cap of wrong passwords an hour, even 150 at once from 150 addresses; the owner still gets in from a known device', async () => {
    await signUp(t);
    await signedIn(t); // the owner's browser at home is now a known device
    t.mail.messages.length = 0;
    const cap = AUTH_RATE_LIMITS.loginPerAccountCap.limit;
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => login(t, stranger(i), `wrong guess ${i}`)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(cap);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(150 - cap);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(await guessingMails(t)).toBe(1);
    // The right password from a stranger's device is refused too: the cap does not tell them apart ...
    const blocked = await login(t, stranger(999), PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY_ATTEMPTS);
    // ... but the owner's own browser at home still signs in.
    expect((await login(t, HOME, PASSWORD)).status).toBe(200);
    // The next hour the cap starts again.
    t.clock.advance(AUTH_RATE_LIMITS.loginPerAccountCap.windowMs);
    expect((await login(t, stranger(1000), PASSWORD)).status).toBe(200);
  });

  it('caps wrong codes per account: a right password does not give them back', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const { secret } = await enableTwoFactor(t, access);
    t.mail.messages.length = 0;
    const cap = AUTH_RATE_LIMITS.twoFactorPerAccount.limit;
    // Someone with the password: a new sign-in from a new address for every wrong code.
    const statuses: number[] = [];
    for (let i = 0; i < cap + 10; i++) {
      const first = await login(t, stranger(i), PASSWORD);
      if (first.status !== 200) {
        statuses.push(first.status);
        continue;
      }
      expect(first.body.two_factor_required).toBe(true);
      const wrong = await t.request('POST', '/auth/two-factor', { challenge: first.body.challenge, code: '000000' === codeAt(t, secret) ? '111111' : '000000' }, stranger(i));
      statuses.push(wrong.status);
    }
    expect(statuses.slice(0, cap).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(cap).every((s) => s === 429)).toBe(true);
    expect(await guessingMails(t)).toBe(1);
    // The right code from a stranger's device is refused now; from the owner's known device it works.
    const strangerLogin = await login(t, stranger(500), PASSWORD);
    if (strangerLogin.status === 200) {
      const right = await t.request('POST', '/auth/two-factor', { challenge: strangerLogin.body.challenge, code: codeAt(t, secret) }, stranger(500));
      expect(right.status).toBe(429);
    } else {
      expect(strangerLogin.status).toBe(429);
    }
    const owner = await login(t, HOME, PASSWORD);
    expect(owner.body.two_factor_required).toBe(true);
    const ownerCode = await t.request('POST', '/auth/two-factor', { challenge: owner.body.challenge, code: codeAt(t, secret) }, HOME);
    expect(ownerCode.status).toBe(200);
  });
});
