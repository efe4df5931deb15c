/**
 * Round-up figures for `npm run bench` (no pass/fail), on PGlite (a fresh DATA_DIR) and on
 * PostgreSQL (a throwaway cluster, or DATABASE_URL when set; its bench users are deleted after):
 *
 * 1. Ingest: four users link the sandbox bank's current account, each with about 25,000
 *    transactions over the 90 days the bank keeps; the link's first read writes them all (budget
 *    ≥ 5,000 rows/s). Reading every account again must add none.
 * 2. Apply: one user with 10,000 pending round-ups confirms them: one batch, one payment
 *    through the ledger (budget ≤ 1 s).
 * 3. Memory: the RSS growth of the process across both (budget ≤ 100 MB; PGlite runs in it).
 *    Each database runs in a fresh process started with the server's node options (package.json's
 *    `serve`, as `npm start` and the Dockerfile run it). The baseline is its RSS once the
 *    database is open and the services are built, as a server's after start; the figure is the
 *    RSS right after the apply, garbage not yet collected included (no collection is forced
 *    before it, nor any warm-up run before the baseline). `--memory` prints the process's memory
 *    by phase (RSS, the JS heap, memory outside it, PGlite's WebAssembly memory, and the mappings
 *    that grew by 2 MB or more).
 *
 * The services are the server's own (createServices), called in process: what is measured is
 * the reading, writing and paying, not HTTP.
 *
 *   node --import tsx scripts/benchRoundups.ts [--only pglite|postgres] [--memory]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/index.ts';
import { systemClock } from '../src/server/services/clock.ts';
import { createKeyring } from '../src/server/services/crypto.ts';
import { type Services, createServices } from '../src/server/services/index.ts';
import { createLogger } from '../src/server/services/logger.ts';
import { memoryTransport } from '../src/server/services/mailer.ts';
import { irishToday } from '../src/server/services/users.ts';
import { addDays } from '../src/domain/roundups.ts';
import { postgresUrl } from './benchApi.ts';
import { type Row, mb, ms, printTable, root, serverNodeFlags } from './benchSupport.ts';

const USERS = 4;
/** Extra card purchases per day on each current account: about 25,000 transactions in 90 days. */
const EXTRA_PURCHASES_PER_DAY = 275;
const APPLY_COUNT = 10_000;

