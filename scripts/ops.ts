/**
 * Operator commands (there are no admin screens):
 *
 *   npm run ops -- claims list <email>                                 a user's claims and their ids
 *   npm run ops -- claims approve|reject|pending <claimId> [category]  decide a claim, or one category of it
 *   npm run ops -- reencrypt [--batch N]                               move every encrypted value to the current key
 *   npm run ops -- keys rotate|retire [--force]                        the embedded default's keyring file (docs/configuration.md, key rotation)
 *   npm run ops -- backup <file>                                       every table, one consistent JSON snapshot (also while the server runs)
 *   npm run ops -- restore <file> [--replace]                          every table back from such a file (server stopped)
 *   npm run ops -- hold on|off <email>                                 legal hold: nothing of the user's is deleted until lifted
 *
 * The database is the server's (same configuration: DATABASE_URL, else DATA_DIR/pglite). Output
 * names claims by id, year, category, status and amount only — never what the user entered.
 * Key commands print key ids and counts, never key material or values.
 * Exit codes: 0 done, 1 refused (unknown account, claim or category; values that cannot be
 * decrypted; keys from the environment), 2 usage.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isForm11Category } from '../src/domain/catalogue.ts';
import { formatEuro } from '../src/domain/money.ts';
import type { ClaimStatus, Form11Entry } from '../src/domain/schemas/form11Entry.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/index.ts';
import { type Form11EntryRow, toApiForm11Entry } from '../src/server/services/form11Entries.ts';
import type { Services } from '../src/server/services/index.ts';
import { isPayeAuthorisationInForce } from '../src/server/services/users.ts';

export const USAGE = `Usage:
  npm run ops -- claims list <email>
  npm run ops -- claims approve|reject|pending <claimId> [category]
  npm run ops -- reencrypt [--batch N]
  npm run ops -- keys rotate|retire [--force]
  npm run ops -- backup <file>
  npm run ops -- restore <file> [--replace]
  npm run ops -- hold on|off <email>`;

const DECISIONS: Readonly<Record<string, ClaimStatus>> = { approve: 'approved', reject: 'rejected', pending: 'pending' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The embedded default's keyring file (DATA_DIR/secrets); absent when the keys come from the environment. */
export interface KeyFile {
  /** Adds a new current key; returns its id. */
  rotate(): string;
  /** Drops every key but the current one; returns the ids dropped. */
  retire(): string[];
}

export interface OpsDeps {
  services: Pick<Services, 'users' | 'form11Entries' | 'reencryption' | 'refundCalculator' | 'clock'>;
  keyFile?: KeyFile | undefined;
  /** Where results go (stdout). */
  out(line: string): void;
  /** Where refusals and usage go (stderr). */
  err(line: string): void;
}

const money = (euro: number) => formatEuro(euro, { keepZeroDecimals: true });

/**
 * A claim as the profile shows it (its figures worked out the same way, as one computation, with
 * its status and approved total), one line per category and a note under a line the claim's
 * limits cut.
 */
