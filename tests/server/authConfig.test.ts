/**
 * Server wiring of the auth features that need no database: secrets from the environment or
 * DATA_DIR files, TRUST_PROXY and the client address used by per-address rate limits, and the
 * password policy helpers.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createAccessTokenService } from '../../src/server/services/accessTokens.ts';
import { clientAddress } from '../../src/server/http/clientAddress.ts';
import { commonPasswords, isCommonPassword } from '../../src/server/services/commonPasswords.ts';
import { randomToken } from '../../src/server/services/crypto.ts';
import { PASSWORD_WORK_AT_ONCE, createWorkQueue, hashPassword, needsRehash, passwordWork, verifyPassword } from '../../src/server/services/passwords.ts';
import { loadSecrets } from '../../src/server/services/secrets.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maxout-secrets-'));
  dirs.push(dir);
  return dir;
}

describe('secrets', () => {
  it('generates both secrets on first start under DATA_DIR/secrets with mode 0600, and reuses them', () => {
    const dataDir = tempDir();
    const first = loadSecrets({ jwtSecret: undefined, encryptionKey: undefined, dataDir });
    expect(first.sources).toEqual({ jwtSecret: 'file', encryptionKey: 'file' });
    expect(first.keyring.currentId).toBe('k1');
    expect(first.keyring.keys.get('k1')?.byteLength).toBe(32);
    expect(first.jwtSecret.byteLength).toBeGreaterThanOrEqual(32);
    for (const name of ['jwt-secret', 'encryption-key']) {
      expect(statSync(path.join(dataDir, 'secrets', name)).mode & 0o777).toBe(0o600);
    }
    expect(statSync(path.join(dataDir, 'secrets')).mode & 0o077).toBe(0);
    const second = loadSecrets({ jwtSecret: undefined, encryptionKey: undefined, dataDir });
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
    expect(Buffer.from(second.keyring.keys.get('k1')!).equals(Buffer.from(first.keyring.keys.get('k1')!))).toBe(true);
  });

  it('prefers JWT_SECRET and ENCRYPTION_KEY from the environment and writes no file then', () => {
    const dataDir = tempDir();
    const secrets = loadSecrets({ jwtSecret: 'Jw7-q2Lx9Vr4Tz1Kc8Nb3Hm6Pd5Fs0Yg', encryptionKey: 'ab'.repeat(32), dataDir });
    expect(secrets.sources).toEqual({ jwtSecret: 'env', encryptionKey: 'env' });
    expect(Buffer.from(secrets.keyring.keys.get('k1')!).toString('hex')).toBe('ab'.repeat(32));
    expect(() => readFileSync(path.join(dataDir, 'secrets', 'jwt-secret'))).toThrow();
  });

  it('validates the environment: short JWT_SECRET, malformed ENCRYPTION_KEY and TRUST_PROXY fail at boot', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ENCRYPTION_KEY: 'xyz' })).toThrow(/ENCRYPTION_KEY/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });
});

describe('client address for per-address limits', () => {
  function appWith(trustProxy: number) {
    return new Hono().get('/ip', (c) => c.text(clientAddress(c, trustProxy)));
  }
  const ask = async (trustProxy: number, forwarded?: string) =>
    (await appWith(trustProxy).request('/ip', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} })).text();

  it('ignores X-Forwarded-For unless TRUST_PROXY is set (a client cannot pick its address)', async () => {
    expect(await ask(0, '203.0.113.9')).toBe('unknown'); // no socket under app.request()
  });

  it('takes the entry appended by the outermost trusted proxy', async () => {
    expect(await ask(1, '203.0.113.9')).toBe('203.0.113.9');
    // The client forged the first entry; our one proxy appended the real address last.
    expect(await ask(1, '1.1.1.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ask(2, '1.1.1.1, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await ask(3, '203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('password helpers', () => {
  it('hashes with argon2id m=19456 t=2 p=1 and flags weaker hashes for a rehash', async () => {
    const stored = await hashPassword('some long passphrase');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword(stored, 'some long passphrase')).toBe(true);
    expect(await verifyPassword(stored, 'some long passphrasE')).toBe(false);
    const { hash } = await import('@node-rs/argon2');
    expect(needsRehash(await hash('x', { memoryCost: 4096, timeCost: 3, parallelism: 1 }))).toBe(true);
    expect(needsRehash(await hash('x', { memoryCost: 19456, timeCost: 1, parallelism: 1 }))).toBe(true);
    expect(needsRehash('not a phc string')).toBe(true);
    expect(await verifyPassword('not a phc string', 'x')).toBe(false);
  });

  it('runs at most the bound of tasks at once, the rest in arrival order, and frees its place when a task fails', async () => {
    const queue = createWorkQueue(2);
    let inFlight = 0;
    let most = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const task = (n: number) =>
      queue.run(async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        order.push(n);
        await new Promise<void>((resolve) => gates.push(resolve));
        inFlight--;
        if (n === 1) throw new Error('failed check');
        return n;
      });
    const results = Array.from({ length: 6 }, (_, n) => task(n).catch(() => 'failed'));
    await new Promise((resolve) => setImmediate(resolve));
    expect([queue.running, queue.waiting]).toEqual([2, 4]);
    while (order.length < 6 || gates.length > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual([0, 'failed', 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('leaves a core to ordinary requests: argon2 checks run one fewer at once than the machine has cores, never on the event loop', async () => {
    expect(PASSWORD_WORK_AT_ONCE).toBe(Math.max(1, availableParallelism() - 1));
    const stored = await hashPassword('some long passphrase');
    // Many checks at once: the queue holds all but the bound, and the event loop keeps turning meanwhile.
    const checks = Array.from({ length: PASSWORD_WORK_AT_ONCE + 3 }, () => verifyPassword(stored, 'some long passphrase'));
    expect(passwordWork.running).toBe(PASSWORD_WORK_AT_ONCE);
    expect(passwordWork.waiting).toBe(3);
    let turns = 0;
    const ticker = setInterval(() => turns++, 1);
    expect(await Promise.all(checks)).toEqual(checks.map(() => true));
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(5);
    expect([passwordWork.running, passwordWork.waiting]).toEqual([0, 0]);
    // No synchronous argon2 anywhere in the server: it would stop every request for its whole run.
    const sources = readdirSync('src/server', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    for (const file of sources) expect(readFileSync(path.join('src/server', file), 'utf8'), file).not.toMatch(/\b(hashSync|verifySync|hashRawSync)\b/);
  });

  it('rejects common passwords case-insensitively and accepts ordinary passphrases', async () => {
    for (const common of ['password', 'PASSWORD123', 'qwertyuiop', '12345678', 'iloveyou']) expect(await isCommonPassword(common), common).toBe(true);
    for (const fine of ['correct horse battery staple', 'Tá sé go maith 2026', randomToken(12)]) expect(await isCommonPassword(fine), fine).toBe(false);
  });

  it('denies at least 10,000 common passwords that the length rule lets through, breached ones included (A4)', async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    for (const password of list) expect([...password].length).toBeGreaterThanOrEqual(8);
    for (const breached of ['asdf1234', 'monkey123', 'sunshine1', 'Sunshine1', ' letmein123 ', 'qwerty123456']) expect(await isCommonPassword(breached), breached).toBe(true);
  });

  it('draws link and refresh tokens of 32 random bytes without repeats', () => {
    const tokens = new Set(Array.from({ length: 10_000 }, () => randomToken()));
    expect(tokens.size).toBe(10_000);
    for (const token of [...tokens].slice(0, 100)) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });
});

describe('access-token key rotation', () => {
  const clock = { now: () => new Date('2026-01-15T10:00:00Z') };
  const one = new TextEncoder().encode('first signing secret, 32+ characters long');
  const two = new TextEncoder().encode('second signing secret - rotated in - also long');
  const claims = { userId: '00000000-0000-4000-8000-000000000001', familyId: '00000000-0000-4000-8000-000000000002' };

  it('names the signing key in the token, keeps verifying a rotated key’s tokens, and refuses once it is retired', async () => {
    const before = createAccessTokenService({ jwtSecret: one, clock, jwtKeys: { currentId: 'j1', keys: new Map([['j1', one]]) } });
    const oldToken = await before.sign(claims);
    expect(JSON.parse(Buffer.from(oldToken.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'HS256', kid: 'j1' });
    const rotating = createAccessTokenService({ jwtSecret: two, clock, jwtKeys: { currentId: 'j2', keys: new Map([['j2', two], ['j1', one]]) } });
    const newToken = await rotating.sign(claims);
    expect(JSON.parse(Buffer.from(newToken.split('.')[0]!, 'base64url').toString()).kid).toBe('j2');
    expect(await rotating.verify(oldToken)).toEqual(claims);
    expect(await rotating.verify(newToken)).toEqual(claims);
    const retired = createAccessTokenService({ jwtSecret: two, clock, jwtKeys: { currentId: 'j2', keys: new Map([['j2', two]]) } });
    expect(await retired.verify(oldToken)).toBeNull();
    expect(await retired.verify(newToken)).toEqual(claims);
  });

  it('loads JWT_SECRETS with the current key first, and refuses a predictable secret', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-jwt-'));
    try {
      const secrets = loadSecrets({ jwtSecret: undefined, jwtSecrets: 'j2:second signing secret - rotated in - also long,j1:first signing secret 32+ characters long', encryptionKey: 'ab'.repeat(32), dataDir });
      expect(secrets.jwtKeys.currentId).toBe('j2');
      expect([...secrets.jwtKeys.keys.keys()]).toEqual(['j2', 'j1']);
      expect(Buffer.from(secrets.jwtSecret).toString()).toBe('second signing secret - rotated in - also long');
      expect(() => loadSecrets({ jwtSecret: 'z'.repeat(48), encryptionKey: 'ab'.repeat(32), dataDir })).toThrow(/predictable/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
