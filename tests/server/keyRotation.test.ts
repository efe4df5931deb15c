/**
 * Encryption keys carry a key id so they can rotate (both databases): envelopes name their key,
 * envelopes from before key ids still decrypt, `npm run ops -- reencrypt` moves every encrypted
 * column to the current key (in batches, idempotent), a value naming a key the server lacks is a
 * clear server error logged without secrets, and the keyring's configuration (environment or the
 * embedded default's file, 0600) is validated at boot.
 */
import { execFile } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, getTableColumns, is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { runOps } from '../../scripts/ops.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import * as schema from '../../src/server/db/schema.ts';
import { users } from '../../src/server/db/schema.ts';
import { DecryptionError, type Keyring, UnknownKeyError, createKeyring, decryptField, encryptField } from '../../src/server/services/crypto.ts';
import { scrubText } from '../../src/server/services/logRedaction.ts';
import { ENCRYPTED_COLUMNS } from '../../src/server/services/reencryption.ts';
import { loadSecrets, parseKeyring, retireFileKeys, rotateFileKeyring } from '../../src/server/services/secrets.ts';
import { ppsnAad } from '../../src/server/services/users.ts';
import { pngDataUrl } from '../support/png.ts';
import { linkSandbox } from '../support/sandboxBank.ts';
import { type TestApp, createTestApp, markEmailVerified, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';
import { PASSWORD, givePassword } from '../support/accounts.ts';

const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);
const OLD_RING = createKeyring([['k1', OLD_KEY]]);
/** After rotation: k2 encrypts, k1 is kept for decrypting until reencrypt has run. */
const ROTATED_RING = createKeyring([
  ['k2', NEW_KEY],
  ['k1', OLD_KEY],
]);
const NEW_ONLY_RING = createKeyring([['k2', NEW_KEY]]);