function describeClaim(entry: Form11Entry): string[] {
  const lines = [
    `Claim ${entry.id} (${entry.year}): ${entry.status}, estimated refund ${money(entry.estimatedRefund ?? 0)}, approved refund ${money(entry.totalApprovedRefund)}`,
  ];
  if (entry.assessment) lines.push(`  ${entry.assessment}`);
  for (const [category, status] of Object.entries(entry.categoryStatuses).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${category.padEnd(32)} ${status.padEnd(8)} ${money(entry.categoryRefunds[category] ?? 0)}`);
    const note = entry.categoryNotes?.[category];
    if (note) lines.push(`    ${note}`);
  }
  return lines;
}

/** A stored claim as its owner's profile shows it now. */
async function shown(row: Form11EntryRow, services: OpsDeps['services']): Promise<Form11Entry> {
  const owner = await services.users.findById(row.userId);
  if (!owner) throw new Error(`claim ${row.id} has no owner`);
  return toApiForm11Entry(row, await services.refundCalculator.ownerOf(owner));
}

export type OpsCommand =
  | { readonly action: 'list'; readonly email: string }
  | { readonly action: 'decide'; readonly decision: ClaimStatus; readonly claimId: string; readonly category: string | undefined }
  | { readonly action: 'reencrypt'; readonly batchSize: number }
  | { readonly action: 'keys'; readonly op: 'rotate' | 'retire'; readonly force: boolean }
  | { readonly action: 'backup'; readonly file: string }
  | { readonly action: 'restore'; readonly file: string; readonly replace: boolean }
  | { readonly action: 'hold'; readonly on: boolean; readonly email: string };

const DEFAULT_BATCH = 500;

/** The command a command line asks for (without `node ops.ts`), or null when it is not one. */
export function parseOpsCommand(argv: readonly string[]): OpsCommand | null {
  let positionals: string[];
  let batch: string | undefined;
  let force: boolean | undefined;
  let replace: boolean | undefined;
  try {
    ({
      positionals,
      values: { batch, force, replace },
    } = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { batch: { type: 'string' }, force: { type: 'boolean' }, replace: { type: 'boolean' } } }));
  } catch {
    return null;
  }
  const [area, action = '', target, category, ...extra] = positionals;
  if (area === 'backup' || area === 'restore') {
    if (positionals.length !== 2 || batch !== undefined || force !== undefined || (area === 'backup' && replace !== undefined)) return null;
    return area === 'backup' ? { action: 'backup', file: action } : { action: 'restore', file: action, replace: replace === true };
  }
  if (replace !== undefined) return null;
  if (area === 'reencrypt') {
    if (positionals.length > 1 || (batch !== undefined && !/^[1-9]\d{0,4}$/.test(batch))) return null;
    return { action: 'reencrypt', batchSize: batch === undefined ? DEFAULT_BATCH : Number(batch) };
  }
  if (batch !== undefined) return null;
  if (area === 'keys') {
    if (force && action !== 'retire') return null;
    return (action === 'rotate' || action === 'retire') && positionals.length === 2 ? { action: 'keys', op: action, force: force === true } : null;
  }
  if (force !== undefined) return null;
  if (area === 'hold') return (action === 'on' || action === 'off') && target !== undefined && positionals.length === 3 ? { action: 'hold', on: action === 'on', email: target } : null;
  if (area !== 'claims' || target === undefined || extra.length > 0) return null;
  if (action === 'list') return category === undefined ? { action, email: target } : null;
  const decision = DECISIONS[action];
  return decision ? { action: 'decide', decision, claimId: target, category } : null;
}

/** Runs one command; resolves with the exit code. */
export async function runOpsCommand(command: OpsCommand, deps: OpsDeps): Promise<number> {
  const { services, out, err } = deps;
  if (command.action === 'reencrypt') return reencrypt(command.batchSize, deps);
  if (command.action === 'keys') return keys(command.op, command.force, deps);
  if (command.action === 'backup' || command.action === 'restore') {
    err('backup and restore run on the database itself: use runBackupCommand.');
    return 2;
  }
  if (command.action === 'hold') {
    // A Revenue enquiry or a dispute: nothing of the user's is deleted while it is open (checklist G4).
    const held = await services.users.setLegalHold(command.email, command.on);
    if (!held) {
      err('No account with that email.');
      return 1;
    }
    out(command.on ? `Legal hold on for ${command.email}: nothing of theirs is deleted until it is lifted.` : `Legal hold lifted for ${command.email}: what is past its retention is deleted at the next housekeeping.`);
    return 0;
  }
  if (command.action === 'list') {
    const user = await services.users.findByEmail(command.email);
    if (!user) {
      err('No account with that email.');
      return 1;
    }
    const claims = await services.form11Entries.listForUser(user.id);
    if (claims.length === 0) out('No claims.');
    const owner = await services.refundCalculator.ownerOf(user);
    for (const row of claims) for (const line of describeClaim(toApiForm11Entry(row, owner))) out(line);
    return 0;
  }

  const { decision, claimId, category } = command;
  const before = UUID.test(claimId) ? await services.form11Entries.findById(claimId) : undefined;
  if (!before) {
    err(`No claim with id ${claimId}.`);
    return 1;
  }
  const categories = Object.keys(before.snapshot).sort();
  if (category !== undefined && !categories.includes(category)) {
    const problem = isForm11Category(category) ? `Claim ${claimId} has no category ${category}` : `Unknown category ${category}`;
    err(`${problem}; the claim's categories: ${categories.join(', ') || 'none'}.`);
    return 1;
  }
  // Opting out of the PAYE authorisation pauses refund processing until the user enables it again.
  if (decision === 'approved') {
    const owner = await services.users.findById(before.userId);
    if (owner?.optOutPayeAuth) {
      err(`Claim ${claimId} cannot be approved: its owner has opted out of PAYE authorisation, so refund processing is paused until they enable it again.`);
      return 1;
    }
    // We act with Revenue only under a signed authorisation in force: one that lapsed (4 years) no longer counts.
    if (!owner || !isPayeAuthorisationInForce(owner, services.clock.now())) {
      const lapsed = owner?.payeA1Authorized === true;
      err(
        lapsed
          ? `Claim ${claimId} cannot be approved: its owner's PAYE authorisation lapsed on ${owner!.payeA1LapsesAt!.toISOString().slice(0, 10)}; they must sign it again first.`
          : `Claim ${claimId} cannot be approved: its owner has no PAYE authorisation in force.`,
      );
      return 1;
    }
  }
  const after = await services.form11Entries.decide(claimId, decision, category);
  if (!after) {
    err(`No claim with id ${claimId}.`);
    return 1;
  }
  const was = await shown(before, services);
  const now = await shown(after, services);
  for (const c of category === undefined ? categories : [category]) {
    out(`${c}: ${was.categoryStatuses[c] ?? 'pending'} → ${now.categoryStatuses[c] ?? 'pending'}`);
  }
  for (const line of describeClaim(now)) out(line);
  if (was.totalApprovedRefund !== now.totalApprovedRefund) {
    out(`Approved refund ${money(was.totalApprovedRefund)} → ${money(now.totalApprovedRefund)}`);
  }
  return 0;
}

