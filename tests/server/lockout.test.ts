/**
 * Login throttling without lockout abuse (both databases): failures are counted per account and
 * network (429), per network (429; an IPv6 /64 is one network), and per account from everywhere
 * (a progressive delay, never a block), so guesses from elsewhere cannot keep the owner out.
 */
import { describe, expect, it } from 'vitest';
import { addressNetwork } from '../../src/server/http/clientAddress.ts';
import { TOO_MANY_ATTEMPTS } from '../../src/server/http/schemas.ts';
import { AUTH_RATE_LIMITS, LOGIN_DELAY_MAX_MS, loginDelayMs } from '../../src/server/services/authLimits.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const PASSWORD = 'correct horse battery staple';

async function signUp(t: TestApp, email = 'ann@example.ie') {
  expect((await t.request('POST', '/auth/register', { email, details: { dob: '1990-05-01', maritalStatus: 'single' } })).status).toBe(201);
  await t.services.mailer.flush();
  const token = t.mail.messages.flatMap((message) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.body)?.[1] ?? []).at(-1);
  expect((await t.request('POST', '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
}

function loginFrom(t: TestApp, address: string, password: string, email = 'ann@example.ie') {
  return t.request('POST', '/auth/login', { email, password }, { 'x-forwarded-for': address });
}

describe('addressNetwork', () => {
  it('keeps IPv4 as it is and reduces IPv6 to its /64', () => {
    expect(addressNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(addressNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:DB8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressNetwork('::1')).toBe('0:0:0:0::/64');
    expect(addressNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressNetwork('unknown')).toBe('unknown');
    expect(addressNetwork('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9');
  });

  it('makes the delay grow from 0.5 s and stop at the maximum', () => {
    const free = AUTH_RATE_LIMITS.loginPerAccount.limit;
    expect(loginDelayMs(free, free)).toBe(0);
    expect([1, 2, 3, 4, 5, 50, 10_000].map((extra) => loginDelayMs(free + extra, free))).toEqual([500, 1000, 2000, 4000, LOGIN_DELAY_MAX_MS, LOGIN_DELAY_MAX_MS, LOGIN_DELAY_MAX_MS]);
  });
});

describe(`login throttling (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('lets the right password in from the owner’s address after 40 bad requests an hour from another', async () => {
    await signUp(t);
    // 40 guesses within the hour from one attacker address, about 11 every 15 minutes.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await loginFrom(t, '203.0.113.66', `guess number ${i}`)).status);
      t.clock.advance(80_000);
    }
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    t.sleeps.length = 0;
    const owner = await loginFrom(t, '198.51.100.7', PASSWORD);
    expect(owner.status).toBe(200);
    // Slowed down, not refused, and never by more than the maximum.
    expect(t.sleeps).toHaveLength(1);
    expect(t.sleeps[0]).toBeLessThanOrEqual(LOGIN_DELAY_MAX_MS);
  });

  it('blocks one address guessing at one account from the 11th failure, not the account', async () => {
    await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await loginFrom(t, '203.0.113.66', `guess number ${i}`)).status);
    const limit = AUTH_RATE_LIMITS.loginPerAccountAddress.limit;
    expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
    const blocked = await loginFrom(t, '203.0.113.66', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect((await loginFrom(t, '198.51.100.7', PASSWORD)).status).toBe(200);
  });

  it('slows guesses at one account from many addresses progressively, never with a 429', async () => {
    await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await loginFrom(t, `203.0.113.${i + 1}`, `guess number ${i}`)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(t.sleeps).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
    // A success gives its own count back and is answered (after the wait).
    expect((await loginFrom(t, '198.51.100.7', PASSWORD)).status).toBe(200);
  });

  it('counts a whole IPv6 /64 as one address across accounts', async () => {
    const limit = AUTH_RATE_LIMITS.loginPerAddress.limit;
    for (let i = 0; i < limit; i++) {
      // Each guess from a different address inside one /64, at a different account.
      expect((await loginFrom(t, `2001:db8:1:2::${(i + 1).toString(16)}`, 'wrong password', `user${i}@example.ie`)).status).toBe(401);
    }
    expect((await loginFrom(t, '2001:db8:1:2:ffff::9', 'wrong password', 'other@example.ie')).status).toBe(429);
    expect((await loginFrom(t, '2001:db8:1:3::1', 'wrong password', 'other@example.ie')).status).toBe(401);
  });
});

describe(`several counters in one statement (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('counts and gives back as one hit at a time does, and refuses one counter twice', async () => {
    const { rateLimiter } = t.services;
    const rule = { name: 'test:a', limit: 2, windowMs: 60_000 };
    const other = { name: 'test:b', limit: 5, windowMs: 60_000 };
    await rateLimiter.hit(rule, 'ann');
    const [a, b] = await rateLimiter.hitAll([
      [rule, 'ann'],
      [other, ['ann', '198.51.100.7']],
    ]);
    expect([a!.count, a!.allowed, b!.count, b!.allowed]).toEqual([2, true, 1, true]);
    const [again] = await rateLimiter.hitAll([[rule, 'ann']]);
    expect([again!.count, again!.allowed]).toEqual([3, false]);
    expect(again!.retryAfterSeconds).toBeGreaterThan(0);
    await rateLimiter.refundAll([a!, b!]);
    expect((await rateLimiter.hit(rule, 'ann')).count).toBe(3);
    expect((await rateLimiter.hit(other, ['ann', '198.51.100.7'])).count).toBe(1);
    // A window cleared meanwhile (a password reset) stays at zero.
    const [cleared] = await rateLimiter.hitAll([[rule, 'bob']]);
    await rateLimiter.clear(rule, 'bob');
    await rateLimiter.refundAll([cleared!]);
    expect((await rateLimiter.hit(rule, 'bob')).count).toBe(1);
    await expect(rateLimiter.hitAll([[rule, 'ann'], [rule, 'ann']])).rejects.toThrow(/twice/);
    await expect(rateLimiter.refundAll([a!, a!])).rejects.toThrow(/twice/);
  });
});