const rssKb = () => Math.round(process.memoryUsage().rss / 1024);
/** Linux: the kernel's high-water mark of this process's RSS, reset to the RSS now (`clear_refs` 5); false elsewhere. */
function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}
/** The highest RSS since the last reset (VmHWM), or null where the kernel does not say. */
function peakRssKb(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
/** A full garbage collection now (the flag set at run time, as `node --expose-gc` would). */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
/** What the process holds now, in KiB: RSS, the JS heap (used and reserved), memory outside it, and PGlite's WebAssembly memory. */
interface MemorySnapshot {
  phase: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number | null;
  maps: ReturnType<typeof mappings>;
}
/** Resident KiB of each mapping of this process (Linux smaps), by start address; null elsewhere. */
function mappings(): Map<string, { name: string; size: number; rss: number }> | null {
  try {
    const out = new Map<string, { name: string; size: number; rss: number }>();
    let current: { name: string; size: number; rss: number } | undefined;
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (header) {
        current = { name: `${header[3]} ${header[4] ?? ''}`, size: Number((BigInt(`0x${header[2]}`) - BigInt(`0x${header[1]}`)) / 1024n), rss: 0 };
        out.set(header[1]!, current);
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss && current) current.rss = Number(rss[1]);
    }
    return out;
  } catch {
    return null;
  }
}
function memorySnapshot(phase: string, database: Database): MemorySnapshot {
  const usage = process.memoryUsage();
  // PGlite's Emscripten module (a field TypeScript calls protected): its memory only grows.
  const client = (database.db as unknown as { $client?: { mod?: { HEAPU8?: Uint8Array } } }).$client;
  const wasm = database.kind === 'pglite' ? client?.mod?.HEAPU8?.buffer.byteLength ?? null : null;
  const kib = (bytes: number) => Math.round(bytes / 1024);
  return {
    phase,
    rss: kib(usage.rss),
    heapUsed: kib(usage.heapUsed),
    heapTotal: kib(usage.heapTotal),
    external: kib(usage.external),
    arrayBuffers: kib(usage.arrayBuffers),
    wasm: wasm === null ? null : kib(wasm),
    maps: mappings(),
  };
}
function printSnapshots(label: string, snapshots: MemorySnapshot[]) {
  const base = snapshots[0]!;
  const cell = (now: number | null, before: number | null) => (now === null ? 'n/a' : `${(now / 1024).toFixed(1)} (${before === null ? '' : `${now - before >= 0 ? '+' : ''}${((now - before) / 1024).toFixed(1)}`})`);
  console.log(`\n${label}: memory by phase, MB (change since the first line)`);
  console.log(['phase', 'rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers', 'wasm'].join('\t'));
  for (const s of snapshots) {
    const grown = [...(s.maps ?? new Map()).entries()]
      .map(([address, map]) => ({ address, ...map, grew: map.rss - (base.maps?.get(address)?.rss ?? 0) }))
      .filter((map) => Math.abs(map.grew) >= 2048)
      .sort((a, b) => b.grew - a.grew)
      .map((map) => `${map.address} ${map.name} ${(map.size / 1024).toFixed(1)} MB: ${map.grew >= 0 ? '+' : ''}${(map.grew / 1024).toFixed(1)}`);
    console.log([s.phase, cell(s.rss, base.rss), cell(s.heapUsed, base.heapUsed), cell(s.heapTotal, base.heapTotal), cell(s.external, base.external), cell(s.arrayBuffers, base.arrayBuffers), cell(s.wasm, base.wasm)].join('\t'));
    if (grown.length > 0) console.log(`   mappings: ${grown.join('; ')}`);
  }
}
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const rate = (rows: number, elapsedMs: number) => `${Math.round(rows / (elapsedMs / 1000)).toLocaleString('en-IE')} rows/s`;

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as { rows?: { n: number | string }[] };
  return Number(result.rows?.[0]?.n ?? 0);
}

/** A verified user with a plan ID and the sandbox bank's current account linked; the link's first read is the ingest. */
async function linkedUser(services: Services, database: Database, email: string): Promise<{ userId: string; accountId: string }> {
  const userId = (await services.users.create({ email, dateOfBirth: '1985-04-02', maritalStatus: 'single', pensionPlanId: 'IL-12345678' }))!;
  await database.db.execute(sql`update users set email_verified_at = now(), annual_income_cents = 6000000 where id = ${userId}`);
  const started = await services.bankAccounts.startLink(userId, undefined);
  if ('refused' in started) throw new Error('link refused');
  const reference = started.url.split('/').pop()!;
  const decided = await services.sandboxBank!.decide(reference, { decision: 'approve', bank: 'sandbox-digital', accounts: ['0'], validity: '180d' });
  if (decided.kind !== 'redirect') throw new Error('the sandbox bank did not approve');
  const completed = await services.bankAccounts.completeLink(userId, started.consentId, decided.location.slice(decided.location.indexOf('?')));
  if (!completed || completed === 'invalid' || completed.accounts.length !== 1) throw new Error('link not completed');
  return { userId, accountId: completed.accounts[0]!.id };
}

