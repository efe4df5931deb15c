/**
 * Production mode: NODE_ENV=production refuses to start without SMTP_URL, without keys from the
 * environment when DATABASE_URL is set, without an explicit TRUST_PROXY, and with the sandbox bank
 * unless ALLOW_SANDBOX_BANK=true; the development
 * default starts as before and says first that links are printed. The real entry point is
 * started once to show both.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_DIRECT_DEBIT_CREDITOR, DEV_PAYE_AGENT, loadConfig, productionProblems, startupNotice } from '../../src/server/config.ts';
import { clockStartingAt } from '../../src/server/services/clock.ts';

const KEYS = { JWT_SECRET: 'Jw7-q2Lx9Vr4Tz1Kc8Nb3Hm6Pd5Fs0Yg', ENCRYPTION_KEY: 'a'.repeat(64) };
/** The registered agency and creditor a production deployment names (the development defaults are refused). */
const NAMES = { PAYE_AGENT_NAME: 'Acme Tax Ltd', PAYE_AGENT_TAIN: '12345T', PAYE_AGENT_ADDRESS: '2 Quay St, Galway', PAYE_AGENT_SIGNATORY: 'Mary Byrne', DIRECT_DEBIT_CREDITOR: 'Acme Pensions Ltd' };
/** Production told that the bank provider is the sandbox bank (the only one wired yet). */
const SANDBOX_BANK = { ALLOW_SANDBOX_BANK: 'true' };

