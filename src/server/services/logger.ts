import pino from 'pino';
import { scrubFields, scrubText, serializeError } from './logRedaction.ts';

/**
 * Structured logs with pino: one JSON object per line,
 * `{"level":"info","time":"…","requestId":"…",…,"msg":"auth.login"}`.
 *
 * Call shape (pino's): `log.info({ userId }, 'auth.login')`, `log.error({ err }, 'unhandled error')`.
 * Inside a request use `c.var.log`, a child bound to the request id. Redaction is a rule of the
 * logger, not of the call sites (see logRedaction.ts): sensitive keys, errors and value
 * patterns are scrubbed on every line.
 */
export type Logger = pino.Logger;
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
/** Where lines go: anything with `write(line)`; stdout by default. */
export type LogDestination = pino.DestinationStream;

/** Settings both loggers share: level as a word, ISO time, no pid/hostname. */
const lineShape = {
  base: null,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
} satisfies pino.LoggerOptions;

/** Standard output, written asynchronously in batches and flushed on exit. */
export function stdoutDestination(): LogDestination {
  return pino.destination({ dest: 1, sync: false });
}

export function createLogger(options: { level?: LogLevel; destination?: LogDestination } = {}): Logger {
  return pino(
    {
      ...lineShape,
      level: options.level ?? 'info',
      // Errors are already reduced by logMethod below; pino's own error serializer would merge
      // the causes' messages back into one string.
      serializers: { err: (value: unknown) => value },
      formatters: { ...lineShape.formatters, bindings: (bindings) => scrubFields(bindings) as Record<string, unknown> },
      hooks: {
        // Rules 1 and 2: fields by key, errors reduced to safe fields — before pino serialises.
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          const cleaned =
            first instanceof Error
              ? [{ err: serializeError(first) }, ...(rest.length > 0 ? rest : [first.name])]
              : typeof first === 'object' && first !== null
                ? [scrubFields(first), ...rest]
                : args;
          method.apply(this, cleaned as Parameters<pino.LogFn>);
        },
        // Rule 3: value patterns over the finished line, message and bindings included.
        streamWrite: scrubText,
      },
    },
    options.destination ?? stdoutDestination(),
  );
}

/**
 * The development mail transport's printer (services/mailer.ts `logTransport`): the same line
 * shape and destination as the logger, but no redaction, because the line exists to carry the
 * recipient and the set-password link to the developer. Used only when SMTP_URL is unset.
 */
export function createMailPrinter(destination: LogDestination): Logger {
  return pino({ ...lineShape, level: 'info' }, destination);
}

/** A destination that keeps parsed lines in memory, for tests that read what was logged. */
export function memoryDestination(): LogDestination & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    write: (line: string) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
}

/** A debug-level logger into memory (`lines`); `destination` lets a mail printer share it. */
export function createMemoryLogger(): Logger & { lines: Record<string, unknown>[]; destination: ReturnType<typeof memoryDestination> } {
  const destination = memoryDestination();
  return Object.assign(createLogger({ level: 'debug', destination }), { lines: destination.lines, destination });
}
