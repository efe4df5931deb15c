/**
 * The account calls of /settings (both databases): POST /paye-opt-out, GET /export,
 * GET /account/retention and POST /account/close, and the purge of kept records.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { runOps } from '../../scripts/ops.ts';
import { formatDisplayDate } from '../../src/domain/dates.ts';
import { RetentionPlanSchema } from '../../src/domain/schemas/account.ts';
import { ppsnCheckCharacter } from '../../src/domain/schemas/fields.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { UserSchema } from '../../src/domain/schemas/user.ts';
import { auditLog, contributions, directDebitMandates, payeAuthorisations, users } from '../../src/server/db/schema.ts';
import { PASSWORD_INCORRECT, PASSWORD_NOT_SET } from '../../src/server/http/schemas.ts';
import { CLOSE_POLICIES, EXPORT_FORMAT, SECRET_COLUMN, userTables } from '../../src/server/services/userData.ts';
import { type TestApp, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const DETAILS = { dob: '1980-05-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;
const PASSWORD = 'correct horse battery staple';
const PPSN = `1234567${ppsnCheckCharacter('1234567')}`;

async function lastLinkToken(t: TestApp): Promise<string> {
  await t.services.mailer.flush();
  const token = t.mail.messages.map((message) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.body)?.[1]).filter(Boolean).at(-1);
  if (!token) throw new Error('no link was mailed');
  return token;
}

/** Registers, sets the password through the mailed link, signs in; the bearer header. */
async function signedUp(t: TestApp, email = 'ann@example.ie', password = PASSWORD) {
  expect((await t.request('POST', '/auth/register', { email, details: DETAILS })).status).toBe(201);
  const token = await lastLinkToken(t);
  expect((await t.request('POST', '/reset-password', { token, password, password_confirmation: password })).status).toBe(200);
  const login = await t.request('POST', '/auth/login', { email, password });
  expect(login.status).toBe(200);
  return { authorization: `Bearer ${login.body.access_token as string}` };
}

/** A claim for each year, with one category each. */
async function claims(t: TestApp, email: string, years: number[]) {
  const user = await t.services.users.findByEmail(email);
  // Claims are made under a signed PAYE authorisation in force.
  await t.database.db.update(users).set({ payeA1Authorized: true, payeA1LapsesAt: new Date('2029-01-15T10:00:00Z') }).where(eq(users.id, user!.id));
  for (const year of years) {
    await t.services.form11Entries.submitCategories(user!.id, year, { 'rent-tax-credit': { data: { rentPaid: 9000 + year }, refundCents: 50_000 } });
  }
  return user!;
}

