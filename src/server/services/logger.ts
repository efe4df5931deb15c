/**
 * Structured logs: one JSON object per line on stdout. Callers pass only what is safe to keep;
 * request bodies, tokens, passwords and PPSNs are never handed to the logger.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(options: { level?: LogLevel; write?: (line: string) => void; now?: () => Date } = {}): Logger {
  const min = order[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stdout.write(line + '\n'));
  const now = options.now ?? (() => new Date());
  const log = (level: LogLevel, msg: string, fields: Record<string, unknown> = {}) => {
    if (order[level] < min) return;
    write(JSON.stringify({ time: now().toISOString(), level, msg, ...fields }));
  };
  return {
    log,
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
  };
}

/** A logger that keeps lines in memory, for tests that read what was logged. */
export function createMemoryLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return Object.assign(logger, { lines });
}