async function benchOn(label: string, database: Database): Promise<Row[]> {
  const services = createServices({
    database,
    log: createLogger({ level: 'error' }),
    clock: systemClock,
    publicUrl: 'http://localhost',
    jwtSecret: randomBytes(32),
    keyring: createKeyring([['k1', randomBytes(32)]]),
    mailTransport: memoryTransport(),
    sandboxBankOptions: { extraPurchasesPerDay: EXTRA_PURCHASES_PER_DAY },
  });
  const run = randomBytes(3).toString('hex');
  const rows: Row[] = [];
  // The highest RSS while it runs (the kernel's record), besides the growth left at the end.
  const peakKnown = resetPeakRss();
  const rssBefore = rssKb();
  const snapshots = [memorySnapshot('start', database)];
  const userIds: string[] = [];
  try {
    // 1. Ingest: the links' first reads (each answers its accounts with every transaction too), then the reads alone.
    process.stdout.write(`${label}: ingest… `);
    let cpu = process.cpuUsage();
    let started = performance.now();
    const linked: { userId: string; accountId: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await linkedUser(services, database, `roundup-bench-${run}-${i}@example.invalid`);
      userIds.push(user.userId);
      linked.push(user);
      snapshots.push(memorySnapshot(`link ${i + 1}`, database));
    }
    const linkMs = performance.now() - started;
    const linkCpu = cpuMs(cpu);
    const ingested = await count(database, sql`select count(*)::int as n from bank_transactions t join bank_accounts a on a.id = t.account_id where a.user_id in (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
    rows.push({
      figure: `${label}: link + first read + answer`,
      value: rate(ingested, linkMs),
      detail: `${ingested.toLocaleString('en-IE')} rows in ${ms(linkMs)} (${ms(linkCpu)} CPU of this process), ${USERS} accounts`,
    });
    // The reads alone: the same accounts emptied and read again from scratch.
    await database.db.execute(sql`delete from bank_transactions where user_id in (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
    cpu = process.cpuUsage();
    started = performance.now();
    for (const { accountId } of linked) await services.bankAccounts.sync(accountId, 'attended');
    const ingestMs = performance.now() - started;
    snapshots.push(memorySnapshot('ingest again', database));
    rows.push({
      figure: `${label}: ingest (read from the sandbox + write)`,
      value: rate(ingested, ingestMs),
      detail: `${ms(ingestMs)}, ${ms(cpuMs(cpu))} CPU of this process${label === 'PGlite' ? ' (the database included)' : ''}; budget ≥ 5,000 rows/s`,
    });

    started = performance.now();
    let added = 0;
    for (const { accountId } of linked) {
      const result = await services.bankAccounts.sync(accountId, 'attended');
      if (result.kind === 'synced') added += result.added;
    }
    snapshots.push(memorySnapshot('resync', database));
    rows.push({ figure: `${label}: read every account again`, value: `${added} rows added`, detail: `${ms(performance.now() - started)}; a resync must add none` });
    console.log(`${ingested} rows; first reads ${Math.round(ingestMs)} ms`);

    // 2. Apply 10,000 round-ups: the first user's round-ups count from 90 days back; those beyond 10,000 are declined.
    process.stdout.write(`${label}: apply ${APPLY_COUNT.toLocaleString('en-IE')} round-ups… `);
    const { userId, accountId } = linked[0]!;
    await database.db.execute(sql`update bank_accounts set roundups_from = ${addDays(irishToday(new Date()), -100)} where id = ${accountId}`);
    await services.bankAccounts.recomputeRoundups(userId);
    await database.db.execute(sql`
      update bank_transactions set declined_at = now() where id in (
        select id from bank_transactions where user_id = ${userId} and roundup_cents > 0 and declined_at is null
        order by booking_date, occurred_at, id offset ${APPLY_COUNT})`);
    // The sandbox payment provider declines amounts ending in .13: move one round-up by a cent if so.
    const total = await count(database, sql`select coalesce(sum(roundup_cents), 0)::int as n from bank_transactions where user_id = ${userId} and roundup_cents > 0 and declined_at is null`);
    if (total % 100 === 13) {
      await database.db.execute(sql`update bank_transactions set roundup_cents = roundup_cents + case when roundup_cents = 99 then -1 else 1 end
        where id = (select id from bank_transactions where user_id = ${userId} and roundup_cents > 0 and declined_at is null limit 1)`);
    }
    const user = (await services.users.findById(userId))!;
    cpu = process.cpuUsage();
    const applyStarted = performance.now();
    const outcome = await services.roundups.apply(user, `bench-${run}`);
    const applyMs = performance.now() - applyStarted;
    snapshots.push(memorySnapshot('apply', database));
    if (outcome.kind !== 'applied') throw new Error(`apply answered ${outcome.kind}`);
    rows.push({
      figure: `${label}: apply ${outcome.batch.count.toLocaleString('en-IE')} round-ups`,
      value: ms(applyMs),
      detail: `${ms(cpuMs(cpu))} CPU; one batch of €${(outcome.batch.amountCents / 100).toLocaleString('en-IE')}, paid through the ledger; budget ≤ 1 s`,
    });
    console.log(`${Math.round(applyMs)} ms`);

    const rssAfter = rssKb();
    const rssPeak = peakKnown ? peakRssKb() : null;
    rows.push({
      figure: `${label}: RSS growth (ingest + apply)`,
      value: mb(rssAfter - rssBefore),
      detail: `a fresh process with the server's node options${label === 'PGlite' ? ', PGlite included' : ''}, from after the database opened to right after the apply; budget ≤ 100 MB`,
    });
    // What of it is garbage not yet collected, and what stays: the growth once a full collection ran, and the peak.
    collectGarbage();
    snapshots.push(memorySnapshot('full GC', database));
    if (process.argv.includes('--memory')) printSnapshots(label, snapshots);
    rows.push({
      figure: `${label}: RSS growth after a full GC / peak`,
      value: `${mb(rssKb() - rssBefore)} / ${rssPeak === null ? 'n/a' : mb(rssPeak - rssBefore)}`,
      detail: 'not the budget figure: the same growth once the JS garbage is collected, and the highest (VmHWM) while it ran',
    });
  } finally {
    // Bench users go with their rows (a DATABASE_URL may be shared).
    for (const id of userIds) await database.db.execute(sql`delete from users where id = ${id}`).catch(() => {});
    await services.mailer.flush();
  }
  return rows;
}

/** The bench on one database, in this process. */
async function benchHere(only: 'pglite' | 'postgres'): Promise<Row[]> {
  const rows: Row[] = [];
  if (only === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-bench-roundups-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      rows.push(...(await benchOn('PGlite', database)));
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    return rows;
  }
  const postgres = await postgresUrl();
  if (!postgres) return [{ figure: 'round-ups on PostgreSQL', value: 'skipped', detail: 'no DATABASE_URL and no PostgreSQL binaries under /usr/lib/postgresql' }];
  try {
    const database = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 5 });
    try {
      rows.push(...(await benchOn(`PostgreSQL (${postgres.label})`, database)));
    } finally {
      await database.close();
    }
  } finally {
    await postgres.dispose();
  }
  return rows;
}

