/**
 * The operator command `npm run ops -- claims …` (scripts/ops.ts): the command function on both
 * databases with the app's own services, and the real script in a child process against a
 * temporary DATA_DIR (PGlite only).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import { UserSchema } from '../../src/domain/schemas/user.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { payeAuthorisations, users } from '../../src/server/db/schema.ts';
import { USAGE, runOps } from '../../scripts/ops.ts';
import { type TestApp, createTestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const DETAILS = { dob: '1990-05-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;
const EMAIL = 'claimant@example.ie';
const LANDLORD = 'Harbour Lettings Ltd';

/**
 * A user (no income recorded, so each figure is the most it could be) with a 2024 claim of two
 * credits (€1,000 and €100.50) and a 2023 claim of one income (€14,000 at 20%: €2,800 due). The
 * figures are worked out from what was entered, so the data is what the forms take.
 */
async function claimant(t: TestApp) {
  const res = await t.request('POST', '/auth/register', { email: EMAIL, details: DETAILS });
  expect(res.status).toBe(201);
  const auth = { authorization: `Bearer ${res.body.access_token as string}` };
  const userId = (await t.services.users.findByEmail(EMAIL))!.id;
  // Claims are made under a signed PAYE authorisation in force (paye.test.ts signs one for real).
  await t.database.db.update(users).set({ payeA1Authorized: true, payeA1LapsesAt: new Date('2029-01-15T10:00:00Z') }).where(eq(users.id, userId));
  const claim = await t.services.form11Entries.submitCategories(userId, 2024, {
    'rent-tax-credit': { data: { ...form11Sample('rent-tax-credit'), landlordName: LANDLORD, rentPaid: 14_400 }, refundCents: 100_000 },
    'health-expenses': { data: { doctorsAndConsultants: 502.5 }, refundCents: 10_050 },
  });
  const older = await t.services.form11Entries.submitCategories(userId, 2023, { 'rental-income': { data: form11Sample('rental-income'), refundCents: -280_000 } });
  return { auth, claimId: claim.id, olderId: older.id };
}

