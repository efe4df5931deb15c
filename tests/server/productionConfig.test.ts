/**
 * Production mode: NODE_ENV=production refuses to start without SMTP_URL, without keys from the
 * environment when DATABASE_URL is set, and without an explicit TRUST_PROXY; the development
 * default starts as before and says first that links are printed. The real entry point is
 * started once to show both.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, productionProblems, startupNotice } from '../../src/server/config.ts';

const KEYS = { JWT_SECRET: 'j'.repeat(40), ENCRYPTION_KEY: 'a'.repeat(64) };

describe('production mode', () => {
  it('refuses to start without SMTP_URL or an explicit TRUST_PROXY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL[\s\S]*TRUST_PROXY/);
    expect(productionProblems({ NODE_ENV: 'production', TRUST_PROXY: '1' })).toEqual([expect.stringMatching(/^SMTP_URL/)]);
    expect(productionProblems({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toEqual([expect.stringMatching(/^TRUST_PROXY/)]);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '0' }).trustProxy).toBe(0);
  });

  it('with DATABASE_URL, refuses to start without both keys from the environment', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '1', DATABASE_URL: 'postgres://db/maxout' };
    expect(productionProblems(base).map((problem) => problem.split(':')[0])).toEqual(['JWT_SECRET', 'ENCRYPTION_KEY']);
    expect(productionProblems({ ...base, JWT_SECRET: KEYS.JWT_SECRET }).map((problem) => problem.split(':')[0])).toEqual(['ENCRYPTION_KEY']);
    expect(loadConfig({ ...base, ...KEYS }).databaseUrl).toBe('postgres://db/maxout');
  });

  it('refuses the crash-test fault injection in production, and checks the payment lease', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '0' };
    expect(productionProblems({ ...base, FAULT_INJECTION: 'kill-after-collect' })).toEqual([expect.stringMatching(/^FAULT_INJECTION/)]);
    expect(loadConfig({ FAULT_INJECTION: 'kill-after-collect' }).faultInjection).toBe('kill-after-collect');
    expect(() => loadConfig({ FAULT_INJECTION: 'something-else' })).toThrow(/FAULT_INJECTION/);
    expect(loadConfig({}).paymentLeaseMs).toBe(120_000);
    expect(loadConfig({ PAYMENT_LEASE_SECONDS: '5' }).paymentLeaseMs).toBe(5_000);
    expect(() => loadConfig({ PAYMENT_LEASE_SECONDS: '0' })).toThrow(/PAYMENT_LEASE_SECONDS/);
  });

  it('leaves the development default as it is', () => {
    expect(productionProblems({})).toEqual([]);
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(startupNotice({ smtpUrl: undefined })).toMatch(/links.*printed to this log/);
    expect(startupNotice({ smtpUrl: 'smtp://mail:25' })).not.toMatch(/printed/);
  });

  it('the server itself: refuses in production with a message naming what is missing', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-prod-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '1' };
      delete env.SMTP_URL;
      delete env.TRUST_PROXY;
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, encoding: 'utf8', timeout: 60_000 });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/SMTP_URL/);
      expect(result.stderr).toMatch(/TRUST_PROXY/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
