/**
 * GET /profile and POST /edit-profile (both databases), and the PPSN's encryption at rest.
 */
import { type SQL, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { maskPpsn, ppsnCheckCharacter } from '../../src/domain/schemas/fields.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { UserSchema } from '../../src/domain/schemas/user.ts';
import { users } from '../../src/server/db/schema.ts';
import { UNAUTHENTICATED } from '../../src/server/http/schemas.ts';
import { DecryptionError, createKeyring, decryptField, encryptField } from '../../src/server/services/crypto.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';
import { PASSWORD, givePassword } from '../support/accounts.ts';

const DETAILS = { dob: '1990-05-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;
const PPSN = `1234567${ppsnCheckCharacter('1234567')}`; // 1234567T
const PPSN_TWO_LETTERS = `7654321${ppsnCheckCharacter('7654321', 'A')}A`;

async function signedIn(t: TestApp, email = 'ann@example.ie') {
  const res = await t.request('POST', '/auth/register', { email, details: DETAILS });
  expect(res.status).toBe(201);
  await givePassword(t, email);
  return { authorization: `Bearer ${res.body.access_token as string}` };
}

function edit(t: TestApp, auth: Record<string, string>, body: unknown) {
  return t.request('POST', '/edit-profile', body, auth);
}

async function rawUser(t: TestApp, email = 'ann@example.ie') {
  return (await rawRows(t, sql`select * from users where email = ${email}`))[0]!;
}

async function rawRows(t: TestApp, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

describe(`GET /profile (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('returns the signed-in user in the spec’s shape', async () => {
    const auth = await signedIn(t);
    const res = await t.request('GET', '/profile', undefined, auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'first_name',
        'surname',
        'ppsn',
        'date_of_birth',
        'email',
        'annual_income',
        'paid_pension',
        'pension',
        'marital_status',
        'spouse_annual_income',
        'assessment_basis',
        'pension_plan_id',
        'taxback',
        'form11',
        'paye_a1_authorized',
        'opt_out_paye_auth',
        'email_verified',
      ].sort(),
    );
    expect(v.safeParse(UserSchema, res.body).success).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('returns money in euro except taxback, which stays in cents; pension and taxback are derived', async () => {
    const auth = await signedIn(t);
    await t.database.db.update(users).set({ annualIncomeCents: 5_000_055, paidPensionCents: 120_099 }).where(eq(users.email, 'ann@example.ie'));
    const res = await t.request('GET', '/profile', undefined, auth);
    // No contributions yet: the pension is paid_pension; its relief at 40% (income above the band) is the taxback.
    expect(res.body).toMatchObject({ annual_income: 50000.55, paid_pension: 1200.99, pension: 1200.99, taxback: 48_040 });
  });

  it('requires a valid session', async () => {
    const res = await t.request('GET', '/profile');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: UNAUTHENTICATED });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('shows each user only their own profile', async () => {
    const ann = await signedIn(t, 'ann@example.ie');
    const bob = await signedIn(t, 'bob@example.ie');
    expect((await t.request('GET', '/profile', undefined, ann)).body.email).toBe('ann@example.ie');
    expect((await t.request('GET', '/profile', undefined, bob)).body.email).toBe('bob@example.ie');
  });
});

describe(`POST /edit-profile (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('updates the spec’s fields and returns the updated user', async () => {
    const auth = await signedIn(t);
    const res = await edit(t, auth, { first_name: ' Siobhán ', surname: "O'Brien-Ní Dhuibhir", ppsn: ` ${PPSN.toLowerCase()} `, opt_out_paye_auth: false });
    expect(res.status).toBe(200);
    // The PPSN comes back masked (POST /profile/ppsn-reveal gives it in full).
    expect(res.body).toMatchObject({ first_name: 'Siobhán', surname: "O'Brien-Ní Dhuibhir", ppsn: maskPpsn(PPSN), opt_out_paye_auth: false });
    const changes = {
      annual_income: 52000.5,
      paid_pension: 1000,
      marital_status: 'married',
      pension_plan_id: 'IL-00000009',
      date_of_birth: '1985-02-28',
      ppsn: PPSN_TWO_LETTERS,
      opt_out_paye_auth: true,
    };
    const again = await edit(t, auth, changes);
    expect(again.status).toBe(200);
    // The response is the whole updated user: the new values, and the earlier name kept.
    expect(again.body).toMatchObject({ first_name: 'Siobhán', ...changes, ppsn: maskPpsn(PPSN_TWO_LETTERS) });
    const row = await rawUser(t);
    expect(Number(row.annual_income_cents)).toBe(5_200_050);
    expect(Number(row.paid_pension_cents)).toBe(100_000);
    // The profile read back matches.
    expect((await t.request('GET', '/profile', undefined, auth)).body).toEqual(again.body);
  });

  it('clears the pension plan ID with null and changes nothing for an empty body', async () => {
    const auth = await signedIn(t);
    const before = (await t.request('GET', '/profile', undefined, auth)).body;
    const same = await edit(t, auth, {});
    expect(same.status).toBe(200);
    expect(same.body).toEqual(before);
    const cleared = await edit(t, auth, { pension_plan_id: null });
    expect(cleared.body.pension_plan_id).toBeNull();
  });

  it('refuses a PPSN with a bad format or a wrong check character', async () => {
    const auth = await signedIn(t);
    const wrongCheck = `1234567${ppsnCheckCharacter('1234567') === 'A' ? 'B' : 'A'}`;
    for (const ppsn of ['123456T', '12345678T', 'ABCDEFGT', '1234567', '1234567XZ', "1234567T' OR 1=1 --"]) {
      const res = await edit(t, auth, { ppsn });
      expect(res.status, ppsn).toBe(422);
      expect(res.body.errors, ppsn).toEqual({ ppsn: [m.PPSN_INVALID] });
    }
    // The right shape with the wrong check letter: a typo, said so.
    const typo = await edit(t, auth, { ppsn: wrongCheck });
    expect(typo.status).toBe(422);
    expect(typo.body.errors).toEqual({ ppsn: ['This PPSN does not check out: look for a typo'] });
    expect(m.PPSN_CHECK_FAILED).toBe('This PPSN does not check out: look for a typo');
    expect((await edit(t, auth, { ppsn: '' })).body.errors).toEqual({ ppsn: [m.REQUIRED] });
    expect((await rawUser(t)).ppsn_encrypted).toBeNull();
  });

  it('applies the name rules (spec section 5), unicode letters allowed', async () => {
    const auth = await signedIn(t);
    const cases: [unknown, string][] = [
      ['A', m.MIN_2_CHARACTERS],
      ['Ann3', m.NAME_CHARACTERS],
      ['Robert"); DROP TABLE users;--', m.NAME_CHARACTERS],
      ['<script>alert(1)</script>', m.NAME_CHARACTERS],
      ['', m.REQUIRED],
    ];
    for (const [first_name, message] of cases) {
      const res = await edit(t, auth, { first_name });
      expect(res.status, String(first_name)).toBe(422);
      expect(res.body.errors).toEqual({ first_name: [message] });
    }
    for (const name of ['Zoë', 'Łukasz', 'Dara Ó Briain', 'Mary-Kate', 'D’Arcy', '慧敏']) {
      const res = await edit(t, auth, { first_name: name });
      expect(res.status, name).toBe(200);
      expect(res.body.first_name).toBe(name);
    }
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it('refuses unknown and server-owned fields (mass assignment) and leaves the row unchanged', async () => {
    const auth = await signedIn(t);
    for (const body of [
      { paye_a1_authorized: true },
      { taxback: 999_999 },
      { pension: 250 },
      { email: 'evil@example.ie' },
      { first_name: 'Ann', password_hash: 'x' },
      { form11: [] },
    ]) {
      const res = await edit(t, auth, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const row = await rawUser(t);
    expect(row.paye_a1_authorized).toBe(false);
    expect(row).not.toHaveProperty('taxback_cents');
    expect(row).not.toHaveProperty('pension_cents');
    expect(row.email).toBe('ann@example.ie');
    expect(row.first_name).toBeNull();
  });

  it('validates types and ranges of the other fields', async () => {
    const auth = await signedIn(t);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ annual_income: -1 }, 'annual_income', m.POSITIVE_AMOUNT],
      [{ annual_income: '50000' }, 'annual_income'],
      [{ annual_income: 10_000_001 }, 'annual_income', m.AMOUNT_MAX],
      [{ paid_pension: null }, 'paid_pension'],
      [{ paid_pension: Number.NaN }, 'paid_pension'],
      [{ marital_status: 'divorced' }, 'marital_status', m.MARITAL_STATUS_INVALID],
      [{ opt_out_paye_auth: 'false' }, 'opt_out_paye_auth', m.BOOLEAN_INVALID],
      [{ date_of_birth: '2015-01-01' }, 'date_of_birth', m.MIN_AGE],
      [{ date_of_birth: '2030-01-01' }, 'date_of_birth', m.DATE_INVALID],
      [{ date_of_birth: '31.12.1990' }, 'date_of_birth'],
      [{ pension_plan_id: 'has spaces!' }, 'pension_plan_id', m.PENSION_PLAN_ID_FORMAT],
      [{ pension_plan_id: 'PLAN-1' }, 'pension_plan_id', m.PENSION_PLAN_ID_FORMAT],
      [{ surname: 42 }, 'surname'],
    ];
    for (const [body, field, message] of cases) {
      const res = await edit(t, auth, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
      if (message) expect(res.body.errors[field]).toEqual([message]);
    }
    for (const body of [null, [], 'first_name=Ann']) {
      expect((await edit(t, auth, body)).status).toBe(422);
    }
  });

  it('stores the pension plan ID as IL- and 8 digits, however it was typed', async () => {
    const auth = await signedIn(t);
    const res = await edit(t, auth, { pension_plan_id: ' il 1234 5678 ' });
    expect(res.status).toBe(200);
    expect(res.body.pension_plan_id).toBe('IL-12345678');
    expect((await rawUser(t)).pension_plan_id).toBe('IL-12345678');
  });

  it('a random hostile body is never a server error and never changes what it may not', async () => {
    const auth = await signedIn(t);
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom('', ' ', '1234567T', 'IL-12345678', '1990-01-01', "'; DROP TABLE users; --", '<img src=x onerror=alert(1)>', '\u0000', 'x'.repeat(10_000), -1, 1e308, true, null),
    );
    const key = fc.constantFrom('first_name', 'surname', 'ppsn', 'date_of_birth', 'pension_plan_id', 'opt_out_paye_auth', 'annual_income', 'paye_a1_authorized', 'email', '__proto__', 'constructor');
    const body = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.dictionary(key, value, { maxKeys: 4 }));
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const res = await edit(t, auth, input);
        expect([200, 413, 422]).toContain(res.status);
        if (res.status !== 200) expect(typeof res.body.message).toBe('string');
      }),
      { seed: 20_261_125, numRuns: 150 },
    );
    const row = await rawUser(t);
    expect(row.email).toBe('ann@example.ie');
    expect(row.paye_a1_authorized).toBe(false);
  });

  it('requires a valid session and refuses a logged-out one', async () => {
    expect((await edit(t, {}, { first_name: 'Ann' })).status).toBe(401);
    const res = await t.request('POST', '/auth/register', { email: 'ann@example.ie', details: DETAILS });
    const auth = { authorization: `Bearer ${res.body.access_token as string}` };
    await t.request('POST', '/auth/logout', { refresh_token: res.body.refresh_token });
    expect((await edit(t, auth, { first_name: 'Ann' })).status).toBe(401);
    expect((await rawUser(t)).first_name).toBeNull();
  });
});