/** Runs a command line against the test app's services, keeping what it prints. */
async function ops(t: TestApp, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { services: t.services, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function profile(t: TestApp, auth: Record<string, string>) {
  const res = await t.request('GET', '/profile', undefined, auth);
  expect(res.status).toBe(200);
  return v.parse(UserSchema, res.body);
}

describe(`npm run ops -- claims (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('approve <id> <category>: the profile shows the category approved and the approved total', async () => {
    const { auth, claimId } = await claimant(t);
    const taxbackBefore = (await profile(t, auth)).taxback;

    const approved = await ops(t, 'claims', 'approve', claimId, 'rent-tax-credit');
    expect(approved).toMatchObject({ code: 0, err: '' });
    expect(approved.out).toContain('rent-tax-credit: pending → approved');
    expect(approved.out).toContain(`Claim ${claimId} (2024): pending, estimated refund €1,100.50, approved refund €1,000.00`);
    expect(approved.out).toContain('Approved refund €0.00 → €1,000.00');

    const user = await profile(t, auth);
    expect(user.form11[0]).toMatchObject({
      id: claimId,
      status: 'pending',
      categoryStatuses: { 'rent-tax-credit': 'approved', 'health-expenses': 'pending' },
      totalApprovedRefund: 1000,
    });
    // The taxback field is the pension relief, not the claims.
    expect(user.taxback).toBe(taxbackBefore);
  });

  it('approve, reject and pending <id> decide every category of the claim', async () => {
    const { auth, claimId, olderId } = await claimant(t);
    expect((await ops(t, 'claims', 'approve', claimId)).code).toBe(0);
    expect((await profile(t, auth)).form11[0]).toMatchObject({ status: 'approved', totalApprovedRefund: 1100.5 });

    const rejected = await ops(t, 'claims', 'reject', claimId);
    expect(rejected.out).toContain('health-expenses: approved → rejected');
    expect(rejected.out).toContain('Approved refund €1,100.50 → €0.00');
    expect((await profile(t, auth)).form11[0]).toMatchObject({ status: 'rejected', totalApprovedRefund: 0 });

    expect((await ops(t, 'claims', 'pending', claimId, 'health-expenses')).code).toBe(0);
    expect((await profile(t, auth)).form11[0]).toMatchObject({ status: 'pending', categoryStatuses: { 'rent-tax-credit': 'rejected', 'health-expenses': 'pending' } });

    // Tax due on declared income counts against the approved total.
    expect((await ops(t, 'claims', 'approve', olderId)).out).toContain('Approved refund €0.00 → -€2,800.00');
    expect((await profile(t, auth)).form11[1]).toMatchObject({ year: 2023, status: 'approved', totalApprovedRefund: -2800 });
  });

  it('refuses unknown claims and categories with exit code 1 and changes nothing', async () => {
    const { auth, claimId } = await claimant(t);
    const before = await profile(t, auth);
    expect(await ops(t, 'claims', 'approve', '00000000-0000-4000-8000-000000000000')).toEqual({
      code: 1,
      out: '',
      err: 'No claim with id 00000000-0000-4000-8000-000000000000.',
    });
    // Not a UUID: refused before the database sees it (PostgreSQL would reject the cast).
    expect(await ops(t, 'claims', 'approve', 'claim-7')).toMatchObject({ code: 1, err: 'No claim with id claim-7.' });
    expect(await ops(t, 'claims', 'approve', claimId, 'yacht-relief')).toEqual({
      code: 1,
      out: '',
      err: "Unknown category yacht-relief; the claim's categories: health-expenses, rent-tax-credit.",
    });
    expect(await ops(t, 'claims', 'reject', claimId, 'tuition-fees')).toMatchObject({
      code: 1,
      err: `Claim ${claimId} has no category tuition-fees; the claim's categories: health-expenses, rent-tax-credit.`,
    });
    expect(await profile(t, auth)).toEqual(before);
  });

  it.each([[[]], [['claims']], [['claims', 'approve']], [['claims', 'approve', 'id', 'rent-tax-credit', 'more']], [['claims', 'delete', 'id']], [['claims', 'list']], [['claims', 'list', 'a@b.ie', 'x']], [['users', 'list', 'a@b.ie']], [['claims', 'approve', 'id', '--force']]])(
    'prints the usage and exits 2 for %j',
    async (argv) => {
      expect(await ops(t, ...argv)).toEqual({ code: 2, out: '', err: USAGE });
    },
  );

  it('refuses to approve under a PAYE authorisation that lapsed, or none at all', async () => {
    const { claimId } = await claimant(t);
    const userId = (await t.services.users.findByEmail(EMAIL))!.id;
    await t.database.db.update(users).set({ payeA1LapsesAt: new Date('2026-01-01T00:00:00Z') }).where(eq(users.id, userId));
    const lapsed = await ops(t, 'claims', 'approve', claimId);
    expect(lapsed.code).toBe(1);
    expect(lapsed.err).toContain('lapsed on 2026-01-01');
    await t.database.db.update(users).set({ payeA1Authorized: false, payeA1LapsesAt: null }).where(eq(users.id, userId));
    expect((await ops(t, 'claims', 'approve', claimId)).err).toContain('no PAYE authorisation in force');
    expect((await t.services.form11Entries.findById(claimId))?.categoryStatus).toEqual({ 'rent-tax-credit': 'pending', 'health-expenses': 'pending' });
    // Rejecting stays possible: it acts on nobody's behalf.
    expect((await ops(t, 'claims', 'reject', claimId)).code).toBe(0);
  });

  it('hold on|off <email>: evidence past its retention stays under a legal hold, and goes once it is lifted (G4)', async () => {
    await claimant(t);
    const userId = (await t.services.users.findByEmail(EMAIL))!.id;
    await t.database.db.insert(payeAuthorisations).values({
      userId, firstName: 'Ann', surname: 'Byrne', ppsnEncrypted: 'v1.x', dateOfBirth: '1990-05-01', email: EMAIL, documentHolder: 'self',
      signatureEncrypted: 'v1.y', taxAgencyName: 'MaxOut', tain: 'DEV0001', agentAddress: 'Dublin', agentSignatory: 'Agent',
      signedAt: new Date('2019-03-01T10:00:00Z'), lapsesAt: new Date('2023-03-01T10:00:00Z'), retainUntil: new Date('2025-12-31T00:00:00Z'), supersededAt: new Date('2020-01-01T00:00:00Z'),
    });
    expect(await ops(t, 'hold', 'on', EMAIL)).toMatchObject({ code: 0, out: expect.stringContaining('Legal hold on') });
    await t.services.housekeeping();
    expect(await t.database.db.select().from(payeAuthorisations)).toHaveLength(1);
    expect((await ops(t, 'hold', 'off', EMAIL)).code).toBe(0);
    await t.services.housekeeping();
    expect(await t.database.db.select().from(payeAuthorisations)).toHaveLength(0);
    expect((await ops(t, 'hold', 'on', 'nobody@example.ie')).code).toBe(1);
    expect((await ops(t, 'hold', 'maybe', EMAIL)).code).toBe(2);
  });

  it('list <email>: each claim with its id, year, statuses and amounts, and nothing the user entered', async () => {
    const { claimId, olderId } = await claimant(t);
    await ops(t, 'claims', 'approve', claimId, 'rent-tax-credit');
    const listed = await ops(t, 'claims', 'list', ` ${EMAIL.toUpperCase()} `);
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')).toEqual([
      `Claim ${claimId} (2024): pending, estimated refund €1,100.50, approved refund €1,000.00`,
      expect.stringMatching(/^ {2}health-expenses +pending +€100\.50$/),
      expect.stringMatching(/^ {2}rent-tax-credit +approved +€1,000\.00$/),
      `Claim ${olderId} (2023): pending, estimated refund -€2,800.00, approved refund €0.00`,
      expect.stringMatching(/^ {2}rental-income +pending +-€2,800\.00$/),
    ]);
    expect(listed.out).not.toContain(EMAIL);
    expect(listed.out).not.toContain(LANDLORD);

    expect(await ops(t, 'claims', 'list', 'nobody@example.ie')).toEqual({ code: 1, out: '', err: 'No account with that email.' });
    await t.request('POST', '/auth/register', { email: 'new@example.ie', details: DETAILS });
    expect(await ops(t, 'claims', 'list', 'new@example.ie')).toEqual({ code: 0, out: 'No claims.', err: '' });
  });
});

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

