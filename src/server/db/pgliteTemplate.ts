/**
 * A freshly initialised and migrated PGlite data directory, built once per machine, PGlite
 * version and set of committed migrations under node_modules/.cache/maxout/. A new DATA_DIR
 * starts as a copy of it instead of running initdb (seconds and most of a gigabyte of memory)
 * and every migration (a second of file creation on the embedded database). Its name carries a
 * digest of the migrations, so a changed or added migration makes a new template, never a stale
 * one; and the migrations still run at start for whatever the copy lacks.
 *
 * `npm run build` (and so `npm start`) prepares it by running this file (compiled:
 * build/server/server/db/pgliteTemplate.js); a server that finds
 * it missing builds it in a child process, so the initdb memory never stays in the server.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** A short digest of the committed migrations (the journal and every SQL file). */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(migrationsFolder, 'meta/_journal.json')));
  for (const file of readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Where the template of the installed PGlite lives: node_modules/.cache/maxout/ of the
 * node_modules that holds PGlite (so the same from src/ and from the compiled build/), with
 * PGlite's version and the migrations' digest in the name.
 */
export function pgliteTemplateDir(): string {
  // The package does not export its package.json: walk up from its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  const nodeModules = dir.slice(0, dir.lastIndexOf(`${path.sep}node_modules${path.sep}`) + `${path.sep}node_modules`.length);
  return path.join(nodeModules, '.cache/maxout', `pglite-${version}-${migrationsDigest()}`);
}

function isDatabaseDir(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Runs initdb and the migrations into a scratch directory, shuts the database down cleanly and moves the
 * directory into place; of several parallel builders one wins and the others discard theirs.
 */
export async function buildPgliteTemplate(dir = pgliteTemplateDir()): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const scratch = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  mkdirSync(scratch, { recursive: true });
  try {
    const client = await PGlite.create(scratch);
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.close();
    if (!isDatabaseDir(dir)) {
      rmSync(dir, { recursive: true, force: true });
      try {
        renameSync(scratch, dir);
      } catch (error) {
        // Another builder got there first: its template is as good as ours.
        if (!isDatabaseDir(dir)) throw error;
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return dir;
}

/**
 * The template's directory, building it first (in a child process) when it is missing.
 * Undefined when it cannot be built (e.g. a read-only node_modules): PGlite then runs initdb
 * itself.
 */
export async function ensurePgliteTemplate(): Promise<string | undefined> {
  const dir = pgliteTemplateDir();
  if (isDatabaseDir(dir)) return dir;
  const code = await new Promise<number | null>((resolve) => {
    const script = fileURLToPath(import.meta.url);
    // This file runs as TypeScript through tsx, whatever loader the parent process has.
    const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', () => resolve(null));
    child.on('exit', (exitCode) => resolve(exitCode));
  });
  return code === 0 && isDatabaseDir(dir) ? dir : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = performance.now();
  const dir = pgliteTemplateDir();
  if (isDatabaseDir(dir)) {
    console.log(`PGlite template ready: ${path.relative(process.cwd(), dir)}`);
  } else {
    await buildPgliteTemplate(dir);
    console.log(`PGlite template built in ${Math.round(performance.now() - started)} ms: ${path.relative(process.cwd(), dir)}`);
  }
}
