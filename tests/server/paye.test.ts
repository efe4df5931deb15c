/**
 * GET and POST /paye-authorization (both databases): the configured agent details, the signed
 * declaration stored as evidence with the PPSN and signature encrypted at rest, the authorisation
 * put in force on the profile (and lapsing after 4 years), and every refusal a 4xx.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import * as m from '../../src/domain/schemas/messages.ts';
import { PayeAuthorisationAnswerSchema, PayeAuthorisationStatusSchema, isSignatureImage } from '../../src/domain/schemas/payeAuthorisation.ts';
import * as v from 'valibot';
import { DEV_PAYE_AGENT, loadConfig } from '../../src/server/config.ts';
import { payeAuthorisations, users } from '../../src/server/db/schema.ts';
import { TWO_FACTOR_SESSION_REQUIRED, TWO_FACTOR_SESSION_REQUIRED_TO_DISABLE, UNAUTHENTICATED } from '../../src/server/http/schemas.ts';
import { decryptField } from '../../src/server/services/crypto.ts';
import { lapseOf, payeAad, retentionOf } from '../../src/server/services/payeAuthorisations.ts';
import { isPayeAuthorisationInForce } from '../../src/server/services/users.ts';
import { pngDataUrl } from '../support/png.ts';
import { type TestApp, markEmailVerified, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const EMAIL = 'signer@example.ie';
const DETAILS = { dob: '1983-06-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;
const SIGNATURE = pngDataUrl();
/** A valid PPSN (check character computed). */
const PPSN = '1234567T';

const formData = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Siobhán',
  lastName: "O'Brien",
  ppsn: '1234567t ',
  dateOfBirth: '1983-06-01',
  emailAddress: EMAIL,
  documentHolder: 'self',
  clientSignature: SIGNATURE,
  clientSignatureDate: '2026-01-15',
  ...DEV_PAYE_AGENT,
  agentSignatureDate: '2026-01-15',
  ...overrides,
});
const body = (overrides: Record<string, unknown> = {}) => ({ authorized: true, authorized_at: '2026-01-15T10:00:00.000Z', form_data: formData(overrides) });

/** A registered user whose email is verified (unless told otherwise); the Authorization header. */
async function signedIn(t: TestApp, email = EMAIL, options: { verified?: boolean } = {}) {
  const res = await t.request('POST', '/auth/register', { email, details: DETAILS });
  expect(res.status).toBe(201);
  // Signing needs a proven address (requireVerifiedEmail); emailVerification.test.ts covers how it is proven.
  if (options.verified ?? true) await markEmailVerified(t.database, email);
  return { authorization: `Bearer ${res.body.access_token as string}` };
}

const profile = async (t: TestApp, auth: Record<string, string>) => (await t.request('GET', '/profile', undefined, auth)).body;