describe.skipIf(testDatabaseKind() !== 'pglite')('the ops script in a child process (pglite)', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-ops-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const script = (...argv: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...argv], {
      cwd: root,
      env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('opens the server’s DATA_DIR, approves a claim, and refuses while the database is open elsewhere', { timeout: 120_000 }, async () => {
    expect(await script('claims', 'approve', '00000000-0000-4000-8000-000000000000')).toMatchObject({ code: 1, stderr: expect.stringContaining('No database in') });

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const t = await createTestApp({ database });
    const { claimId } = await claimant(t);
    // The server (here: this process) holds the database: the script must not open it too.
    expect(await script('claims', 'approve', claimId)).toMatchObject({ code: 1, stderr: expect.stringContaining('open in another process') });
    await database.close();

    const approved = await script('claims', 'approve', claimId, 'rent-tax-credit');
    expect(approved).toMatchObject({ code: 0, stderr: '' });
    expect(approved.stdout).toContain('rent-tax-credit: pending → approved');
    expect(existsSync(path.join(dataDir, 'pglite', 'postmaster.pid')), 'the script closes the database').toBe(false);

    const reopened = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const again = await createTestApp({ database: reopened });
      expect((await again.services.form11Entries.findById(claimId))?.categoryStatus).toEqual({ 'rent-tax-credit': 'approved', 'health-expenses': 'pending' });
    } finally {
      await reopened.close();
    }
  });
});