const PPSN = '1234567T';
const IBAN = 'IE29AIBK93115212345678';
const DETAILS = { dob: '1983-06-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;

/** An envelope as the server wrote them before key ids: `v1.<iv>.<tag>.<ciphertext>`. */
function legacyEnvelope(key: Uint8Array, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** A verified user with a PPSN, a signed PAYE authorisation, a direct debit and a two-step secret: every encrypted column. */
async function userWithEverything(t: TestApp, email: string) {
  const res = await t.request('POST', '/auth/register', { email, details: DETAILS });
  expect(res.status).toBe(201);
  await markEmailVerified(t.database, email);
  await givePassword(t, email);
  const auth = { authorization: `Bearer ${res.body.access_token as string}` };
  expect((await t.request('POST', '/edit-profile', { ppsn: PPSN }, auth)).status).toBe(200);
  const signed = await t.request(
    'POST',
    '/paye-authorization',
    {
      authorized: true,
      authorized_at: '2026-01-15T10:00:00.000Z',
      form_data: {
        firstName: 'Siobhán',
        lastName: "O'Brien",
        ppsn: PPSN,
        dateOfBirth: '1983-06-01',
        emailAddress: email,
        documentHolder: 'self',
        clientSignature: pngDataUrl(),
        clientSignatureDate: '2026-01-15',
        ...t.services.payeAuthorisations.agent,
        agentSignatureDate: '2026-01-15',
      },
    },
    auth,
  );
  expect(signed.status).toBe(200);
  // A new account for a mandate asks for the password again first.
  expect((await t.request('POST', '/security/step-up', { password: PASSWORD }, auth)).status).toBe(200);
  const mandate = await t.request('POST', '/direct-debit', { iban: IBAN, amount: 100, day_of_month: 1, start_date: '2026-02-01', mandate_accepted: true }, auth);
  expect(mandate.status).toBe(200);
  const userId = (await t.services.users.findByEmail(email))!.id;
  const setup = await t.services.twoFactor.beginSetup(userId, email);
  const linked = await linkSandbox(t, auth, { accounts: [0] });
  expect(linked.status).toBe(200);
  return { auth, userId, totpSecret: setup!.secret, bankAccountId: linked.body.accounts[0].id as string };
}

/** Every encrypted value in the database, by column and row id. */
async function envelopes(t: TestApp): Promise<{ column: string; id: string; value: string }[]> {
  const all: { column: string; id: string; value: string }[] = [];
  for (const column of ENCRYPTED_COLUMNS) {
    const rows = (await t.database.db.select({ id: column.id, value: column.value }).from(column.table)) as { id: string; value: string | null }[];
    for (const row of rows) if (row.value !== null) all.push({ column: column.name, id: row.id, value: row.value });
  }
  return all.sort((a, b) => `${a.column}/${a.id}`.localeCompare(`${b.column}/${b.id}`));
}

async function ops(t: TestApp, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { services: t.services, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('key-id envelopes', () => {
  it('name their key; an envelope from before key ids decrypts under any ring that holds its key', () => {
    const envelope = encryptField(ROTATED_RING, PPSN, 'users.ppsn:1');
    expect(envelope.split('.').slice(0, 2)).toEqual(['v2', 'k2']);
    expect(decryptField(NEW_ONLY_RING, envelope, 'users.ppsn:1')).toBe(PPSN);
    expect(() => decryptField(OLD_RING, envelope, 'users.ppsn:1')).toThrow(UnknownKeyError);

    const legacy = legacyEnvelope(OLD_KEY, PPSN, 'users.ppsn:1');
    expect(decryptField(OLD_RING, legacy, 'users.ppsn:1')).toBe(PPSN);
    expect(decryptField(ROTATED_RING, legacy, 'users.ppsn:1')).toBe(PPSN);
    // Row binding is kept for both kinds.
    expect(() => decryptField(ROTATED_RING, legacy, 'users.ppsn:2')).toThrow(DecryptionError);
    expect(() => decryptField(NEW_ONLY_RING, legacy, 'users.ppsn:1')).toThrow(DecryptionError);
  });

  it('a tampered key id fails: unknown id → UnknownKeyError naming it; another held key → DecryptionError', () => {
    const envelope = encryptField(ROTATED_RING, PPSN, 'aad');
    const [, , ...rest] = envelope.split('.');
    expect(() => decryptField(ROTATED_RING, ['v2', 'k9', ...rest].join('.'), 'aad')).toThrow(/key "k9".*does not hold/);
    expect(() => decryptField(ROTATED_RING, ['v2', 'k1', ...rest].join('.'), 'aad')).toThrow(DecryptionError);
    expect(() => decryptField(ROTATED_RING, ['v2', 'k.1', ...rest].join('.'), 'aad')).toThrow(DecryptionError);
  });

  it('are masked in log lines, with and without a key id', () => {
    const line = `a ${encryptField(ROTATED_RING, PPSN, 'aad')} b ${legacyEnvelope(OLD_KEY, PPSN, 'aad')} c`;
    expect(scrubText(line)).toBe('a [encrypted] b [encrypted] c');
  });
});

describe(`reencrypt (${testDatabaseKind()})`, () => {
  const t = useTestApp({ deps: { keyring: OLD_RING } });
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  /** The same database served with another keyring (another process, or this one restarted after a rotation). */
  const withKeyring = async (keyring: Keyring) => {
    const app = await createTestApp({ database: t.database, deps: { keyring, jwtSecret: t.deps.jwtSecret } });
    apps.push(app);
    return app;
  };

  it('an old v1 envelope still decrypts: the profile shows and reveals the PPSN', async () => {
    const { auth, userId } = await userWithEverything(t, 'legacy@example.ie');
    await t.database.db
      .update(users)
      .set({ ppsnEncrypted: legacyEnvelope(OLD_KEY, PPSN, ppsnAad(userId)) })
      .where(eq(users.id, userId));
    expect((await t.request('GET', '/profile', undefined, auth)).body.ppsn).toBe('•••••67T');
    expect((await t.request('POST', '/profile/ppsn-reveal', { password: PASSWORD }, auth)).body).toEqual({ ppsn: PPSN });
  });

  it('after a rotation, reencrypt moves every column in batches and leaves no row on the old key; a second run is a no-op', async () => {
    const ann = await userWithEverything(t, 'ann@example.ie');
    const bob = await userWithEverything(t, 'bob@example.ie');
    await userWithEverything(t, 'cat@example.ie');
    // One value from before key ids, too.
    await t.database.db
      .update(users)
      .set({ ppsnEncrypted: legacyEnvelope(OLD_KEY, PPSN, ppsnAad(bob.userId)) })
      .where(eq(users.id, bob.userId));
    const before = await envelopes(t);
    expect(new Set(before.map((e) => e.column))).toEqual(new Set(ENCRYPTED_COLUMNS.map((c) => c.name)));
    expect(before.every((e) => e.value.startsWith('v2.k1.') || e.value.startsWith('v1.'))).toBe(true);

    const rotated = await withKeyring(ROTATED_RING);
    // Old data reads under the rotated ring, new writes use k2.
    expect((await rotated.request('GET', '/profile', undefined, ann.auth)).body.ppsn).toBe('•••••67T');
    expect((await rotated.request('POST', '/edit-profile', { first_name: 'Ann' }, ann.auth)).status).toBe(200);

    const first = await ops(rotated, 'reencrypt', '--batch', '2');
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('users.ppsn_encrypted: 3 moved, 0 already on k2, 0 could not be decrypted');
    expect(first.out).toContain('paye_authorisations.signature_encrypted: 3 moved');
    expect(first.out).toContain('direct_debit_mandates.iban_encrypted: 3 moved');
    expect(first.out).toContain('two_factor_settings.secret_encrypted: 3 moved');
    expect(first.out).toContain(`${before.length} values moved; every encrypted value is on key k2.`);

    const after = await envelopes(t);
    expect(after.map(({ column, id }) => ({ column, id }))).toEqual(before.map(({ column, id }) => ({ column, id })));
    expect(after.filter((e) => !e.value.startsWith('v2.k2.'))).toEqual([]);
    // Each value is the same plaintext, still bound to its row.
    for (const [i, e] of after.entries()) {
      const column = ENCRYPTED_COLUMNS.find((c) => c.name === e.column)!;
      expect(decryptField(NEW_ONLY_RING, e.value, column.aad(e.id))).toBe(decryptField(ROTATED_RING, before[i]!.value, column.aad(e.id)));
    }

    // The old key retired: a server with k2 alone reads everything.
    const retired = await withKeyring(NEW_ONLY_RING);
    expect((await retired.request('POST', '/profile/ppsn-reveal', { password: PASSWORD }, bob.auth)).body).toEqual({ ppsn: PPSN });
    expect((await retired.request('GET', '/direct-debit', undefined, ann.auth)).body.mandate.iban_masked).toMatch(/5678$/);
    // A bank account linked again finds its row by the IBAN, though its keyed hash was made under the retired key.
    expect((await linkSandbox(retired, ann.auth, { accounts: [0] })).body.accounts.map((a: { id: string }) => a.id)).toEqual([ann.bankAccountId]);
    expect(await retired.services.reencryption.remaining()).toEqual(ENCRYPTED_COLUMNS.map((c) => ({ column: c.name, count: 0 })));

    const second = await ops(rotated, 'reencrypt');
    expect(second.code).toBe(0);
    expect(second.out).toContain('users.ppsn_encrypted: 0 moved, 3 already on k2, 0 could not be decrypted');
    expect(second.out).toContain('0 values moved; every encrypted value is on key k2.');
    expect(await envelopes(t)).toEqual(after);
  });

  it('a value naming an unknown key: a clear server error logged without secrets; reencrypt reports it and leaves it', async () => {
    const ann = await userWithEverything(t, 'ann@example.ie');
    const [row] = await t.database.db.select({ ppsn: users.ppsnEncrypted }).from(users).where(eq(users.id, ann.userId));
    const tampered = row!.ppsn!.replace(/^v2\.k1\./, 'v2.k9.');
    await t.database.db.update(users).set({ ppsnEncrypted: tampered }).where(eq(users.id, ann.userId));

    const res = await t.request('GET', '/profile', undefined, ann.auth);
    expect(res.status).toBe(500);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'requestId']);
    const logged = JSON.stringify(t.log.lines);
    expect(logged).toMatch(/key \\"k9\\", which this server does not hold/);
    for (const secret of [PPSN, OLD_KEY.toString('hex'), tampered.split('.')[4]!]) expect(logged).not.toContain(secret);

    const rotated = await withKeyring(ROTATED_RING);
    const run = await ops(rotated, 'reencrypt');
    expect(run.code).toBe(1);
    expect(run.out).toContain('users.ppsn_encrypted: 0 moved, 0 already on k2, 1 could not be decrypted');
    expect(run.err).toContain(`users.ppsn_encrypted row ${ann.userId}: key "k9" is not in the keyring`);
    expect(run.err).not.toContain(OLD_KEY.toString('hex'));
    const [still] = await queryRows<{ ppsn_encrypted: string }>(t.database, sql`select ppsn_encrypted from users where id = ${ann.userId}`);
    expect(still!.ppsn_encrypted).toBe(tampered);
  });

  it('recovery codes issued under the old key still work after a rotation, and reencrypt counts them', async () => {
    const { userId, totpSecret } = await userWithEverything(t, 'ann@example.ie');
    const { TOTP, Secret } = await import('otpauth');
    const code = new TOTP({ secret: Secret.fromBase32(totpSecret), digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() });
    const confirmed = await t.services.twoFactor.confirm(userId, code);
    expect(confirmed.ok).toBe(true);
    const codes = confirmed.ok ? confirmed.recoveryCodes : [];

    const rotated = await withKeyring(ROTATED_RING);
    const run = await ops(rotated, 'reencrypt');
    expect(run.out).toContain('10 unused two-step recovery codes are hashed under an older key');
    expect(await rotated.services.twoFactor.verify(userId, codes[0]!)).toBe('recovery_code');
    expect(await rotated.services.twoFactor.verify(userId, codes[0]!)).toBeNull();
  });

  it('keys retire refuses while unused recovery codes are hashed under an older key, unless --force', async () => {
    const { userId, totpSecret } = await userWithEverything(t, 'ann@example.ie');
    const { TOTP, Secret } = await import('otpauth');
    const code = new TOTP({ secret: Secret.fromBase32(totpSecret), digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() });
    expect((await t.services.twoFactor.confirm(userId, code)).ok).toBe(true);
    const rotated = await withKeyring(ROTATED_RING);
    let retiredCalls = 0;
    const keyFile = {
      rotate: () => 'k3',
      retire: () => {
        retiredCalls += 1;
        return ['k1'];
      },
    };
    const err: string[] = [];
    const deps = { services: rotated.services, keyFile, out: () => undefined, err: (l: string) => err.push(l) };
    expect(await runOps(['reencrypt'], deps)).toBe(0);
    expect(await runOps(['keys', 'retire'], deps)).toBe(1);
    expect(err.at(-1)).toContain('10 unused two-step recovery codes are hashed under an older key and would stop working');
    expect(retiredCalls).toBe(0);
    expect(await runOps(['keys', 'retire', '--force'], deps)).toBe(0);
    expect(retiredCalls).toBe(1);
    // --force means something only for retire.
    expect(await runOps(['keys', 'rotate', '--force'], deps)).toBe(2);
  });

  it('keys retire refuses while values remain on an older key, and refuses keys from the environment', async () => {
    await userWithEverything(t, 'ann@example.ie');
    const rotated = await withKeyring(ROTATED_RING);
    const retire = () => {
      retiredCalls += 1;
      return ['k1'];
    };
    let retiredCalls = 0;
    const keyFile = { rotate: () => 'k3', retire };
    const out: string[] = [];
    const err: string[] = [];
    const deps = { services: rotated.services, keyFile, out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(await runOps(['keys', 'retire'], deps)).toBe(1);
    expect(err.join('\n')).toContain('Nothing retired: run npm run ops -- reencrypt first.');
    expect(retiredCalls).toBe(0);
    expect(await runOps(['reencrypt'], deps)).toBe(0);
    expect(await runOps(['keys', 'retire'], deps)).toBe(0);
    expect(retiredCalls).toBe(1);
    expect(await runOps(['keys', 'rotate'], { ...deps, keyFile: undefined })).toBe(1);
    expect(err.at(-1)).toMatch(/environment.*ENCRYPTION_KEYS/);
  });
});

describe('the keyring configuration', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'maxout-keys-'));
    dirs.push(dir);
    return dir;
  };
  const hex = (n: number) => n.toString(16).padStart(2, '0').repeat(32);

  it('every *_encrypted column of the schema is walked by reencrypt', () => {
    const inSchema = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => Object.values(getTableColumns(table)).map((column) => `${getTableConfig(table).name}.${column.name}`))
      .filter((name) => name.endsWith('_encrypted'))
      .sort();
    expect(ENCRYPTED_COLUMNS.map((c) => c.name).sort()).toEqual(inSchema);
  });

  it('ENCRYPTION_KEYS: id:hex entries, current first; ENCRYPTION_KEY alone is key k1; both at once or a bad entry fail at boot', () => {
    const ring = loadSecrets({ jwtSecret: 'Jw7-q2Lx9Vr4Tz1Kc8Nb3Hm6Pd5Fs0Yg', encryptionKey: undefined, encryptionKeys: `k2:${hex(2)}, k1:${hex(1)}`, dataDir: tempDir() }).keyring;
    expect(ring.currentId).toBe('k2');
    expect([...ring.keys.keys()]).toEqual(['k2', 'k1']);
    expect(loadSecrets({ jwtSecret: 'Jw7-q2Lx9Vr4Tz1Kc8Nb3Hm6Pd5Fs0Yg', encryptionKey: hex(1), dataDir: tempDir() }).keyring.currentId).toBe('k1');
    expect(() => loadConfig({ ENCRYPTION_KEY: hex(1), ENCRYPTION_KEYS: `k2:${hex(2)}` })).toThrow(/not both/);
    expect(() => loadConfig({ ENCRYPTION_KEYS: `k2:${hex(2)},k1` })).toThrow(/ENCRYPTION_KEYS/);
    expect(() => loadConfig({ ENCRYPTION_KEYS: `k.2:${hex(2)}` })).toThrow(/ENCRYPTION_KEYS/);
    expect(loadConfig({ ENCRYPTION_KEYS: `k2:${hex(2)}` }).encryptionKeys).toBe(`k2:${hex(2)}`);
    expect(() => parseKeyring(`k1:${hex(1)},k1:${hex(2)}`, 'ENCRYPTION_KEYS')).toThrow(/appears twice/);
    // Error messages never carry key material.
    expect(() => parseKeyring(`k1:${hex(1)}ff`, 'ENCRYPTION_KEYS')).toThrow(/^ENCRYPTION_KEYS: key "k1" must be 64 hex characters\.$/);
  });

  it('ENCRYPTION_KEY_CURRENT: a new key is handed to every process first for decrypting only, then made current', async () => {
    const ring = (current?: string) =>
      loadSecrets({ jwtSecret: 'Jw7-q2Lx9Vr4Tz1Kc8Nb3Hm6Pd5Fs0Yg', encryptionKey: undefined, encryptionKeys: `k1:${hex(1)},k2:${hex(2)}`, encryptionKeyCurrent: current, dataDir: tempDir() }).keyring;
    // Step 1: k2 is held everywhere, k1 still encrypts; step 2: k2 encrypts, k1 still decrypts.
    const step1 = ring('k1');
    const step2 = ring('k2');
    expect(step1.currentId).toBe('k1');
    expect(step2.currentId).toBe('k2');
    const { encryptField, decryptField } = await import('../../src/server/services/crypto.ts');
    const written = encryptField(step2, 'IE29AIBK93115212345678', 'row-1');
    expect(written.startsWith('v2.k2.')).toBe(true);
    expect(decryptField(step1, written, 'row-1')).toBe('IE29AIBK93115212345678');
    expect(() => ring('k9')).toThrow(/ENCRYPTION_KEY_CURRENT: "k9" is not a key id of ENCRYPTION_KEYS/);
    expect(() => loadSecrets({ jwtSecret: 'Jw7-q2Lx9Vr4Tz1Kc8Nb3Hm6Pd5Fs0Yg', encryptionKey: hex(1), encryptionKeyCurrent: 'k1', dataDir: tempDir() })).toThrow(/ENCRYPTION_KEY_CURRENT/);
    expect(() => loadConfig({ ENCRYPTION_KEY: hex(1), ENCRYPTION_KEY_CURRENT: 'k1' })).toThrow(/ENCRYPTION_KEY_CURRENT: only with ENCRYPTION_KEYS/);
    expect(loadConfig({ ENCRYPTION_KEYS: `k1:${hex(1)},k2:${hex(2)}`, ENCRYPTION_KEY_CURRENT: 'k2' }).encryptionKeyCurrent).toBe('k2');
  });

  it('the embedded default: rotate adds a current key to DATA_DIR/secrets/encryption-keys (0600), keeping the first; retire keeps only the current', () => {
    const dataDir = tempDir();
    const first = loadSecrets({ jwtSecret: undefined, encryptionKey: undefined, dataDir }).keyring;
    expect(first.currentId).toBe('k1');
    expect(rotateFileKeyring(dataDir)).toBe('k2');
    const file = path.join(dataDir, 'secrets', 'encryption-keys');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const rotated = loadSecrets({ jwtSecret: undefined, encryptionKey: undefined, dataDir }).keyring;
    expect([...rotated.keys.keys()]).toEqual(['k2', 'k1']);
    expect(Buffer.from(rotated.keys.get('k1')!).equals(Buffer.from(first.keys.get('k1')!))).toBe(true);
    expect(rotateFileKeyring(dataDir)).toBe('k3');
    expect(retireFileKeys(dataDir)).toEqual(['k2', 'k1']);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'secrets', 'encryption-key'))).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecrets({ jwtSecret: undefined, encryptionKey: undefined, dataDir }).keyring.currentId).toBe('k3');
    writeFileSync(file, 'k3:nothex\n', { mode: 0o600 });
    expect(() => loadSecrets({ jwtSecret: undefined, encryptionKey: undefined, dataDir })).toThrow(/key "k3" must be 64 hex/);
  });
});

