/**
 * An account from before its owner proved the address to after it was closed (both databases):
 * what someone else planted on it before the owner used the mailed link is cleared when they do;
 * the owner's data download carries their own IBAN and signature; a closed account cannot be
 * revived by a reset link to its placeholder address or signed in to; closing says what it keeps.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEV_PAYE_AGENT } from '../../src/server/config.ts';
import { PASSWORD, bearer, givePassword, lastLinkToken, signUp, signedIn } from '../support/accounts.ts';
import { pngDataUrl } from '../support/png.ts';
import { queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const DETAILS = { dob: '1990-05-01', maritalStatus: 'single' } as const;
const IBAN = 'IE29AIBK93115212345678';

describe(`planted data is cleared when the owner proves the address (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('clears the names, PPSN, income, plan ID, claims and two-step setup someone entered before the link was used', async () => {
    const reg = await t.request('POST', '/auth/register', { email: 'ann@example.ie', details: { ...DETAILS, pensionPlanId: 'IL-12345678' } });
    const intruder = { authorization: `Bearer ${reg.body.access_token as string}` };
    expect((await t.request('POST', '/edit-profile', { first_name: 'Mallory', surname: 'Planted', ppsn: '1234567T', annual_income: 99_000 }, intruder)).status).toBe(200);
    const user = (await t.services.users.findByEmail('ann@example.ie'))!;
    await t.services.form11Entries.submitCategories(user.id, 2025, { 'rent-tax-credit': { data: { rentPaid: 9000 }, refundCents: 50_000 } });
    await t.services.twoFactor.beginSetup(user.id, 'ann@example.ie');
    // The owner finds the set-password mail and uses it.
    const token = await lastLinkToken(t);
    expect((await t.request('POST', '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
    const { access } = await signedIn(t, {});
    const profile = (await t.request('GET', '/profile', undefined, bearer(access, {}))).body;
    expect(profile).toMatchObject({ first_name: null, surname: null, ppsn: null, annual_income: null, pension_plan_id: null, form11: [], email_verified: true });
    expect(await t.services.userData.countRows(user.id)).toMatchObject({ form11_entries: 0, two_factor_settings: 0 });
  });

  it('keeps what the owner entered after proving the address', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    expect((await t.request('POST', '/edit-profile', { first_name: 'Ann' }, bearer(access))).status).toBe(200);
    expect((await t.request('POST', '/send-password-reminder', { email: 'ann@example.ie' })).status).toBe(200);
    const token = await lastLinkToken(t);
    expect((await t.request('POST', '/reset-password', { token, password: 'another long passphrase', password_confirmation: 'another long passphrase' })).status).toBe(200);
    expect((await t.services.users.findByEmail('ann@example.ie'))!.firstName).toBe('Ann');
  });
});

describe(`the data download (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('includes the user’s own IBAN and signature in clear, never another user’s', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    expect((await t.request('POST', '/security/step-up', { password: PASSWORD }, bearer(access))).status).toBe(200);
    expect((await t.request('POST', '/direct-debit', { iban: IBAN, amount: 100, day_of_month: 15, start_date: '2026-03-01', mandate_accepted: true }, bearer(access))).status).toBe(200);
    const signature = pngDataUrl();
    const signed = await t.request(
      'POST',
      '/paye-authorization',
      {
        authorized: true,
        authorized_at: '2026-01-15T10:00:00.000Z',
        form_data: { firstName: 'Ann', lastName: 'Byrne', ppsn: '1234567T', dateOfBirth: '1990-05-01', emailAddress: 'ann@example.ie', documentHolder: 'self', clientSignature: signature, ...DEV_PAYE_AGENT },
      },
      bearer(access),
    );
    expect(signed.status).toBe(200);
    const exported = (await t.request('GET', '/export', undefined, bearer(access))).body;
    expect(exported.tables.direct_debit_mandates[0].iban).toBe(IBAN);
    expect(exported.tables.paye_authorisations[0].signature).toMatch(/^data:image\/png;base64,iVBOR/);
  });
});

describe(`a closed account stays closed (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('refuses reset links and sign-ins for it, also through its placeholder address', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    // A reset link asked for before closing, used after.
    expect((await t.request('POST', '/send-password-reminder', { email: 'ann@example.ie' })).status).toBe(200);
    const early = await lastLinkToken(t);
    const user = (await t.services.users.findByEmail('ann@example.ie'))!;
    await t.database.db.execute(sql`insert into form11_entries (user_id, year) values (${user.id}, 2025)`);
    expect((await t.request('POST', '/account/close', { password: PASSWORD }, bearer(access))).status).toBe(200);
    const placeholder = `closed-${user.id}@closed.invalid`;
    expect((await t.request('POST', '/reset-password', { token: early, password: 'revived passphrase!', password_confirmation: 'revived passphrase!' })).status).toBe(422);
    t.mail.messages.length = 0;
    expect((await t.request('POST', '/send-password-reminder', { email: placeholder })).status).toBe(200);
    await t.services.mailer.flush();
    expect(t.mail.messages).toHaveLength(0);
    // Even a link issued by other means is refused, and the account cannot sign in.
    const forged = await t.services.passwordTokens.issue(user.id, 'reset');
    expect((await t.request('POST', '/reset-password', { token: forged, password: 'revived passphrase!', password_confirmation: 'revived passphrase!' })).status).toBe(422);
    await givePassword(t, placeholder, 'revived passphrase!');
    expect((await t.request('POST', '/auth/login', { email: placeholder, password: 'revived passphrase!' })).status).toBe(401);
    const [row] = await queryRows<{ closed_at: unknown }>(t.database, sql`select closed_at from users where id = ${user.id}`);
    expect(row?.closed_at).not.toBeNull();
  });

  it('says the signed PAYE authorisation keeps the email address declared on it, instead of saying it was erased', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const signed = await t.request(
      'POST',
      '/paye-authorization',
      {
        authorized: true,
        authorized_at: '2026-01-15T10:00:00.000Z',
        form_data: { firstName: 'Ann', lastName: 'Byrne', ppsn: '1234567T', dateOfBirth: '1990-05-01', emailAddress: 'ann@example.ie', documentHolder: 'self', clientSignature: pngDataUrl(), ...DEV_PAYE_AGENT },
      },
      bearer(access),
    );
    expect(signed.status).toBe(200);
    const plan = (await t.request('POST', '/account/close', { password: PASSWORD }, bearer(access))).body as { erased: string[]; kept: { what: string }[] };
    expect(plan.kept.find((k) => k.what.startsWith('Your signed PAYE authorisation'))?.what).toMatch(/email address/);
    expect(plan.erased.join('\n')).not.toMatch(/^Your email address/m);
  });
});
