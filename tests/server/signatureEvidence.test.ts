/**
 * Signature evidence that cannot grow without limit or carry anything but an image (both
 * databases): signing is rate limited per account; of the declarations superseded on one day only
 * the last is kept; the PNG is decoded and written again on the server, so bytes after the image
 * or in extra chunks (a polyglot) and anything that is not a whole PNG are never stored; the
 * declared date of birth must be the profile's.
 */
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEV_PAYE_AGENT } from '../../src/server/config.ts';
import { payeAuthorisations } from '../../src/server/db/schema.ts';
import { AUTH_RATE_LIMITS } from '../../src/server/services/authLimits.ts';
import { decryptField } from '../../src/server/services/crypto.ts';
import { payeAad } from '../../src/server/services/payeAuthorisations.ts';
import { bearer, signUp, signedIn } from '../support/accounts.ts';
import { pngDataUrl } from '../support/png.ts';
import { type TestApp, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const body = (overrides: Record<string, unknown> = {}) => ({
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
    ...overrides,
  },
});

const sign = (t: TestApp, access: string, overrides: Record<string, unknown> = {}) => t.request('POST', '/paye-authorization', body(overrides), bearer(access));

/** The PNG of pngDataUrl with `extra` bytes appended after IEND (a polyglot: image and archive at once). */
function withTrailer(extra: Buffer): string {
  const bytes = Buffer.from(pngDataUrl().split(',')[1]!, 'base64');
  return `data:image/png;base64,${Buffer.concat([bytes, extra]).toString('base64')}`;
}

/** The PNG of pngDataUrl with a private ancillary chunk (`prIv`) carrying `payload` before IEND. */
function withPrivateChunk(payload: Buffer): string {
  const bytes = Buffer.from(pngDataUrl().split(',')[1]!, 'base64');
  const iend = bytes.length - 12;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payload.length);
  const typed = Buffer.concat([Buffer.from('prIv'), payload]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return `data:image/png;base64,${Buffer.concat([bytes.subarray(0, iend), length, typed, crc, bytes.subarray(iend)]).toString('base64')}`;
}

/** A PNG whose IHDR is right but whose image data is not a deflate stream of the declared size. */
function brokenPixels(): string {
  const good = Buffer.from(pngDataUrl(40, 20).split(',')[1]!, 'base64');
  // Keep the signature and IHDR (8 + 25 bytes), then an IDAT of junk with a right CRC, then IEND.
  const junk = deflateSync(Buffer.alloc(7, 1));
  const head = good.subarray(0, 33);
  const crc = (data: Buffer) => {
    const table = Array.from({ length: 256 }, (_, n) => {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c >>> 0;
    });
    let c = 0xffffffff;
    for (const byte of data) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([len, typed, sum]);
  };
  return `data:image/png;base64,${Buffer.concat([head, chunk('IDAT', junk), chunk('IEND', Buffer.alloc(0))]).toString('base64')}`;
}

async function storedSignatures(t: TestApp): Promise<Buffer[]> {
  const rows = await t.database.db.select().from(payeAuthorisations);
  return rows.map((row) => Buffer.from(decryptField(t.deps.keyring, row.signatureEncrypted, payeAad(row.id, 'signature')).split(',')[1]!, 'base64'));
}

describe(`PAYE signature evidence (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('stores a re-encoded PNG: a payload in a chunk of its own never reaches the evidence; bytes after the image are refused', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const secret = Buffer.from('PK\u0003\u0004 hidden archive payload');
    const trailed = await sign(t, access, { clientSignature: withTrailer(secret) });
    expect(trailed.status).toBe(422);
    expect(trailed.body.errors['form_data.clientSignature']).toBeDefined();
    expect((await sign(t, access, { clientSignature: withPrivateChunk(secret) })).status).toBe(200);
    const [stored] = await storedSignatures(t);
    expect(stored!.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(stored!.includes(secret)).toBe(false);
    expect(stored!.subarray(-8).toString('latin1')).toContain('IEND');
  });

  it('refuses image data that does not decode (422 on the signature), storing nothing', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const res = await sign(t, access, { clientSignature: brokenPixels() });
    expect(res.status).toBe(422);
    expect(res.body.errors['form_data.clientSignature']).toBeDefined();
    expect(await t.database.db.select().from(payeAuthorisations)).toHaveLength(0);
  });

  it('refuses a date of birth that is not the profile’s', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const res = await sign(t, access, { dateOfBirth: '1980-01-01' });
    expect(res.status).toBe(422);
    expect(res.body.errors['form_data.dateOfBirth']).toBeDefined();
  });

  it('limits signing per account, and keeps one superseded declaration a day', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const limit = AUTH_RATE_LIMITS.payeSignPerAccount.limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 3; i++) statuses.push((await sign(t, access)).status);
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    // Same day: the current one and the last one it replaced.
    const [count] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from paye_authorisations`);
    expect(count?.n).toBe(2);
    // A new day, a new signature: yesterday's last one stays as well.
    t.clock.advance(AUTH_RATE_LIMITS.payeSignPerAccount.windowMs);
    const nextDay = await signedIn(t);
    expect((await sign(t, nextDay.access)).status).toBe(200);
    const [later] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from paye_authorisations`);
    expect(later?.n).toBe(3);
  });
});
