import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import type { Database } from '../db/index.ts';
import * as schema from '../db/schema.ts';

/**
 * Logical backups of every table of the schema (`npm run ops -- backup|restore`): one JSON file,
 * read in one REPEATABLE READ transaction, so it is a consistent snapshot while the server runs.
 * It records the newest migration the database had; a restore refuses a file from a newer schema
 * (its tables may hold columns this code does not know), and fills columns added since an older
 * one with their defaults.
 */
export const BACKUP_FORMAT = 'maxout-backup';
export const BACKUP_VERSION = 1;

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** The newest migration applied to the database it was taken from. */
  schema: { tag: string; when: number };
  /** Table name → its rows, as PostgreSQL's json_agg wrote them. */
  tables: Record<string, Record<string, unknown>[]>;
}

export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** The migrations this code has, newest last. */
function committedMigrations(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

interface TableInfo {
  name: string;
  quoted: string;
  /** Tables this one references (restored first). */
  references: string[];
  /** Identity and serial columns, whose sequences continue after the restored rows. */
  sequenceColumns: string[];
}

/** Every table of the schema, parents before the tables that reference them. */
export function schemaTablesInOrder(): TableInfo[] {
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTableClass))
    .map((table) => {
      const config = getTableConfig(table);
      return {
        name: config.name,
        quoted: `"${config.name}"`,
        references: config.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name).filter((name) => name !== config.name),
        sequenceColumns: config.columns.filter((column) => Boolean((column as { generatedIdentity?: unknown }).generatedIdentity) || /Serial/.test(column.columnType)).map((column) => column.name),
      };
    });
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table.name) && table.references.every((name) => placed.has(name)));
    if (ready.length === 0) throw new Error('The schema has a cycle of foreign keys');
    for (const table of ready.sort((a, b) => a.name.localeCompare(b.name))) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

async function rows<T>(executor: { execute(query: ReturnType<typeof sql>): Promise<unknown> }, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await executor.execute(query)) as { rows?: T[] }).rows ?? [];
}

/** A consistent snapshot of every table. */
export async function createBackup(database: Database, now: Date = new Date()): Promise<BackupFile> {
  return database.db.transaction(
    async (tx) => {
      const [newest] = await rows<{ created_at: string }>(tx, sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`);
      const when = Number(newest?.created_at);
      const tag = committedMigrations().find((migration) => migration.when === when)?.tag ?? `unknown (${when})`;
      const tables: BackupFile['tables'] = {};
      for (const table of schemaTablesInOrder()) {
        const [result] = await rows<{ data: Record<string, unknown>[] | string }>(tx, sql.raw(`select coalesce(json_agg(t), '[]'::json) as data from ${table.quoted} t`));
        const data = result?.data ?? [];
        tables[table.name] = typeof data === 'string' ? (JSON.parse(data) as Record<string, unknown>[]) : data;
      }
      return { format: BACKUP_FORMAT, version: BACKUP_VERSION, created_at: now.toISOString(), schema: { tag, when }, tables };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Checks a parsed file before anything is changed: its format, and a schema no newer than this code's. */
export function checkBackup(file: unknown): BackupFile {
  const backup = file as Partial<BackupFile> | null;
  if (!backup || backup.format !== BACKUP_FORMAT || typeof backup.tables !== 'object' || !backup.schema) throw new BackupRefused('Not a MaxOut backup file.');
  if (backup.version !== BACKUP_VERSION) throw new BackupRefused(`Backup format version ${String(backup.version)} is not ${BACKUP_VERSION}.`);
  const newest = committedMigrations().at(-1)!;
  if (backup.schema.when > newest.when) {
    throw new BackupRefused(`The backup is from a newer schema (${backup.schema.tag}) than this version knows (${newest.tag}): restore it with the version that made it.`);
  }
  const known = new Set(schemaTablesInOrder().map((table) => table.name));
  const unknown = Object.keys(backup.tables).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new BackupRefused(`The backup has tables this version does not know: ${unknown.join(', ')}.`);
  return backup as BackupFile;
}

/**
 * Replaces every table's rows with the backup's, in one transaction: all or nothing. Refuses a
 * database that holds accounts unless `replace` is given (it would erase them).
 */
export async function restoreBackup(database: Database, file: unknown, options: { replace?: boolean } = {}): Promise<Record<string, number>> {
  const backup = checkBackup(file);
  const tables = schemaTablesInOrder();
  return database.db.transaction(async (tx) => {
    const [existing] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from users`);
    if ((existing?.n ?? 0) > 0 && !options.replace) throw new BackupRefused(`The database holds ${existing?.n} accounts: restoring would erase them. Add --replace to do so.`);
    // Children first, then parents.
    for (const table of [...tables].reverse()) await tx.execute(sql.raw(`delete from ${table.quoted}`));
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const data = backup.tables[table.name] ?? [];
      counts[table.name] = data.length;
      if (data.length === 0) continue;
      // The backup's own columns: a column added since then takes its default.
      const columns = Object.keys(data[0]!)
        .map((name) => `"${name.replace(/"/g, '""')}"`)
        .join(', ');
      await tx.execute(
        sql`${sql.raw(`insert into ${table.quoted} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table.quoted},`)} ${JSON.stringify(data)}::json)`,
      );
      for (const column of table.sequenceColumns) {
        await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${table.quoted}', '${column}'), (select max("${column}") from ${table.quoted}))`));
      }
    }
    return counts;
  });
}