describe('production mode', () => {
  it('refuses to start without SMTP_URL or an explicit TRUST_PROXY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL[\s\S]*TRUST_PROXY/);
    expect(productionProblems({ NODE_ENV: 'production', TRUST_PROXY: '1', ...KEYS, ...NAMES, ...SANDBOX_BANK })).toEqual([expect.stringMatching(/^SMTP_URL/)]);
    expect(productionProblems({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', ...KEYS, ...NAMES, ...SANDBOX_BANK })).toEqual([expect.stringMatching(/^TRUST_PROXY/)]);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '0', ...KEYS, ...NAMES, ...SANDBOX_BANK }).trustProxy).toBe(0);
  });

  it('CLOCK_START moves the clock of a test server only: read in test mode, refused in production, a bad instant refused', () => {
    const complete = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '1', ...KEYS, ...NAMES, ...SANDBOX_BANK };
    expect(productionProblems({ ...complete, CLOCK_START: '2026-11-20T10:00:00.000Z' })).toEqual([expect.stringMatching(/^CLOCK_START: never in production/)]);
    expect(loadConfig({ CLOCK_START: '2026-11-20T10:00:00.000Z' }).clockStart).toEqual(new Date('2026-11-20T10:00:00.000Z'));
    expect(loadConfig({}).clockStart).toBeUndefined();
    expect(() => loadConfig({ CLOCK_START: '20.11.2026' })).toThrow(/CLOCK_START must be an ISO 8601 instant/);
    // It reads the start at once and runs on in real time.
    let real = Date.parse('2026-12-30T09:00:00.000Z');
    const clock = clockStartingAt(new Date('2026-11-20T10:00:00.000Z'), () => real);
    expect(clock.now().toISOString()).toBe('2026-11-20T10:00:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-20T10:01:30.000Z');
  });

  it('with DATABASE_URL, refuses to start without both keys from the environment', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '1', DATABASE_URL: 'postgres://db/maxout', ...NAMES, ...SANDBOX_BANK };
    expect(productionProblems(base).map((problem) => problem.split(':')[0])).toEqual(['JWT_SECRET', 'ENCRYPTION_KEY']);
    expect(productionProblems({ ...base, JWT_SECRET: KEYS.JWT_SECRET }).map((problem) => problem.split(':')[0])).toEqual(['ENCRYPTION_KEY']);
    expect(loadConfig({ ...base, ...KEYS }).databaseUrl).toBe('postgres://db/maxout');
  });

  it('on the embedded database, refuses to generate the encryption key next to the data unless told to', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '0', ...NAMES, ...SANDBOX_BANK };
    expect(productionProblems(base)).toEqual([expect.stringMatching(/^ENCRYPTION_KEYS: .*next to the data/)]);
    expect(productionProblems({ ...base, ENCRYPTION_KEY: KEYS.ENCRYPTION_KEY })).toEqual([]);
    expect(productionProblems({ ...base, ENCRYPTION_KEYS: `k1:${KEYS.ENCRYPTION_KEY}` })).toEqual([]);
    expect(productionProblems({ ...base, ALLOW_KEYS_IN_DATA_DIR: 'true' })).toEqual([]);
    expect(() => loadConfig({ ALLOW_KEYS_IN_DATA_DIR: 'yes' })).toThrow(/ALLOW_KEYS_IN_DATA_DIR/);
  });

  it('refuses a predictable JWT_SECRET, and reads JWT_SECRETS for a rotation', () => {
    expect(() => loadConfig({ JWT_SECRET: 'j'.repeat(40) })).toThrow(/JWT_SECRET is too predictable/);
    expect(() => loadConfig({ JWT_SECRET: 'ab'.repeat(20) })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ JWT_SECRET: KEYS.JWT_SECRET }).jwtSecret).toBe(KEYS.JWT_SECRET);
    expect(loadConfig({ JWT_SECRETS: `j2:${KEYS.JWT_SECRET}x,j1:${KEYS.JWT_SECRET}` }).jwtSecrets).toContain('j2:');
    expect(() => loadConfig({ JWT_SECRETS: `j2:${'x'.repeat(40)}` })).toThrow(/JWT_SECRETS/);
    expect(() => loadConfig({ JWT_SECRETS: 'j2:short' })).toThrow(/JWT_SECRETS/);
    expect(() => loadConfig({ JWT_SECRET: KEYS.JWT_SECRET, JWT_SECRETS: `j1:${KEYS.JWT_SECRET}` })).toThrow(/not both/);
  });

  it('reads the money limits in whole euro', () => {
    expect(loadConfig({}).moneyLimits).toEqual({});
    expect(loadConfig({ MONEY_DAILY_LIMIT: '5000', MONEY_TAX_YEAR_LIMIT: '60000', MONEY_STEP_UP_ABOVE: '0' }).moneyLimits).toEqual({ dailyCents: 500_000, taxYearCents: 6_000_000, stepUpAboveCents: 0 });
    expect(() => loadConfig({ MONEY_DAILY_LIMIT: '-1' })).toThrow(/MONEY_DAILY_LIMIT/);
  });

  it('refuses the crash-test fault injection in production, and checks the payment lease', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '0', ...KEYS, ...NAMES, ...SANDBOX_BANK };
    expect(productionProblems({ ...base, FAULT_INJECTION: 'kill-after-collect' })).toEqual([expect.stringMatching(/^FAULT_INJECTION/)]);
    expect(loadConfig({ FAULT_INJECTION: 'kill-after-collect' }).faultInjection).toBe('kill-after-collect');
    expect(() => loadConfig({ FAULT_INJECTION: 'something-else' })).toThrow(/FAULT_INJECTION/);
    expect(loadConfig({}).paymentLeaseMs).toBe(120_000);
    expect(loadConfig({ PAYMENT_LEASE_SECONDS: '5' }).paymentLeaseMs).toBe(5_000);
    expect(() => loadConfig({ PAYMENT_LEASE_SECONDS: '0' })).toThrow(/PAYMENT_LEASE_SECONDS/);
    expect(loadConfig({}).sandboxBankExtraPurchases).toBe(0);
    expect(loadConfig({ SANDBOX_BANK_EXTRA_PURCHASES: '10' }).sandboxBankExtraPurchases).toBe(10);
    expect(() => loadConfig({ SANDBOX_BANK_EXTRA_PURCHASES: '-1' })).toThrow(/SANDBOX_BANK_EXTRA_PURCHASES/);
  });

  it('refuses the development agent and creditor: unset, or set to the development default', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '0', ...KEYS, ...SANDBOX_BANK };
    expect(productionProblems(base).map((problem) => problem.split(':')[0])).toEqual(['PAYE_AGENT_NAME', 'PAYE_AGENT_TAIN', 'PAYE_AGENT_ADDRESS', 'PAYE_AGENT_SIGNATORY', 'DIRECT_DEBIT_CREDITOR']);
    expect(productionProblems({ ...base, ...NAMES, ...SANDBOX_BANK, PAYE_AGENT_TAIN: DEV_PAYE_AGENT.tain, DIRECT_DEBIT_CREDITOR: ` ${DEV_DIRECT_DEBIT_CREDITOR} ` })).toEqual([
      expect.stringMatching(/^PAYE_AGENT_TAIN: required in production/),
      expect.stringMatching(/^DIRECT_DEBIT_CREDITOR: required in production/),
    ]);
    const production = loadConfig({ ...base, ...NAMES, ...SANDBOX_BANK });
    expect(production).toMatchObject({ testMode: false, directDebitCreditor: 'Acme Pensions Ltd', payeAgent: { taxAgencyName: 'Acme Tax Ltd', tain: '12345T' } });
    // Development: the defaults, and test mode (the ribbon); no odd names in front of users.
    const development = loadConfig({});
    expect(development).toMatchObject({ testMode: true, directDebitCreditor: DEV_DIRECT_DEBIT_CREDITOR, payeAgent: DEV_PAYE_AGENT });
    for (const name of [development.directDebitCreditor, ...Object.values(development.payeAgent)]) expect(name).not.toMatch(/sandbox|development|example|dev\d/i);
    expect(() => loadConfig({ DIRECT_DEBIT_CREDITOR: 'x'.repeat(71) })).toThrow(/DIRECT_DEBIT_CREDITOR/);
  });

  it('refuses the sandbox bank unless told to use it (ALLOW_SANDBOX_BANK=true); development uses it unasked', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', TRUST_PROXY: '0', ...KEYS, ...NAMES };
    for (const unasked of [base, { ...base, ALLOW_SANDBOX_BANK: 'false' }]) {
      expect(productionProblems(unasked)).toEqual([expect.stringMatching(/^ALLOW_SANDBOX_BANK: the bank provider is the sandbox bank .*set ALLOW_SANDBOX_BANK=true/)]);
      expect(() => loadConfig(unasked)).toThrow(/ALLOW_SANDBOX_BANK/);
    }
    expect(productionProblems({ ...base, ALLOW_SANDBOX_BANK: 'true' })).toEqual([]);
    expect(loadConfig({ ...base, ALLOW_SANDBOX_BANK: 'true' }).testMode).toBe(false);
    expect(() => loadConfig({ ALLOW_SANDBOX_BANK: 'yes' })).toThrow(/ALLOW_SANDBOX_BANK must be true or false/);
    expect(productionProblems({})).toEqual([]);
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
      delete env.ALLOW_SANDBOX_BANK;
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, encoding: 'utf8', timeout: 60_000 });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/SMTP_URL/);
      expect(result.stderr).toMatch(/TRUST_PROXY/);
      expect(result.stderr).toMatch(/PAYE_AGENT_NAME[\s\S]*DIRECT_DEBIT_CREDITOR/);
      expect(result.stderr).toMatch(/ALLOW_SANDBOX_BANK/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