describe(`PPSN encryption at rest (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('keeps no plaintext PPSN in the users table; the same PPSN encrypts differently each time', async () => {
    const ann = await signedIn(t, 'ann@example.ie');
    const bob = await signedIn(t, 'bob@example.ie');
    await edit(t, ann, { ppsn: PPSN });
    await edit(t, bob, { ppsn: PPSN });
    const dump = await rawRows(t, sql`select * from users`);
    // The plan ID (IL-12345678) is not the PPSN but shares its first digits, so it is left out of the search.
    const text = JSON.stringify(dump.map(({ pension_plan_id: _planId, ...row }) => row));
    expect(text).not.toContain(PPSN);
    expect(text).not.toContain(PPSN.slice(0, 7));
    const envelopes = dump.map((row) => String(row.ppsn_encrypted));
    for (const envelope of envelopes) expect(envelope).toMatch(/^v2\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(envelopes[0]).not.toBe(envelopes[1]);
    expect((await t.request('POST', '/profile/ppsn-reveal', { password: PASSWORD }, bob)).body.ppsn).toBe(PPSN);
  });

  it('fails closed on a tampered ciphertext or one moved to another user (500 without details)', async () => {
    const ann = await signedIn(t, 'ann@example.ie');
    const bob = await signedIn(t, 'bob@example.ie');
    await edit(t, ann, { ppsn: PPSN });
    const stolen = (await rawUser(t, 'ann@example.ie')).ppsn_encrypted as string;

    // Moved: Ann's ciphertext copied into Bob's row does not decrypt (bound to the row by AAD).
    await t.database.db.update(users).set({ ppsnEncrypted: stolen }).where(eq(users.email, 'bob@example.ie'));
    const moved = await t.request('GET', '/profile', undefined, bob);
    expect(moved.status).toBe(500);
    expect(JSON.stringify(moved.body)).not.toContain(PPSN);

    // Tampered: one character of the ciphertext flipped. Not the last one: a final base64
    // character may carry padding bits only, and changing those leaves the bytes as they were.
    let at = Math.floor(stolen.length / 2);
    while (stolen[at] === '.') at += 1;
    const flipped = stolen[at] === 'A' ? 'B' : 'A';
    await t.database.db.update(users).set({ ppsnEncrypted: stolen.slice(0, at) + flipped + stolen.slice(at + 1) }).where(eq(users.email, 'ann@example.ie'));
    const tampered = await t.request('GET', '/profile', undefined, ann);
    expect(tampered.status).toBe(500);
    expect(Object.keys(tampered.body).sort()).toEqual(['message', 'requestId']);
    expect(JSON.stringify(t.log.lines)).not.toContain(PPSN);
  });

  it('crypto: round trip; wrong key, wrong associated data and every flipped part throw DecryptionError', () => {
    const key = createKeyring([['k1', Buffer.alloc(32, 1)]]);
    const envelope = encryptField(key, PPSN, 'users.ppsn:1');
    expect(decryptField(key, envelope, 'users.ppsn:1')).toBe(PPSN);
    expect(() => decryptField(createKeyring([['k1', Buffer.alloc(32, 2)]]), envelope, 'users.ppsn:1')).toThrow(DecryptionError);
    expect(() => decryptField(key, envelope, 'users.ppsn:2')).toThrow(DecryptionError);
    const parts = envelope.split('.');
    for (let i = 1; i < parts.length; i++) {
      const copy = [...parts];
      const part = copy[i]!;
      copy[i] = (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
      expect(() => decryptField(key, copy.join('.'), 'users.ppsn:1'), `part ${i}`).toThrow(DecryptionError);
    }
    expect(() => decryptField(key, 'v2.a.b.c')).toThrow(DecryptionError);
    expect(() => decryptField(key, 'v3.k1.a.b.c')).toThrow(DecryptionError);
    expect(() => decryptField(key, 'garbage')).toThrow(DecryptionError);
    expect(() => createKeyring([['k1', Buffer.alloc(16)]])).toThrow();
  });
});