/** `reencrypt`: every encrypted column moved to the current key, with counts per column. */
async function reencrypt(batchSize: number, deps: OpsDeps): Promise<number> {
  const { services, out, err } = deps;
  const currentId = services.reencryption.keyring.currentId;
  out(`Re-encrypting to key ${currentId} in batches of ${batchSize}.`);
  const report = await services.reencryption.run({ batchSize });
  let failed = 0;
  for (const column of report.columns) {
    out(`${column.column}: ${column.moved} moved, ${column.alreadyCurrent} already on ${currentId}, ${column.failed.length} could not be decrypted`);
    for (const failure of column.failed.slice(0, 20)) err(`  ${column.column} row ${failure.id}: ${failure.reason}`);
    if (column.failed.length > 20) err(`  … and ${column.failed.length - 20} more`);
    failed += column.failed.length;
  }
  const moved = report.columns.reduce((sum, column) => sum + column.moved, 0);
  if (report.recoveryCodesOnOlderKeys > 0) {
    out(
      `${report.recoveryCodesOnOlderKeys} unused two-step recovery codes are hashed under an older key (hashes cannot be re-encrypted): they stop working when that key is retired, and their owners can turn two-step sign-in off and on again for new ones.`,
    );
  }
  if (failed > 0) {
    err(`${moved} values moved; ${failed} could not be decrypted and were left as they were: keep their keys in the keyring.`);
    return 1;
  }
  out(`${moved} values moved; every encrypted value is on key ${currentId}.`);
  return 0;
}

/**
 * `keys rotate|retire`: the embedded default's keyring file; retiring only once nothing is left on
 * older keys, and unused recovery codes hashed under them only with `--force` (they would stop
 * working, and a user without their phone could be locked out).
 */
async function keys(op: 'rotate' | 'retire', force: boolean, deps: OpsDeps): Promise<number> {
  const { services, keyFile, out, err } = deps;
  if (!keyFile) {
    err('The encryption keys come from the environment: change ENCRYPTION_KEYS on every process instead (docs/configuration.md, "Rotating the encryption key").');
    return 1;
  }
  if (op === 'rotate') {
    const id = keyFile.rotate();
    out(`Key ${id} added and made current; the older keys stay for decrypting. Move the existing values to it with: npm run ops -- reencrypt`);
    return 0;
  }
  const left = (await services.reencryption.remaining()).filter((column) => column.count > 0);
  if (left.length > 0) {
    for (const column of left) err(`${column.column}: ${column.count} values not on key ${services.reencryption.keyring.currentId}`);
    err('Nothing retired: run npm run ops -- reencrypt first.');
    return 1;
  }
  const codes = await services.reencryption.recoveryCodesOnOlderKeys();
  if (codes > 0 && !force) {
    err(
      `Nothing retired: ${codes} unused two-step recovery codes are hashed under an older key and would stop working. ` +
        'Ask their owners to make new ones (turn two-step sign-in off and on), or retire anyway with: npm run ops -- keys retire --force',
    );
    return 1;
  }
  const retired = keyFile.retire();
  out(retired.length === 0 ? 'Only the current key is held; nothing to retire.' : `Retired ${retired.join(', ')}; the keyring holds ${services.reencryption.keyring.currentId} only.`);
  return 0;
}

/**
 * `backup <file>` and `restore <file> [--replace]` on an open database (services/backup.ts).
 * Prints table and row counts, never a value.
 */
