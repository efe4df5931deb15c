import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { KEY_ID, type Keyring, createKeyring } from './crypto.ts';

/** The access-token signing keys by key id (`kid`): the current one signs, every one verifies. */
export interface JwtKeys {
  currentId: string;
  keys: Map<string, Uint8Array>;
}

/** The key id of JWT_SECRET or DATA_DIR/secrets/jwt-secret. */
export const FIRST_JWT_KEY_ID = 'j1';

/** The server's two secrets, as bytes. */
export interface ServerSecrets {
  /** The current HMAC key: access tokens (HS256) and the refresh-token successor derivation. */
  jwtSecret: Uint8Array;
  /** Every access-token key by id (a rotation keeps the older ones for verifying). */
  jwtKeys: JwtKeys;
  /** AES-256-GCM keys for fields encrypted at rest (PPSN, IBAN, signature, TOTP secret). */
  keyring: Keyring;
  /** Where each came from, for the start-up log (never the value). */
  sources: { jwtSecret: 'env' | 'file'; encryptionKey: 'env' | 'file' };
}

/** The id the single key of ENCRYPTION_KEY or DATA_DIR/secrets/encryption-key goes by. */
export const FIRST_KEY_ID = 'k1';
const KEYRING_FILE = 'encryption-keys';
const SINGLE_KEY_FILE = 'encryption-key';

/**
 * Parses a keyring written as `id:hex` entries separated by commas or new lines, the current key
 * first (the syntax of ENCRYPTION_KEYS and of DATA_DIR/secrets/encryption-keys). Errors name the
 * entry's position and id, never key material.
 */
