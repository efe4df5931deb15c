/**
 * Bad configuration stops the start with one line naming it: CLUSTER=true without DATABASE_URL
 * (or without shared keys), and an instance whose JWT_SECRET or keyring does not fit those of the
 * instances already running on the database (compared through fingerprints in server_instances).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clusterProblems, loadConfig } from '../../src/server/config.ts';
import { serverInstances } from '../../src/server/db/schema.ts';
import { createKeyring } from '../../src/server/services/crypto.ts';
import { InstanceConflictError, createInstanceRegistry } from '../../src/server/services/instances.ts';
import { testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const KEY_1 = randomBytes(32);
const KEY_2 = randomBytes(32);
const SECRET = randomBytes(32);

describe(`one cluster, one set of keys (${testDatabaseKind()})`, () => {
  const t = useTestApp();
  const instance = (name: string, options: { jwt?: Uint8Array; keys?: [string, Uint8Array][] } = {}) =>
    createInstanceRegistry({ db: t.database.db, name, jwtSecret: options.jwt ?? SECRET, keyring: createKeyring(options.keys ?? [['k1', KEY_1]]) });

  it('CLUSTER=true without DATABASE_URL or shared keys: one line naming each', () => {
    expect(clusterProblems({ CLUSTER: 'true', JWT_SECRET: 'Jw7-q2Lx9Vr4Tz1Kc8Nb3Hm6Pd5Fs0Yg', ENCRYPTION_KEY: 'a'.repeat(64) })).toEqual([expect.stringMatching(/^DATABASE_URL: required with CLUSTER=true/)]);
    expect(() => loadConfig({ CLUSTER: 'true', JWT_SECRET: 'Jw7-q2Lx9Vr4Tz1Kc8Nb3Hm6Pd5Fs0Yg', ENCRYPTION_KEY: 'a'.repeat(64) })).toThrow(/^Invalid configuration: DATABASE_URL: required with CLUSTER=true[^\n]*$/);
    expect(clusterProblems({ CLUSTER: 'true', DATABASE_URL: 'postgres://db/x' }).map((line) => line.split(':')[0])).toEqual(['JWT_SECRET', 'ENCRYPTION_KEYS']);
    expect(clusterProblems({ DATABASE_URL: 'postgres://db/x' })).toEqual([]);
  });

  it('the server itself refuses CLUSTER=true without DATABASE_URL, in one line', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CLUSTER: 'true', JWT_SECRET: 'Jw7-q2Lx9Vr4Tz1Kc8Nb3Hm6Pd5Fs0Yg', ENCRYPTION_KEY: 'a'.repeat(64), PORT: '1' };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: DATABASE_URL: required with CLUSTER=true/)]);
  });

  it('instances with the same keys start side by side; one with another JWT_SECRET is refused, naming it', async () => {
    const a = instance('a');
    await a.register();
    await instance('b').register();
    await expect(instance('c', { jwt: randomBytes(32) }).register()).rejects.toThrow(
      new InstanceConflictError('JWT_SECRET differs from the one instance a uses on this database; every instance must share it'),
    );
    expect((await t.database.db.select().from(serverInstances)).map((row) => row.name).sort()).toEqual(['a', 'b']);
    // Fingerprints only: no key material is stored.
    const stored = JSON.stringify(await t.database.db.select().from(serverInstances));
    expect(stored).not.toContain(KEY_1.toString('hex'));
    expect(stored).not.toContain(Buffer.from(SECRET).toString('hex'));
  });

  it('a keyring that binds a key id to other key material, or encrypts with a key the others lack, is refused', async () => {
    await instance('a').register();
    await expect(instance('x', { keys: [['k1', KEY_2]] }).register()).rejects.toThrow(/^ENCRYPTION_KEYS: key k1 differs from instance a's key k1/);
    // A rolling rotation: first every instance holds k2 while still encrypting with k1 …
    await expect(instance('y', { keys: [['k2', KEY_2], ['k1', KEY_1]] }).register()).rejects.toThrow(/^ENCRYPTION_KEYS: this instance would encrypt with key k2, which instance a does not hold/);
    await instance('z', { keys: [['k1', KEY_1], ['k2', KEY_2]] }).register();
  });

  it('an instance not seen for 30 seconds is gone; a stopped one removes itself', async () => {
    const a = instance('a');
    await a.register();
    await a.deregister();
    await instance('b').register();
    await t.database.db.execute(sql`update server_instances set last_seen_at = now() - interval '31 seconds'`);
    // b is gone: a new JWT secret starts (every instance restarted with it).
    await instance('c', { jwt: randomBytes(32) }).register();
  });
});
