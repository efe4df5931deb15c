/**
 * A double click never gives a 500 (both databases; PostgreSQL is where requests really run side
 * by side): concurrent mandates and concurrent PAYE signatures of one user queue on the user row,
 * so exactly one mandate is active and exactly one declaration is current afterwards.
 */
import { and, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { directDebitMandates, payeAuthorisations } from '../../src/server/db/schema.ts';
import { DEV_PAYE_AGENT } from '../../src/server/config.ts';
import { AUTH_RATE_LIMITS } from '../../src/server/services/authLimits.ts';
import { PASSWORD, bearer, signUp, signedIn } from '../support/accounts.ts';
import { pngDataUrl } from '../support/png.ts';
import { testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

describe(`concurrent writes of one user (${testDatabaseKind()})`, () => {
  const t = useTestApp({ deps: { rateLimits: { payeSignPerAccount: { ...AUTH_RATE_LIMITS.payeSignPerAccount, limit: 100 } } } });

  it('20 mandates at once: no 5xx, one active mandate', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    expect((await t.request('POST', '/security/step-up', { password: PASSWORD }, bearer(access))).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('POST', '/direct-debit', { iban: 'IE29AIBK93115212345678', amount: 100 + i, day_of_month: 15, start_date: '2026-03-01', mandate_accepted: true }, bearer(access)),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((s) => s === 200 || s === 409), statuses.join()).toBe(true);
    const active = await t.database.db.select().from(directDebitMandates).where(isNull(directDebitMandates.cancelledAt));
    expect(active).toHaveLength(1);
  });

  it('10 PAYE signatures at once: no 5xx, one current declaration', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    await t.request('POST', '/edit-profile', { first_name: 'Ann', surname: 'Byrne' }, bearer(access));
    const body = {
      authorized: true,
      authorized_at: '2026-01-15T10:00:00.000Z',
      form_data: {
        firstName: 'Ann',
        lastName: 'Byrne',
        ppsn: '1234567T',
        dateOfBirth: '1990-05-01',
        emailAddress: 'ann@example.ie',
        documentHolder: 'self',
        clientSignature: pngDataUrl(),
        clientSignatureDate: '2026-01-15',
        ...DEV_PAYE_AGENT,
        agentSignatureDate: '2026-01-15',
      },
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request('POST', '/paye-authorization', body, bearer(access))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((s) => s === 200 || s === 409), statuses.join()).toBe(true);
    const current = await t.database.db.select().from(payeAuthorisations).where(and(isNull(payeAuthorisations.supersededAt)));
    expect(current).toHaveLength(1);
  });
});