export function parseKeyring(text: string, origin: string): Keyring {
  const entries = text
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !entry.startsWith('#'))
    .map((entry, index): [string, Uint8Array] => {
      const [id = '', hex = '', ...extra] = entry.split(':');
      if (!KEY_ID.test(id) || extra.length > 0) throw new Error(`${origin}: entry ${index + 1} must be <key id>:<64 hex characters> (id: letters, digits, "_" or "-").`);
      if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${origin}: key "${id}" must be 64 hex characters.`);
      return [id, Buffer.from(hex, 'hex')];
    });
  if (entries.length === 0) throw new Error(`${origin}: no key.`);
  return createKeyring(entries);
}

function formatKeyring(keyring: Keyring): string {
  const ordered = [keyring.currentId, ...[...keyring.keys.keys()].filter((id) => id !== keyring.currentId)];
  return ordered.map((id) => `${id}:${Buffer.from(keyring.keys.get(id)!).toString('hex')}`).join('\n') + '\n';
}

/** The embedded default's keyring: DATA_DIR/secrets/encryption-keys, else the single key file (created on first start). */
function fileKeyring(dir: string): Keyring {
  let text: string | undefined;
  try {
    text = readFileSync(path.join(dir, KEYRING_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== undefined) return parseKeyring(text, `${path.join(dir, KEYRING_FILE)}`);
  const keyHex = fileSecret(path.join(dir, SINGLE_KEY_FILE), () => randomBytes(32).toString('hex'));
  if (!/^[0-9a-f]{64}$/i.test(keyHex)) throw new Error('The encryption key must be 64 hex characters.');
  return createKeyring([[FIRST_KEY_ID, Buffer.from(keyHex, 'hex')]]);
}

/**
 * Adds a fresh key to the embedded default's keyring and makes it current (the older keys stay,
 * for decrypting until `reencrypt` has moved everything). Written to a temporary file, then
 * renamed over DATA_DIR/secrets/encryption-keys (mode 0600). Returns the new key's id.
 */
export function rotateFileKeyring(dataDir: string): string {
  const dir = path.join(dataDir, 'secrets');
  const ring = fileKeyring(dir);
  let n = ring.keys.size + 1;
  while (ring.keys.has(`k${n}`)) n += 1;
  const id = `k${n}`;
  const next = createKeyring([[id, randomBytes(32)], ...ring.keys]);
  const file = path.join(dir, KEYRING_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, formatKeyring(next), { mode: 0o600 });
  renameSync(temporary, file);
  return id;
}

/**
 * Drops every key but the current one from the embedded default's keyring (after `reencrypt`
 * reported nothing left on them), and the first key's file with them. Returns the ids dropped.
 */
export function retireFileKeys(dataDir: string): string[] {
  const dir = path.join(dataDir, 'secrets');
  const ring = fileKeyring(dir);
  const retired = [...ring.keys.keys()].filter((id) => id !== ring.currentId);
  if (retired.length === 0) return [];
  const file = path.join(dir, KEYRING_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, formatKeyring(createKeyring([[ring.currentId, ring.keys.get(ring.currentId)!]])), { mode: 0o600 });
  renameSync(temporary, file);
  // The first key's own file, superseded by the keyring file since the first rotation.
  rmSync(path.join(dir, SINGLE_KEY_FILE), { force: true });
  return retired;
}

/**
 * Reads a secret file, or creates it with fresh random bytes (mode 0600) on first start.
 * `wx` makes creation atomic: when two processes start at once, one writes and both read it.
 */
function fileSecret(file: string, create: () => string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, create() + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

/**
 * JWT_SECRET and the encryption keys from the environment when set (required for several
 * processes on one database: every process must hold the same keys); otherwise generated once
 * and kept under DATA_DIR/secrets/ for the embedded single-process default. The keys: the
 * keyring ENCRYPTION_KEYS (`id:hex,...`, current first), or the single ENCRYPTION_KEY (id
 * {@link FIRST_KEY_ID}); in the embedded default DATA_DIR/secrets/encryption-keys (same syntax,
 * one per line) once a key was rotated, else DATA_DIR/secrets/encryption-key.
 */
export function loadSecrets(options: {
  jwtSecret: string | undefined;
  /** JWT_SECRETS: `<key id>:<secret>` entries separated by commas, the current first. */
  jwtSecrets?: string | undefined;
  encryptionKey: string | undefined;
  encryptionKeys?: string | undefined;
  /** The id of ENCRYPTION_KEYS that encrypts (ENCRYPTION_KEY_CURRENT); default its first. */
  encryptionKeyCurrent?: string | undefined;
  dataDir: string;
}): ServerSecrets {
  const dir = path.join(options.dataDir, 'secrets');
  const jwtEntries: [string, string][] = options.jwtSecrets
    ? options.jwtSecrets.split(',').map((entry) => {
        const [id = '', secret = ''] = entry.trim().split(':');
        return [id, secret];
      })
    : [[FIRST_JWT_KEY_ID, options.jwtSecret ?? fileSecret(path.join(dir, 'jwt-secret'), () => randomBytes(48).toString('base64url'))]];
  for (const [id, secret] of jwtEntries) {
    if (secret.length < 32) throw new Error(`The JWT secret "${id}" must be at least 32 characters.`);
    if (new Set(secret).size < 10) throw new Error(`The JWT secret "${id}" is too predictable: use 32 or more random characters.`);
  }
  const jwtKeys: JwtKeys = { currentId: jwtEntries[0]![0], keys: new Map(jwtEntries.map(([id, secret]) => [id, new TextEncoder().encode(secret)])) };
  if (options.encryptionKey && options.encryptionKeys) throw new Error('Set ENCRYPTION_KEYS or ENCRYPTION_KEY, not both.');
  if (options.encryptionKeyCurrent !== undefined && !options.encryptionKeys) throw new Error('ENCRYPTION_KEY_CURRENT names a key of ENCRYPTION_KEYS, which is not set.');
  let keyring: Keyring;
  if (options.encryptionKeys) {
    keyring = parseKeyring(options.encryptionKeys, 'ENCRYPTION_KEYS');
    if (options.encryptionKeyCurrent !== undefined) {
      if (!keyring.keys.has(options.encryptionKeyCurrent)) throw new Error(`ENCRYPTION_KEY_CURRENT: "${options.encryptionKeyCurrent}" is not a key id of ENCRYPTION_KEYS.`);
      keyring = { ...keyring, currentId: options.encryptionKeyCurrent };
    }
  } else if (options.encryptionKey) {
    if (!/^[0-9a-f]{64}$/i.test(options.encryptionKey)) throw new Error('The encryption key must be 64 hex characters.');
    keyring = createKeyring([[FIRST_KEY_ID, Buffer.from(options.encryptionKey, 'hex')]]);
  } else {
    keyring = fileKeyring(dir);
  }
  return {
    jwtSecret: jwtKeys.keys.get(jwtKeys.currentId)!,
    jwtKeys,
    keyring,
    sources: { jwtSecret: options.jwtSecret || options.jwtSecrets ? 'env' : 'file', encryptionKey: options.encryptionKey || options.encryptionKeys ? 'env' : 'file' },
  };
}
