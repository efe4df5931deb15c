import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './db/index.ts';
import { createBackup } from './services/backup.ts';
import type { Logger } from './services/logger.ts';

/**
 * Backups of the embedded database while the server runs. PGlite serves one process per data
 * directory, so `npm run ops -- backup` cannot open it then: it leaves a request in
 * DATA_DIR/backup-requests and sends the server (DATA_DIR/server.pid) SIGUSR2; the server writes
 * the backup from its own connection and answers in a `.done` file. Only who can write into
 * DATA_DIR (which holds the keys) can ask.
 */
export const BACKUP_REQUESTS_DIR = 'backup-requests';
export const SERVER_PID_FILE = 'server.pid';

export interface BackupAnswer {
  ok: boolean;
  error?: string;
  tables?: number;
  rows?: number;
}

/** Writes `content` to `file` through a temporary file, so a reader never sees half of it. */
export function writeFileWhole(file: string, content: string) {
  const temporary = `${file}.partial-${process.pid}`;
  writeFileSync(temporary, content, { mode: 0o600 });
  renameSync(temporary, file);
}

/** The server's side: answers every waiting request. */
export async function serveBackupRequests(dataDir: string, database: Database, log: Logger): Promise<void> {
  const dir = path.join(dataDir, BACKUP_REQUESTS_DIR);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).filter((entry) => entry.endsWith('.json'))) {
    const request = path.join(dir, name);
    let answer: BackupAnswer;
    try {
      const { file } = JSON.parse(readFileSync(request, 'utf8')) as { file: string };
      rmSync(request);
      const backup = await createBackup(database);
      writeFileWhole(file, JSON.stringify(backup));
      const counts = Object.values(backup.tables).map((rows) => rows.length);
      answer = { ok: true, tables: counts.length, rows: counts.reduce((a, b) => a + b, 0) };
      log.info({ tables: answer.tables, rows: answer.rows }, 'backup.written');
    } catch (error) {
      rmSync(request, { force: true });
      answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
      log.warn({ err: error }, 'backup failed');
    }
    writeFileWhole(request.replace(/\.json$/, '.done'), JSON.stringify(answer));
  }
}

/** The command's side: asks the running server for a backup into `file`; null when no server is running there. */
export async function requestBackupFromServer(dataDir: string, file: string, timeoutMs = 120_000): Promise<BackupAnswer | null> {
  const pidFile = path.join(dataDir, SERVER_PID_FILE);
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  const dir = path.join(dataDir, BACKUP_REQUESTS_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = `${Date.now()}-${process.pid}`;
  writeFileWhole(path.join(dir, `${id}.json`), JSON.stringify({ file: path.resolve(file) }));
  process.kill(pid, 'SIGUSR2');
  const done = path.join(dir, `${id}.done`);
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (existsSync(done)) {
      const answer = JSON.parse(readFileSync(done, 'utf8')) as BackupAnswer;
      rmSync(done);
      return answer;
    }
  }
  return { ok: false, error: `The server (pid ${pid}) did not answer within ${timeoutMs / 1000} s.` };
}
