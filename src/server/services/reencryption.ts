import { and, asc, count, eq, gt, isNotNull, isNull, not, like } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import { bankAccounts, directDebitMandates, payeAuthorisations, recoveryCodes, twoFactorSettings, users } from '../db/schema.ts';
import { type Keyring, UnknownKeyError, currentEnvelopePrefix, decryptField, encryptField, envelopeKeyId } from './crypto.ts';
import { bankIbanAad } from './bankAccounts.ts';
import { ibanAad } from './directDebits.ts';
import { payeAad } from './payeAuthorisations.ts';
import { secretAad } from './twoFactor.ts';
import { ppsnAad } from './users.ts';

/** One encrypted column: where it is, how its rows are keyed, and the associated data a row's value is bound to. */
export interface EncryptedColumn {
  /** `table.column`, as the database names them. */
  readonly name: string;
  readonly table: PgTable;
  /** The row's key (ordered, for batches). */
  readonly id: PgColumn;
  readonly value: PgColumn;
  /** The property of `value` in the Drizzle table. */
  readonly property: string;
  aad(id: string): string;
}

/** Every column holding an AES-GCM envelope. A test compares it with the schema's `*_encrypted` columns. */
export const ENCRYPTED_COLUMNS: readonly EncryptedColumn[] = [
  { name: 'users.ppsn_encrypted', table: users, id: users.id, value: users.ppsnEncrypted, property: 'ppsnEncrypted', aad: ppsnAad },
  {
    name: 'paye_authorisations.ppsn_encrypted',
    table: payeAuthorisations,
    id: payeAuthorisations.id,
    value: payeAuthorisations.ppsnEncrypted,
    property: 'ppsnEncrypted',
    aad: (id) => payeAad(id, 'ppsn'),
  },
  {
    name: 'paye_authorisations.signature_encrypted',
    table: payeAuthorisations,
    id: payeAuthorisations.id,
    value: payeAuthorisations.signatureEncrypted,
    property: 'signatureEncrypted',
    aad: (id) => payeAad(id, 'signature'),
  },
  {
    name: 'direct_debit_mandates.iban_encrypted',
    table: directDebitMandates,
    id: directDebitMandates.id,
    value: directDebitMandates.ibanEncrypted,
    property: 'ibanEncrypted',
    aad: ibanAad,
  },
  {
    name: 'bank_accounts.iban_encrypted',
    table: bankAccounts,
    id: bankAccounts.id,
    value: bankAccounts.ibanEncrypted,
    property: 'ibanEncrypted',
    aad: bankIbanAad,
  },
  {
    name: 'two_factor_settings.secret_encrypted',
    table: twoFactorSettings,
    id: twoFactorSettings.userId,
    value: twoFactorSettings.secretEncrypted,
    property: 'secretEncrypted',
    aad: secretAad,
  },
];

/** What re-encrypting one column did. */
export interface ColumnReport {
  column: string;
  /** Values found under the current key before this run. */
  alreadyCurrent: number;
  /** Values moved to the current key by this run. */
  moved: number;
  /** Values that could not be decrypted (row id and why); they are left as they are. */
  failed: { id: string; reason: string }[];
}

export interface ReencryptionReport {
  currentKeyId: string;
  columns: ColumnReport[];
  /** Unused recovery codes hashed under an older key: they stop working when that key is retired. */
  recoveryCodesOnOlderKeys: number;
}

/** A LIKE pattern matching strings that start with `prefix` literally. */
function startsWith(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Moves every encrypted value to the keyring's current key. Each column is walked in batches in
 * id order; a batch is one transaction that locks its rows, decrypts each value with the key it
 * names (or the legacy way) and writes it under the current key, bound to the same row as before.
 * Values already on the current key are never selected, so the walk is idempotent, and an
 * interrupted run resumes where it stopped when run again. A value that cannot be decrypted (a key
 * the server lacks, or tampering) is reported by row id and left untouched.
 */
export function createReencryptionService(deps: { db: Db; keyring: Keyring }) {
  const { db, keyring } = deps;
  const pattern = startsWith(currentEnvelopePrefix(keyring));

  const countWhere = async (column: EncryptedColumn, current: boolean) => {
    const [row] = await db
      .select({ n: count() })
      .from(column.table)
      .where(and(isNotNull(column.value), current ? like(column.value, pattern) : not(like(column.value, pattern))));
    return Number(row?.n ?? 0);
  };

  const reencryptColumn = async (column: EncryptedColumn, batchSize: number, onBatch?: (report: ColumnReport) => void): Promise<ColumnReport> => {
    const report: ColumnReport = { column: column.name, alreadyCurrent: await countWhere(column, true), moved: 0, failed: [] };
    let after: string | null = null;
    for (;;) {
      const last = after;
      const batch: { id: string; value: string }[] = await db.transaction(async (tx) => {
        const rows = (await tx
          .select({ id: column.id, value: column.value })
          .from(column.table)
          .where(and(isNotNull(column.value), not(like(column.value, pattern)), last === null ? undefined : gt(column.id, last)))
          .orderBy(asc(column.id))
          .limit(batchSize)
          .for('update')) as { id: string; value: string }[];
        for (const row of rows) {
          let plaintext: string;
          try {
            plaintext = decryptField(keyring, row.value, column.aad(row.id));
          } catch (error) {
            const keyId = envelopeKeyId(row.value);
            report.failed.push({
              id: row.id,
              reason: error instanceof UnknownKeyError ? `key "${error.keyId}" is not in the keyring` : `does not decrypt under key "${keyId ?? 'unknown'}" (altered or moved)`,
            });
            continue;
          }
          await tx
            .update(column.table)
            .set({ [column.property]: encryptField(keyring, plaintext, column.aad(row.id)) })
            .where(and(eq(column.id, row.id), eq(column.value, row.value)));
          report.moved += 1;
        }
        return rows;
      });
      onBatch?.(report);
      if (batch.length < batchSize) return report;
      after = batch[batch.length - 1]!.id;
    }
  };

  const recoveryCodesOnOlderKeys = async (): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(isNull(recoveryCodes.usedAt), not(like(recoveryCodes.codeHash, startsWith(`${keyring.currentId}:`)))));
    return Number(row?.n ?? 0);
  };

  return {
    keyring,

    /** Values per column not yet on the current key (0 everywhere: the older keys may be retired). */
    async remaining(): Promise<{ column: string; count: number }[]> {
      return Promise.all(ENCRYPTED_COLUMNS.map(async (column) => ({ column: column.name, count: await countWhere(column, false) })));
    },

    recoveryCodesOnOlderKeys,

    /** Re-encrypts every column (see the service comment); `onBatch` hears progress after each batch. */
    async run(options: { batchSize?: number; onBatch?: (report: ColumnReport) => void } = {}): Promise<ReencryptionReport> {
      const batchSize = options.batchSize ?? 500;
      const columns: ColumnReport[] = [];
      for (const column of ENCRYPTED_COLUMNS) columns.push(await reencryptColumn(column, batchSize, options.onBatch));
      return { currentKeyId: keyring.currentId, columns, recoveryCodesOnOlderKeys: await recoveryCodesOnOlderKeys() };
    },
  };
}

export type ReencryptionService = ReturnType<typeof createReencryptionService>;
