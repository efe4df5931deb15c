import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Small, explicit crypto helpers. Field encryption is AES-256-GCM with a random 12-byte IV and
 * the 16-byte tag; the envelope is `v1.<iv>.<tag>.<ciphertext>` in base64url. An optional
 * "associated data" string (for example `users.ppsn:<user id>`) binds a ciphertext to its row
 * and column, so a value copied into another user's row fails to decrypt.
 */

const ENVELOPE_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DecryptionError extends Error {
  constructor() {
    super('The encrypted value could not be decrypted.');
  }
}

function checkKey(key: Uint8Array) {
  if (key.byteLength !== 32) throw new Error('The encryption key must be 32 bytes (AES-256).');
}

export function encryptField(key: Uint8Array, plaintext: string, associatedData?: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [ENVELOPE_VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Decrypts an envelope from {@link encryptField}; any tampering or a wrong key throws {@link DecryptionError}. */
export function decryptField(key: Uint8Array, envelope: string, associatedData?: string): string {
  checkKey(key);
  const parts = envelope.split('.');
  if (parts.length !== 4 || parts[0] !== ENVELOPE_VERSION) throw new DecryptionError();
  const [, ivText = '', tagText = '', ciphertextText = ''] = parts;
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  const ciphertext = Buffer.from(ciphertextText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptionError();
  }
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