const ROWS_LINE = 'roundups-bench-rows ';

/**
 * Runs the round-up bench and returns its rows (also used by `npm run bench`). Each database
 * runs in a fresh process started with the server's node options (`npm start`'s), so the RSS
 * growth is that of a server doing this work, not of a process that ran other benches before.
 */
export async function benchRoundups(options: { only?: 'pglite' | 'postgres' | undefined } = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (const only of ['pglite', 'postgres'] as const) {
    if (options.only !== undefined && options.only !== only) continue;
    const args = [...serverNodeFlags(), '--import', 'tsx', fileURLToPath(import.meta.url), '--here', only, ...(process.argv.includes('--memory') ? ['--memory'] : [])];
    const child = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
    const lines = child.stdout.split('\n');
    const answer = lines.find((line) => line.startsWith(ROWS_LINE));
    process.stdout.write(lines.filter((line) => !line.startsWith(ROWS_LINE)).join('\n'));
    if (child.status !== 0 || !answer) throw new Error(`the round-up bench on ${only} failed (exit ${child.status})`);
    rows.push(...(JSON.parse(answer.slice(ROWS_LINE.length)) as Row[]));
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const here = process.argv.indexOf('--here');
  if (here >= 0) {
    const only = process.argv[here + 1];
    if (only !== 'pglite' && only !== 'postgres') throw new Error('--here takes pglite or postgres');
    console.log(`${ROWS_LINE}${JSON.stringify(await benchHere(only))}`);
  } else {
    const onlyIndex = process.argv.indexOf('--only');
    const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
    if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error('--only takes pglite or postgres');
    printTable('MaxOut round-ups bench', await benchRoundups({ only }));
  }
}
