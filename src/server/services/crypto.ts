import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Small, explicit crypto helpers. Field encryption is AES-256-GCM with a random 12-byte IV and
 * the 16-byte tag; the envelope is `v2.<key id>.<iv>.<tag>.<ciphertext>` in base64url, so keys
 * can rotate: a {@link Keyring} encrypts with its current key and decrypts with whichever key an
 * envelope names. Envelopes written before key ids (`v1.<iv>.<tag>.<ciphertext>`) still decrypt:
 * each key of the ring is tried (the tag tells the right one). An optional "associated data"
 * string (for example `users.ppsn:<user id>`) binds a ciphertext to its row and column, so a
 * value copied into another user's row fails to decrypt.
 */

const LEGACY_VERSION = 'v1';
const ENVELOPE_VERSION = 'v2';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** What a key id may look like: it is written into every envelope, so no dots. */
export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The field-encryption keys of a server: new envelopes use `currentId`; the others only decrypt. */
export interface Keyring {
  readonly currentId: string;
  /** Every key the server holds by id, the current one included; 32 bytes each. */
  readonly keys: ReadonlyMap<string, Uint8Array>;
}

export class DecryptionError extends Error {
  constructor(message = 'The encrypted value could not be decrypted.') {
    super(message);
    this.name = 'DecryptionError';
  }
}

/**
 * An envelope names a key the server does not hold: a configuration problem (a retired key was
 * still in use, or a process was started without a newer key), not tampering to hide. The
 * message names the key id only, never key material or the value.
 */
export class UnknownKeyError extends DecryptionError {
  constructor(readonly keyId: string) {
    super(`The encrypted value names key "${keyId}", which this server does not hold: add it to ENCRYPTION_KEYS (or the keyring file) and restart.`);
    this.name = 'UnknownKeyError';
  }
}

function checkKey(key: Uint8Array) {
  if (key.byteLength !== 32) throw new Error('The encryption key must be 32 bytes (AES-256).');
}

/** A keyring from `[id, key]` pairs, the current key first. */
export function createKeyring(entries: ReadonlyArray<readonly [string, Uint8Array]>): Keyring {
  const [first] = entries;
  if (!first) throw new Error('A keyring needs at least one key.');
  const keys = new Map<string, Uint8Array>();
  for (const [id, key] of entries) {
    if (!KEY_ID.test(id)) throw new Error(`Key id "${id}" must be 1-32 letters, digits, "_" or "-".`);
    if (keys.has(id)) throw new Error(`Key id "${id}" appears twice.`);
    checkKey(key);
    keys.set(id, key);
  }
  return { currentId: first[0], keys };
}

/** The key id an envelope was written with: its id, `v1` for a legacy envelope, or null when it is not one. */
export function envelopeKeyId(envelope: string): string | null {
  const parts = envelope.split('.');
  if (parts[0] === ENVELOPE_VERSION && parts.length === 5) return parts[1] ?? null;
  if (parts[0] === LEGACY_VERSION && parts.length === 4) return LEGACY_VERSION;
  return null;
}

/** The prefix every envelope under the current key starts with (for SQL `like`). */
export function currentEnvelopePrefix(keyring: Keyring): string {
  return `${ENVELOPE_VERSION}.${keyring.currentId}.`;
}

export function encryptField(keyring: Keyring, plaintext: string, associatedData?: string): string {
  const key = keyring.keys.get(keyring.currentId);
  if (!key) throw new UnknownKeyError(keyring.currentId);
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [ENVELOPE_VERSION, keyring.currentId, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

function open(key: Uint8Array, iv: Buffer, tag: Buffer, ciphertext: Buffer, associatedData: string | undefined): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Decrypts an envelope from {@link encryptField} (or a legacy `v1` one). Tampering, a wrong key
 * or other associated data throws {@link DecryptionError}; a key id the ring lacks throws
 * {@link UnknownKeyError}.
 */
export function decryptField(keyring: Keyring, envelope: string, associatedData?: string): string {
  const parts = envelope.split('.');
  let candidates: Uint8Array[];
  let rest: string[];
  if (parts[0] === ENVELOPE_VERSION && parts.length === 5) {
    const keyId = parts[1] ?? '';
    if (!KEY_ID.test(keyId)) throw new DecryptionError();
    const key = keyring.keys.get(keyId);
    if (!key) throw new UnknownKeyError(keyId);
    candidates = [key];
    rest = parts.slice(2);
  } else if (parts[0] === LEGACY_VERSION && parts.length === 4) {
    // Written with the single key of before; whichever ring key it was, the tag proves it.
    const current = keyring.keys.get(keyring.currentId);
    candidates = [...(current ? [current] : []), ...[...keyring.keys].filter(([id]) => id !== keyring.currentId).map(([, key]) => key)];
    rest = parts.slice(1);
  } else {
    throw new DecryptionError();
  }
  const [ivText = '', tagText = '', ciphertextText = ''] = rest;
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  const ciphertext = Buffer.from(ciphertextText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError();
  for (const key of candidates) {
    checkKey(key);
    const plaintext = open(key, iv, tag, ciphertext, associatedData);
    if (plaintext !== null) return plaintext;
  }
  throw new DecryptionError();
}

/** A secret for a link or a refresh token: `bytes` from the CSPRNG (default 32 = 256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex; enough for high-entropy secrets such as our tokens (ASVS 6.5.2). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function hmacSha256(key: Uint8Array, value: string): Buffer {
  return createHmac('sha256', key).update(value, 'utf8').digest();
}

/** Derives an independent sub-key for one purpose from a master secret. */
export function deriveKey(master: Uint8Array, purpose: string): Buffer {
  return hmacSha256(master, `maxout/${purpose}`);
}