describe(`PAYE authorisation (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('GET answers the configured agent details and no authorisation yet', async () => {
    const auth = await signedIn(t);
    const res = await t.request('GET', '/paye-authorization', undefined, auth);
    expect(res.status).toBe(200);
    expect(v.is(PayeAuthorisationStatusSchema, res.body)).toBe(true);
    // Two-step sign-in is optional: off, nothing asks for it (the screen only recommends it).
    expect(res.body).toEqual({ agent: DEV_PAYE_AGENT, authorization: null, two_factor: { enabled: false, session_verified: false } });
    expect((await t.request('GET', '/paye-authorization')).body).toEqual({ message: UNAUTHENTICATED });
  });

  it('an account whose email is not verified cannot sign (403 email_unverified), but sees the agent details', async () => {
    const auth = await signedIn(t, EMAIL, { verified: false });
    expect((await t.request('GET', '/paye-authorization', undefined, auth)).status).toBe(200);
    const res = await t.request('POST', '/paye-authorization', body(), auth);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('email_unverified');
    expect(await t.database.db.select().from(payeAuthorisations)).toHaveLength(0);
    expect((await profile(t, auth)).paye_a1_authorized).toBe(false);
  });

  it('signing puts the authorisation in force: profile authorised, opt-out cleared, names and PPSN recorded', async () => {
    const auth = await signedIn(t);
    await t.database.db.update(users).set({ optOutPayeAuth: true }).where(eq(users.email, EMAIL));
    const res = await t.request('POST', '/paye-authorization', body(), auth);
    expect(res.status).toBe(200);
    expect(v.is(PayeAuthorisationAnswerSchema, res.body)).toBe(true);
    const signedAt = t.clock.now();
    expect(res.body).toMatchObject({
      authorized: true,
      authorization: { authorized_at: signedAt.toISOString(), lapses_at: '2030-01-15T10:00:00.000Z', document_holder: 'self' },
    });
    const user = await profile(t, auth);
    expect(res.body.user).toEqual(user);
    expect(user).toMatchObject({ paye_a1_authorized: true, opt_out_paye_auth: false, first_name: 'Siobhán', surname: "O'Brien", ppsn: `•••••${PPSN.slice(-3)}` });
    expect((await t.request('GET', '/paye-authorization', undefined, auth)).body.authorization).toEqual(res.body.authorization);
  });

  it('the profile’s masked PPSN, sent back untouched, signs with the stored PPSN; another mask is refused', async () => {
    const auth = await signedIn(t);
    expect((await t.request('POST', '/edit-profile', { ppsn: PPSN }, auth)).status).toBe(200);
    const masked = (await profile(t, auth)).ppsn as string;
    expect(masked).toBe('•••••67T');
    const wrong = await t.request('POST', '/paye-authorization', body({ ppsn: '•••••99W' }), auth);
    expect(wrong).toMatchObject({ status: 422, body: { errors: { 'form_data.ppsn': [m.PPSN_INVALID] } } });
    expect((await t.request('POST', '/paye-authorization', body({ ppsn: masked }), auth)).status).toBe(200);
    const [row] = await t.database.db.select().from(payeAuthorisations);
    expect(decryptField(t.deps.keyring, row!.ppsnEncrypted, payeAad(row!.id, 'ppsn'))).toBe(PPSN);
  });

  it('stores the declaration as evidence: PPSN and signature encrypted and bound to the row, kept 6 years after it lapses', async () => {
    const auth = await signedIn(t);
    await t.request('POST', '/paye-authorization', body(), auth);
    const [row] = await t.database.db.select().from(payeAuthorisations);
    expect(row).toMatchObject({ firstName: 'Siobhán', surname: "O'Brien", email: EMAIL, documentHolder: 'self', tain: DEV_PAYE_AGENT.tain, taxAgencyName: DEV_PAYE_AGENT.taxAgencyName });
    expect(row!.lapsesAt.toISOString()).toBe('2030-01-15T10:00:00.000Z');
    expect(row!.retainUntil.toISOString()).toBe('2037-01-01T00:00:00.000Z');
    // Nothing readable in the raw row.
    const [raw] = await queryRows<Record<string, unknown>>(t.database, sql`select * from paye_authorisations`);
    const text = JSON.stringify(raw);
    expect(text).not.toContain(PPSN);
    expect(text).not.toContain(SIGNATURE.slice(22, 80));
    expect(decryptField(t.deps.keyring, row!.ppsnEncrypted, payeAad(row!.id, 'ppsn'))).toBe(PPSN);
    // The image as the server wrote it again from its pixels (signatureEvidence.test.ts): a PNG of the same size.
    const stored = Buffer.from(decryptField(t.deps.keyring, row!.signatureEncrypted, payeAad(row!.id, 'signature')).split(',')[1]!, 'base64');
    expect(stored.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([40, 20]);
    // Audited without the data: who, what and which request.
    const audit = await queryRows<{ action: string; request_id: string | null }>(t.database, sql`select action, request_id from audit_log`);
    expect(audit).toEqual([{ action: 'paye_authorisation.signed', request_id: expect.any(String) }]);
    // Moved to another row or column, a ciphertext does not decrypt.
    expect(() => decryptField(t.deps.keyring, row!.ppsnEncrypted, payeAad(row!.id, 'signature'))).toThrow();
  });

  it('signing again supersedes the earlier declaration and keeps both as evidence', async () => {
    const auth = await signedIn(t);
    await t.request('POST', '/paye-authorization', body(), auth);
    t.clock.set('2026-01-15T10:05:00Z');
    await t.request('POST', '/paye-authorization', body({ firstName: 'Siobhan' }), auth);
    const rows = await t.database.db.select().from(payeAuthorisations).orderBy(payeAuthorisations.signedAt);
    expect(rows.map((r) => [r.firstName, r.supersededAt?.toISOString() ?? null])).toEqual([
      ['Siobhán', '2026-01-15T10:05:00.000Z'],
      ['Siobhan', null],
    ]);
  });

  it('the authorisation lapses after 4 years: the profile and the claim routes stop treating it as in force', async () => {
    const auth = await signedIn(t);
    await t.request('POST', '/paye-authorization', body(), auth);
    await t.request('POST', '/edit-profile', { annual_income: 50_000 }, auth);
    const answer = { year: 2025, question: 'health-expenses', answer: { doctorsAndConsultants: 800 } };
    expect((await t.request('POST', '/answer', answer, auth)).status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(isPayeAuthorisationInForce(row!, new Date('2030-01-15T09:59:59Z'))).toBe(true);
    // The stored flag stays; what counts is the lapse date, judged on the clock.
    t.clock.set('2030-01-15T10:00:01Z');
    expect(isPayeAuthorisationInForce(row!, t.clock.now())).toBe(false);
    expect(await t.services.users.toApi(row!)).toMatchObject({ paye_a1_authorized: false });
    expect(await t.services.payeAuthorisations.current(row!.id)).toBeUndefined();
  });

  it('lapse and retention dates', () => {
    expect(lapseOf(new Date('2024-02-29T12:00:00Z')).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(lapseOf(new Date('2025-03-31T00:00:00Z')).toISOString()).toBe('2029-03-31T00:00:00.000Z');
    expect(retentionOf(new Date('2030-12-31T23:00:00Z')).toISOString()).toBe('2037-01-01T00:00:00.000Z');
  });

  it('housekeeping deletes evidence whose retention has ended, and nothing else', async () => {
    const auth = await signedIn(t);
    await t.request('POST', '/paye-authorization', body(), auth);
    t.clock.set('2036-12-31T23:59:59Z');
    await t.services.housekeeping();
    expect(await t.database.db.select().from(payeAuthorisations)).toHaveLength(1);
    t.clock.set('2037-01-01T00:00:01Z');
    await t.services.housekeeping();
    expect(await t.database.db.select().from(payeAuthorisations)).toHaveLength(0);
  });

  describe('refusals are 4xx with field errors, never 500', () => {
    it('the declaration’s fields', async () => {
      const auth = await signedIn(t);
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [{ firstName: '' }, { 'form_data.firstName': [m.REQUIRED] }],
        [{ lastName: 'O' }, { 'form_data.lastName': [m.MIN_2_CHARACTERS] }],
        [{ ppsn: '1234567A' }, { 'form_data.ppsn': [m.PPSN_INVALID] }],
        [{ dateOfBirth: '2015-01-01' }, { 'form_data.dateOfBirth': [m.MIN_AGE] }],
        [{ emailAddress: 'other@example.ie' }, { 'form_data.emailAddress': [m.EMAIL_NOT_ACCOUNT] }],
        [{ documentHolder: 'agent' }, { 'form_data.documentHolder': [m.DOCUMENT_HOLDER_INVALID] }],
        [{ clientSignature: '' }, { 'form_data.clientSignature': [m.SIGNATURE_REQUIRED] }],
        [{ clientSignature: 'data:image/svg+xml;base64,PHN2Zz4=' }, { 'form_data.clientSignature': [m.SIGNATURE_INVALID] }],
        [{ clientSignature: `data:image/png;base64,${Buffer.from('GIF89a not a png at all, honest').toString('base64')}` }, { 'form_data.clientSignature': [m.SIGNATURE_INVALID] }],
        [{ tain: 'OTHER1' }, { 'form_data.tain': [m.AGENT_DETAILS_CHANGED] }],
        [{ isAdmin: true }, { 'form_data.isAdmin': [m.UNKNOWN_FIELD] }],
      ];
      for (const [overrides, errors] of cases) {
        const res = await t.request('POST', '/paye-authorization', body(overrides), auth);
        expect(res.status, JSON.stringify(overrides)).toBe(422);
        expect(res.body.errors).toEqual(errors);
      }
      expect((await t.request('POST', '/paye-authorization', { ...body(), authorized: false }, auth)).body.errors).toEqual({ authorized: [m.AUTHORIZED_REQUIRED] });
      expect((await profile(t, auth)).paye_a1_authorized).toBe(false);
      expect(await t.database.db.select().from(payeAuthorisations)).toHaveLength(0);
    });

    it('the signature image: PNG magic bytes, size and pixel caps', () => {
      expect(isSignatureImage(SIGNATURE)).toBe(true);
      const bytes = Buffer.from(SIGNATURE.slice('data:image/png;base64,'.length), 'base64');
      const withSize = (w: number, h: number) => {
        const copy = Buffer.from(bytes);
        copy.writeUInt32BE(w, 16);
        copy.writeUInt32BE(h, 20);
        return `data:image/png;base64,${copy.toString('base64')}`;
      };
      expect(isSignatureImage(withSize(800, 300))).toBe(true);
      expect(isSignatureImage(withSize(4001, 10))).toBe(false);
      expect(isSignatureImage(withSize(2000, 2000))).toBe(false);
      expect(isSignatureImage(withSize(0, 10))).toBe(false);
      expect(isSignatureImage(`data:image/png;base64,${'A'.repeat(200_004)}`)).toBe(false);
      expect(isSignatureImage('data:image/png;base64,%%%%')).toBe(false);
    });

    it('a random hostile body is never a server error', async () => {
      const auth = await signedIn(t);
      const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('', '\u0000', '\ud800', SIGNATURE, '1234567T', '1983-06-01', EMAIL, 'self', '__proto__', true, 1e308));
      const form = fc.oneof(
        value,
        fc.record(
          { firstName: value, lastName: value, ppsn: value, dateOfBirth: value, emailAddress: value, documentHolder: value, clientSignature: value, tain: value, __proto__: value },
          { requiredKeys: [] },
        ),
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.record({ authorized: value, authorized_at: value, form_data: form }, { requiredKeys: [] })), async (input) => {
          const res = await t.request('POST', '/paye-authorization', input, auth);
          expect([200, 400, 413, 422]).toContain(res.status);
        }),
        { seed: 4_242, numRuns: 120 },
      );
    });
  });

  it('configuration: PAYE_AGENT_* replace the development agent, and a bad value stops the server', () => {
    expect(loadConfig({}).payeAgent).toEqual(DEV_PAYE_AGENT);
    const configured = loadConfig({ PAYE_AGENT_NAME: 'Acme Tax Ltd', PAYE_AGENT_TAIN: '12345T', PAYE_AGENT_ADDRESS: '2 Quay St, Galway', PAYE_AGENT_SIGNATORY: 'Mary Byrne' });
    expect(configured.payeAgent).toEqual({ taxAgencyName: 'Acme Tax Ltd', tain: '12345T', agentAddress: '2 Quay St, Galway', agentSignature: 'Mary Byrne' });
    expect(() => loadConfig({ PAYE_AGENT_TAIN: 'no spaces please' })).toThrow(/PAYE_AGENT_TAIN/);
  });
});

describe(`PAYE authorisation with two-step sign-in (${testDatabaseKind()})`, () => {
  const t = useTestApp();
  const PASSWORD = 'a long and private passphrase';
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const codeNow = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });
  const status = async (access: string) => (await t.request('GET', '/paye-authorization', undefined, bearer(access))).body.two_factor;
  const sign = (access: string) => t.request('POST', '/paye-authorization', body(), bearer(access));

  /** Registered, password set from the mailed link (which also proves the address). */
  async function account() {
    expect((await t.request('POST', '/auth/register', { email: EMAIL, details: DETAILS })).status).toBe(201);
    await t.services.mailer.flush();
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(t.mail.messages.at(-1)?.body ?? '')?.[1];
    expect((await t.request('POST', '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
  }
  const login = () => t.request('POST', '/auth/login', { email: EMAIL, password: PASSWORD });
  async function passwordSession(): Promise<string> {
    const res = await login();
    expect(res.body.access_token).toBeDefined();
    return res.body.access_token as string;
  }
  /** Turns two-step sign-in on from the given session; the secret and recovery codes. */
  async function enable(access: string): Promise<{ secret: string; codes: string[] }> {
    const setup = await t.request('POST', '/security/two-factor/setup', { password: PASSWORD }, bearer(access));
    const confirm = await t.request('POST', '/security/two-factor/confirm', { code: codeNow(setup.body.secret) }, bearer(access));
    expect(confirm.status).toBe(200);
    // A code is accepted once: the next one belongs to the next 30-second step.
    t.clock.advance(30_000);
    return { secret: setup.body.secret, codes: confirm.body.recovery_codes };
  }
  /**
   * A password-only session while two-step sign-in is on. Turning it on ends every other session,
   * so through the API there is none; this stands for one a revocation missed (another process).
   */
  async function passwordOnlyWhileOn(): Promise<string> {
    const user = await t.services.users.findByEmail(EMAIL);
    const session = await t.services.sessions.create(user!.id, false);
    return t.services.accessTokens.sign({ userId: user!.id, familyId: session!.familyId });
  }
  async function codeSession(code: string): Promise<{ access: string; refresh: string }> {
    const first = await login();
    expect(first.body.two_factor_required).toBe(true);
    const done = await t.request('POST', '/auth/two-factor', { challenge: first.body.challenge, code });
    expect(done.status).toBe(200);
    return { access: done.body.access_token, refresh: done.body.refresh_token };
  }

  it('a session signed in with the password only cannot sign once it is on: 403 two_factor_required, nothing recorded', async () => {
    await account();
    const older = await passwordSession();
    const turnedOnHere = await passwordSession();
    await enable(turnedOnHere);
    // Turning it on ended the session opened with the password alone.
    expect((await sign(older)).status).toBe(401);
    const before = await passwordOnlyWhileOn();
    expect(await status(before)).toEqual({ enabled: true, session_verified: false });
    const res = await sign(before);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: TWO_FACTOR_SESSION_REQUIRED, error: TWO_FACTOR_SESSION_REQUIRED, code: 'two_factor_required' });
    expect((await profile(t, bearer(before))).paye_a1_authorized).toBe(false);
    expect(await t.database.db.select().from(payeAuthorisations)).toHaveLength(0);
    // The session that turned it on gave a code to do so: it may sign.
    expect(await status(turnedOnHere)).toEqual({ enabled: true, session_verified: true });
    expect((await sign(turnedOnHere)).status).toBe(200);
  });

  it('a password-only session cannot turn two-step sign-in off to sign after all; a session that gave a code can', async () => {
    await account();
    const turnedOnHere = await passwordSession();
    await enable(turnedOnHere);
    const before = await passwordOnlyWhileOn();
    const refused = await t.request('POST', '/security/two-factor/disable', { password: PASSWORD }, bearer(before));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: TWO_FACTOR_SESSION_REQUIRED_TO_DISABLE, error: TWO_FACTOR_SESSION_REQUIRED_TO_DISABLE, code: 'two_factor_required' });
    expect(await status(before)).toEqual({ enabled: true, session_verified: false });
    expect((await sign(before)).status).toBe(403);
    // The session that gave a code may turn it off; then nobody is asked for one.
    expect((await t.request('POST', '/security/two-factor/disable', { password: PASSWORD }, bearer(turnedOnHere))).status).toBe(200);
    expect((await sign(before)).status).toBe(200);
  });

  it('a session signed in with a code signs, also after its tokens were refreshed; so does one signed in with a recovery code', async () => {
    await account();
    const { secret, codes } = await enable(await passwordSession());
    const withCode = await codeSession(codeNow(secret));
    t.clock.advance(60_000);
    const refreshed = await t.request('POST', '/auth/refresh', { refresh_token: withCode.refresh });
    expect(refreshed.status).toBe(200);
    expect(await status(refreshed.body.access_token)).toEqual({ enabled: true, session_verified: true });
    expect((await sign(refreshed.body.access_token)).status).toBe(200);

    const withRecovery = await codeSession(codes[0]!);
    expect(await status(withRecovery.access)).toEqual({ enabled: true, session_verified: true });
    expect((await sign(withRecovery.access)).status).toBe(200);
  });

  it('turned off again, a password session signs as before', async () => {
    await account();
    const session = await passwordSession();
    await enable(session);
    const other = await passwordOnlyWhileOn();
    expect((await sign(other)).status).toBe(403);
    expect((await t.request('POST', '/security/two-factor/disable', { password: PASSWORD }, bearer(session))).status).toBe(200);
    expect(await status(other)).toEqual({ enabled: false, session_verified: false });
    expect((await sign(other)).status).toBe(200);
  });
});
