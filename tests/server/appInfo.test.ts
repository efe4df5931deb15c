/**
 * GET /app-info (both databases): public, it answers whether the deployment is a test one (the
 * app's "test mode" ribbon) and the direct debit's creditor, as configured.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AppInfoSchema } from '../../src/domain/schemas/appInfo.ts';
import { DEV_DIRECT_DEBIT_CREDITOR } from '../../src/server/config.ts';
import { testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

describe(`GET /app-info (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('answers without a session: test mode and the development creditor by default', async () => {
    const res = await t.request('GET', '/app-info');
    expect(res.status).toBe(200);
    expect(v.parse(AppInfoSchema, res.body)).toEqual({ test_mode: true, direct_debit_creditor: DEV_DIRECT_DEBIT_CREDITOR });
  });
});

describe(`GET /app-info, configured for production (${testDatabaseKind()})`, () => {
  const t = useTestApp({ deps: { testMode: false, directDebitCreditor: 'Acme Pensions Ltd' } });

  it('answers the configured creditor and no test mode', async () => {
    const res = await t.request('GET', '/app-info');
    expect(res.body).toEqual({ test_mode: false, direct_debit_creditor: 'Acme Pensions Ltd' });
  });
});