describe.skipIf(testDatabaseKind() !== 'pglite')('rotation with the real ops script on the embedded default (pglite)', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-keys-ops-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const script = (...argv: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    for (const name of ['DATABASE_URL', 'ENCRYPTION_KEY', 'ENCRYPTION_KEYS']) delete env[name];
    return promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...argv], { cwd: root, env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  };

  it('keys rotate, reencrypt, keys retire: the data reads under the new key alone', { timeout: 180_000 }, async () => {
    const keyring = () => loadSecrets({ jwtSecret: undefined, encryptionKey: undefined, dataDir }).keyring;
    const first = keyring();
    let database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const app = await createTestApp({ database, deps: { keyring: first } });
    const { userId } = await userWithEverything(app, 'ann@example.ie');
    await app.close();
    await database.close();

    expect(await script('keys', 'rotate')).toMatchObject({ code: 0, stdout: expect.stringContaining('Key k2 added and made current') });
    expect(await script('keys', 'retire')).toMatchObject({ code: 1, stderr: expect.stringContaining('Nothing retired') });
    const moved = await script('reencrypt', '--batch', '1');
    expect(moved).toMatchObject({ code: 0, stderr: '' });
    expect(moved.stdout).toContain('6 values moved; every encrypted value is on key k2.');
    expect(await script('keys', 'retire')).toMatchObject({ code: 0, stdout: expect.stringContaining('Retired k1') });

    const after = keyring();
    expect([...after.keys.keys()]).toEqual(['k2']);
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const reopened = await createTestApp({ database, deps: { keyring: after } });
      expect(await reopened.services.users.revealPpsn((await reopened.services.users.findById(userId))!)).toBe(PPSN);
      expect((await envelopes(reopened)).every((e) => e.value.startsWith('v2.k2.'))).toBe(true);
      await reopened.close();
    } finally {
      await database.close();
    }
  });
});