describe(`POST /paye-opt-out (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('opts out and back in, answering the updated user', async () => {
    const auth = await signedUp(t);
    const out = await t.request('POST', '/paye-opt-out', { opt_out_paye_auth: true }, auth);
    expect(out.status).toBe(200);
    expect(v.safeParse(UserSchema, out.body).success).toBe(true);
    expect(out.body.opt_out_paye_auth).toBe(true);
    expect((await t.request('GET', '/profile', undefined, auth)).body.opt_out_paye_auth).toBe(true);
    const back = await t.request('POST', '/paye-opt-out', { opt_out_paye_auth: false }, auth);
    expect(back.body.opt_out_paye_auth).toBe(false);
  });

  it('pauses refund processing: an opted-out user’s claim cannot be approved until re-enabled', async () => {
    const auth = await signedUp(t);
    await claims(t, 'ann@example.ie', [2024]);
    const claim = (await t.request('GET', '/profile', undefined, auth)).body.form11[0];
    await t.request('POST', '/paye-opt-out', { opt_out_paye_auth: true }, auth);
    const err: string[] = [];
    const refused = await runOps(['claims', 'approve', claim.id], { services: t.services, out: () => {}, err: (line) => err.push(line) });
    expect(refused).toBe(1);
    expect(err.join('\n')).toContain('opted out of PAYE authorisation');
    expect((await t.request('GET', '/profile', undefined, auth)).body.form11[0].status).toBe('pending');
    await t.request('POST', '/paye-opt-out', { opt_out_paye_auth: false }, auth);
    expect(await runOps(['claims', 'approve', claim.id], { services: t.services, out: () => {}, err: () => {} })).toBe(0);
    expect((await t.request('GET', '/profile', undefined, auth)).body.form11[0].status).toBe('approved');
  });

  it('refuses anything but the one boolean, and a missing session', async () => {
    const auth = await signedUp(t);
    for (const body of [{}, { opt_out_paye_auth: 'true' }, { opt_out_paye_auth: 1 }, { opt_out_paye_auth: true, paye_a1_authorized: true }, null, []]) {
      const res = await t.request('POST', '/paye-opt-out', body, auth);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.request('POST', '/paye-opt-out', { opt_out_paye_auth: 'x' }, auth)).body.errors).toEqual({ opt_out_paye_auth: [m.BOOLEAN_INVALID] });
    expect((await t.request('POST', '/paye-opt-out', { opt_out_paye_auth: true })).status).toBe(401);
    const [row] = await queryRows<{ paye_a1_authorized: boolean; opt_out_paye_auth: boolean }>(t.database, sql`select paye_a1_authorized, opt_out_paye_auth from users`);
    expect(row).toEqual({ paye_a1_authorized: false, opt_out_paye_auth: false });
  });
});

describe(`GET /export (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('every table with a user_id column in the database is exported and has a closing policy', async () => {
    const rows = await queryRows<{ table_name: string }>(
      t.database,
      sql`select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    );
    const inDatabase = rows.map((row) => row.table_name);
    expect(inDatabase.length).toBeGreaterThan(0);
    expect(userTables().map((table) => table.name)).toEqual(inDatabase);
    // A new table needs a decision: erased at closing, or kept with its legal reason and date.
    expect(Object.keys(CLOSE_POLICIES).sort()).toEqual(inDatabase);

    const auth = await signedUp(t);
    const res = await t.request('GET', '/export', undefined, auth);
    expect(Object.keys(res.body.tables).sort()).toEqual(['users', ...inDatabase].sort());
  });

  it('downloads one JSON file with the profile, every table’s rows and the mail sent, and no secret', async () => {
    const auth = await signedUp(t);
    await t.request('POST', '/edit-profile', { first_name: 'Ann', surname: 'Byrne', ppsn: PPSN }, auth);
    await claims(t, 'ann@example.ie', [2023, 2024]);
    const res = await t.request('GET', '/export', undefined, auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="maxout-data-2026-01-15.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.format).toBe(EXPORT_FORMAT);
    // The profile is what the app shows, except that the PPSN is in full: it is the user's own.
    expect(res.body.profile).toEqual({ ...(await t.request('GET', '/profile', undefined, auth)).body, ppsn: PPSN });
    // The clear PPSN leaving in the file is recorded like a reveal: who and when, never the value.
    expect(res.body.tables.audit_log.map((row: { action: string }) => row.action)).toEqual(['ppsn.exported']);
    expect(res.body.tables.users[0]).toMatchObject({ email: 'ann@example.ie', first_name: 'Ann', surname: 'Byrne', date_of_birth: '1980-05-01' });
    expect(res.body.tables.form11_entries.map((row: { year: number }) => row.year).sort()).toEqual([2023, 2024]);
    expect(res.body.tables.form11_entries[0]).toHaveProperty('snapshot');
    expect(res.body.tables.session_families.length).toBeGreaterThanOrEqual(2);
    expect(res.body.tables.password_tokens[0]).toMatchObject({ purpose: 'set' });
    expect(res.body.mail.map((mail: { subject: string }) => mail.subject).length).toBeGreaterThan(0);

    // No column named like a secret, and no stored secret value anywhere in the file.
    const text = JSON.stringify(res.body);
    for (const rows of Object.values(res.body.tables) as Record<string, unknown>[][]) {
      for (const row of rows) for (const column of Object.keys(row)) expect(SECRET_COLUMN.test(column), column).toBe(false);
    }
    const secrets = await queryRows<{ value: string }>(
      t.database,
      sql`select password_hash as value from users where password_hash is not null
          union all select ppsn_encrypted from users where ppsn_encrypted is not null
          union all select token_hash from password_tokens
          union all select token_hash from refresh_tokens`,
    );
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const { value } of secrets) expect(text).not.toContain(value);
    const mail = await queryRows<{ body: string }>(t.database, sql`select body from mail_outbox`);
    for (const { body } of mail) expect(text).not.toContain(body);
  });

  it('holds only the signed-in user’s data', async () => {
    const ann = await signedUp(t, 'ann@example.ie');
    await signedUp(t, 'bob@example.ie');
    await claims(t, 'bob@example.ie', [2024]);
    const res = await t.request('GET', '/export', undefined, ann);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('bob@example.ie');
    expect(res.body.tables.form11_entries).toEqual([]);
    expect((await t.request('GET', '/export')).status).toBe(401);
  });
});

describe(`POST /account/close (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('says beforehand what is erased and what is kept until when', async () => {
    const auth = await signedUp(t);
    await claims(t, 'ann@example.ie', [2022, 2024]);
    const res = await t.request('GET', '/account/retention', undefined, auth);
    expect(res.status).toBe(200);
    const plan = v.parse(RetentionPlanSchema, res.body);
    expect(plan.kept.map((k) => [k.what.slice(0, 30), k.until])).toEqual([
      ['Your Form 11 claim for 2022: w', '2028-12-31'],
      ['Your Form 11 claim for 2024: w', '2030-12-31'],
      ['Your name, PPSN, date of birth', '2030-12-31'],
    ]);
    expect(plan.keptUntil).toBe('2030-12-31');
    expect(plan.erased).toContain('Your email address, password and sign-in');
  });

  it('needs the right password: wrong or missing is a 422 on the field, and nothing changes', async () => {
    const auth = await signedUp(t);
    const wrong = await t.request('POST', '/account/close', { password: 'not it' }, auth);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ password: [PASSWORD_INCORRECT] });
    expect((await t.request('POST', '/account/close', {}, auth)).body.errors).toEqual({ password: [m.PASSWORD_REQUIRED] });
    expect((await t.request('POST', '/account/close', { password: PASSWORD, erase: 'all' }, auth)).status).toBe(422);
    expect((await t.request('GET', '/profile', undefined, auth)).status).toBe(200);
    // Without a password set from the mailed link there is nothing to confirm with.
    const bob = await t.request('POST', '/auth/register', { email: 'bob@example.ie', details: DETAILS });
    const noPassword = await t.request('POST', '/account/close', { password: 'anything' }, { authorization: `Bearer ${bob.body.access_token as string}` });
    expect(noPassword.body.errors).toEqual({ password: [PASSWORD_NOT_SET] });
  });

  it('counts wrong passwords with the account’s other password checks, so it cannot be used to guess', async () => {
    const auth = await signedUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.request('POST', '/account/close', { password: `guess ${i}` }, auth)).status);
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The right password is refused too until the window ends: the limit does not depend on the guess.
    expect((await t.request('POST', '/account/close', { password: PASSWORD }, auth)).status).toBe(429);
    expect((await t.request('GET', '/profile', undefined, auth)).status).toBe(200);
  });

  it('erases personal data, keeps the claims until their date, ends every session; sign-in fails and the address is free again', async () => {
    const auth = await signedUp(t);
    await t.request('POST', '/edit-profile', { first_name: 'Ann', surname: 'Byrne', ppsn: PPSN, annual_income: 60_000, pension_plan_id: 'IL-12345678' }, auth);
    const user = await claims(t, 'ann@example.ie', [2022, 2025]);
    const res = await t.request('POST', '/account/close', { password: PASSWORD }, auth);
    expect(res.status).toBe(200);
    expect(res.body.keptUntil).toBe('2031-12-31');

    expect((await t.request('GET', '/profile', undefined, auth)).status).toBe(401);
    expect((await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: PASSWORD })).status).toBe(401);
    const counts = await t.services.userData.countRows(user.id);
    expect(counts).toMatchObject({ session_families: 0, password_tokens: 0, form11_entries: 2 });
    const [row] = await queryRows<Record<string, unknown>>(t.database, sql`select * from users where id = ${user.id}`);
    expect(row).toMatchObject({
      email: `closed-${user.id}@closed.invalid`,
      password_hash: null,
      pension_plan_id: null,
      annual_income_cents: null,
      first_name: 'Ann',
      paye_a1_authorized: false,
    });
    expect(row!.closed_at).not.toBeNull();
    expect(String(row!.retain_until)).toContain('2031-12-31');
    expect(await queryRows(t.database, sql`select 1 from mail_outbox where recipient = 'ann@example.ie'`)).toEqual([]);

    // The address can be used for a new account.
    expect((await t.request('POST', '/auth/register', { email: 'ann@example.ie', details: DETAILS })).status).toBe(201);
  });

  it('keeps the PAYE authorisation, contributions, mandate and audit records each until its own date, and stops the mandate', async () => {
    const auth = await signedUp(t);
    const user = (await t.services.users.findByEmail('ann@example.ie'))!;
    const db = t.database.db;
    await db.insert(contributions).values({ userId: user.id, amountCents: 50_000, taxYear: 2025, kind: 'one_off', sourceLabel: 'Sandbox debit card', status: 'succeeded', idempotencyKey: 'key-00000001', requestHash: 'h' });
    await db.insert(directDebitMandates).values({ userId: user.id, reference: 'MX-1', ibanEncrypted: 'v1.secret-iban', ibanMasked: 'IE29 •••• 5678', amountCents: 10_000, dayOfMonth: 5, startDate: '2025-02-01', acceptedAt: new Date('2025-01-20T10:00:00Z') });
    await db.insert(payeAuthorisations).values({
      userId: user.id, firstName: 'Ann', surname: 'Byrne', ppsnEncrypted: 'v1.secret-ppsn', dateOfBirth: '1980-05-01', email: 'ann@example.ie', documentHolder: 'self',
      signatureEncrypted: 'v1.secret-signature', taxAgencyName: 'MaxOut', tain: '12345T', agentAddress: 'Dublin', agentSignatory: 'Agent',
      signedAt: new Date('2025-03-01T10:00:00Z'), lapsesAt: new Date('2029-03-01T10:00:00Z'), retainUntil: new Date('2035-12-31T00:00:00Z'),
    });
    await db.insert(auditLog).values({ userId: user.id, action: 'ppsn.revealed', at: new Date('2026-01-10T10:00:00Z') });
    const [contribution] = await db.select().from(contributions);

    const exported = await t.request('GET', '/export', undefined, auth);
    expect(exported.body.tables.contributions).toHaveLength(1);
    expect(exported.body.tables.direct_debit_mandates[0]).toMatchObject({ reference: 'MX-1', iban_masked: 'IE29 •••• 5678' });
    expect(exported.body.tables.paye_authorisations[0]).toMatchObject({ first_name: 'Ann', tain: '12345T' });
    expect(JSON.stringify(exported.body)).not.toMatch(/secret-(iban|ppsn|signature)/);

    const plan = (await t.request('GET', '/account/retention', undefined, auth)).body as { kept: { what: string; until: string }[] };
    const until = (what: string) => plan.kept.find((k) => k.what.startsWith(what))?.until;
    // In words a user reads: the amount and day tell payments apart, an audit record says what it recorded.
    expect(plan.kept.map((k) => k.what)).toContain(`A pension contribution of €500.00 on ${formatDisplayDate(contribution!.createdAt)}, for tax year 2025`);
    expect(until('A pension contribution of €500.00 on')).toBe('2031-12-31');
    expect(until('Your direct debit mandate MX-1')).toBe('2032-12-31');
    expect(until('Your signed PAYE authorisation (PAYE A1) of 01.03.2025')).toBe('2032-12-31');
    expect(until('A record that your PPSN was shown to you, on 10.01.2026')).toBe('2032-12-31');
    expect(JSON.stringify(plan)).not.toMatch(/ppsn\.|paye_authorisation\./);

    expect((await t.request('POST', '/account/close', { password: PASSWORD }, auth)).status).toBe(200);
    const [mandate] = await db.select().from(directDebitMandates);
    expect(mandate!.cancelledAt).not.toBeNull();
    expect(await t.services.userData.countRows(user.id)).toMatchObject({ contributions: 1, direct_debit_mandates: 1, paye_authorisations: 1, audit_log: 1 });
    t.clock.set('2033-01-01T12:00:00Z');
    await t.services.housekeeping();
    expect(await t.services.users.findById(user.id)).toBeUndefined();
    expect(await queryRows(t.database, sql`select 1 from paye_authorisations union all select 1 from contributions union all select 1 from direct_debit_mandates`)).toEqual([]);
  });

  it('keeps nothing for an account without records: the user row goes at once', async () => {
    const auth = await signedUp(t);
    const user = await t.services.users.findByEmail('ann@example.ie');
    const res = await t.request('POST', '/account/close', { password: PASSWORD }, auth);
    expect(res.body).toMatchObject({ kept: [], keptUntil: null });
    expect(await t.services.users.findById(user!.id)).toBeUndefined();
    expect(await queryRows(t.database, sql`select 1 from session_families`)).toEqual([]);
  });

  it('housekeeping deletes each kept record after its day, then the identity with the last one', async () => {
    const auth = await signedUp(t);
    const user = await claims(t, 'ann@example.ie', [2022, 2024]);
    await t.request('POST', '/account/close', { password: PASSWORD }, auth);
    t.clock.set('2029-01-02T12:00:00Z');
    await t.services.housekeeping();
    expect((await t.services.userData.countRows(user.id)).form11_entries).toBe(1);
    expect((await t.services.users.findById(user.id))?.retainUntil).toBe('2030-12-31');
    t.clock.set('2030-12-31T12:00:00Z');
    await t.services.housekeeping();
    expect((await t.services.userData.countRows(user.id)).form11_entries).toBe(1);
    t.clock.set('2031-01-01T12:00:00Z');
    await t.services.housekeeping();
    expect(await t.services.users.findById(user.id)).toBeUndefined();
    expect(await queryRows(t.database, sql`select 1 from form11_entries`)).toEqual([]);
  });

  it('a random hostile body to any account call is never a server error', async () => {
    const auth = await signedUp(t);
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom('', 'x'.repeat(10_000), "'; DROP TABLE users; --", '\u0000', '__proto__', true, false, -1, 1e308, null),
    );
    const key = fc.constantFrom('opt_out_paye_auth', 'password', 'paye_a1_authorized', '__proto__', 'constructor', 'email');
    const body = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.dictionary(key, value, { maxKeys: 3 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/paye-opt-out', '/account/close'), body, async (path, input) => {
        const res = await t.request('POST', path, input, auth);
        expect([200, 413, 422, 429]).toContain(res.status);
        if (res.status !== 200) expect(typeof res.body.message).toBe('string');
      }),
      { seed: 20_261_125, numRuns: 120 },
    );
    // The password was never among the inputs: the account is still open.
    expect((await t.request('GET', '/profile', undefined, auth)).status).toBe(200);
  });
});