export async function runBackupCommand(
  command: Extract<OpsCommand, { action: 'backup' | 'restore' }>,
  database: Database,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [{ BackupRefused, createBackup, restoreBackup }, { writeFileWhole }] = await Promise.all([import('../src/server/services/backup.ts'), import('../src/server/backupRequests.ts')]);
  if (command.action === 'backup') {
    const backup = await createBackup(database);
    writeFileWhole(command.file, JSON.stringify(backup));
    const rows = Object.values(backup.tables).reduce((sum, table) => sum + table.length, 0);
    out(`Backed up ${Object.keys(backup.tables).length} tables, ${rows} rows (schema ${backup.schema.tag}) to ${command.file}.`);
    return 0;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(command.file, 'utf8'));
  } catch (error) {
    err(`Cannot read ${command.file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const counts = await restoreBackup(database, parsed, { replace: command.replace });
    out(`Restored ${Object.keys(counts).length} tables, ${Object.values(counts).reduce((a, b) => a + b, 0)} rows from ${command.file}.`);
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused) {
      err(`Nothing restored: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** A whole command line: usage (exit 2) when it is not a command. */
export async function runOps(argv: readonly string[], deps: OpsDeps): Promise<number> {
  const command = parseOpsCommand(argv);
  if (!command) {
    deps.err(USAGE);
    return 2;
  }
  return runOpsCommand(command, deps);
}

/**
 * Why the embedded database cannot be opened here, or null. PGlite serves one process per data
 * directory and writes `postmaster.pid` while open (its pid is always -42, so liveness cannot be
 * checked): while it is there, the server is running or stopped without closing the database.
 */
export function embeddedDatabaseProblem(dir: string): string | null {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    return `No database in ${dir}: set DATA_DIR to the server's data directory, or DATABASE_URL.`;
  }
  if (existsSync(path.join(dir, 'postmaster.pid'))) {
    return `The embedded database in ${dir} is open in another process: stop the server first (PGlite allows one process per data directory). If no server is running, it stopped without closing the database: start and stop it once, then run this again.`;
  }
  return null;
}

async function main(): Promise<number> {
  const command = parseOpsCommand(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  // The embedded database is open in the running server: that process writes the backup.
  if (command.action === 'backup' && !config.databaseUrl && existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    const { requestBackupFromServer } = await import('../src/server/backupRequests.ts');
    const answer = await requestBackupFromServer(config.dataDir, command.file);
    if (answer) {
      if (!answer.ok) {
        console.error(`Backup failed: ${answer.error ?? 'unknown error'}`);
        return 1;
      }
      console.log(`Backed up ${answer.tables} tables, ${answer.rows} rows to ${command.file} (written by the running server).`);
      return 0;
    }
  }
  if (!config.databaseUrl) {
    const problem = embeddedDatabaseProblem(pgliteDir);
    if (problem) {
      console.error(problem);
      return 1;
    }
  }
  // Opened and composed as src/server/main.ts does; logs (warnings only) go to stderr. The
  // server's modules load only now, so a usage error or a refusal above answers at once.
  const [{ default: pino }, { openDatabase }, { systemClock }, { createServices }, { createLogger, createMailPrinter }, { logTransport }, { loadSecrets, retireFileKeys, rotateFileKeyring }] = await Promise.all([
    import('pino'),
    import('../src/server/db/index.ts'),
    import('../src/server/services/clock.ts'),
    import('../src/server/services/index.ts'),
    import('../src/server/services/logger.ts'),
    import('../src/server/services/mailer.ts'),
    import('../src/server/services/secrets.ts'),
  ]);
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: pgliteDir });
  if (command.action === 'backup' || command.action === 'restore') {
    try {
      return await runBackupCommand(command, database, (line) => console.log(line), (line) => console.error(line));
    } finally {
      await database.close();
    }
  }
  try {
    const stderr = pino.destination({ dest: 2, sync: true });
    const secrets = loadSecrets({ jwtSecret: config.jwtSecret, encryptionKey: config.encryptionKey, encryptionKeys: config.encryptionKeys, encryptionKeyCurrent: config.encryptionKeyCurrent, dataDir: config.dataDir });
    const services = createServices({
      database,
      log: createLogger({ level: 'warn', destination: stderr }),
      clock: systemClock,
      publicUrl: config.publicUrl,
      jwtSecret: secrets.jwtSecret,
      keyring: secrets.keyring,
      mailTransport: logTransport(createMailPrinter(stderr)),
    });
    const keysFromEnv = Boolean(config.encryptionKey || config.encryptionKeys);
    const keyFile: KeyFile | undefined = keysFromEnv ? undefined : { rotate: () => rotateFileKeyring(config.dataDir), retire: () => retireFileKeys(config.dataDir) };
    return await runOpsCommand(command, { services, keyFile, out: (line) => console.log(line), err: (line) => console.error(line) });
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
