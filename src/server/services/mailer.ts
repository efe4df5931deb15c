import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Logger } from './logger.ts';

/** One outgoing message; plain text only. */
export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /**
   * Secrets inside the body (a set-password or reset token). The outbox keeps a copy of every
   * message with these replaced by `[redacted]`, so no usable link is stored in clear (B2).
   */
  secrets?: readonly string[];
}

/** Where a message goes after it is in the outbox. */
export interface MailTransport {
  readonly kind: string;
  deliver(message: MailMessage): Promise<void>;
}

export interface Mailer {
  /**
   * Records the message in `mail_outbox` and starts delivery. Delivery runs after the call
   * returns, so a slow SMTP server neither slows a request nor reveals (by timing) whether an
   * account exists; the outcome is written to the outbox row (sent_at or error).
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Runs `task` after the caller returns (so the answer does not wait for it, and cannot time
   * it), tracked like a delivery; a failure is logged. For work whose presence must not show.
   */
  defer(task: () => Promise<void>): void;
  /** Waits for every delivery and deferred task started so far (tests, shutdown). */
  flush(): Promise<void>;
  /**
   * Housekeeping: messages left undelivered by a process that stopped before delivering them
   * (no `sent_at`, no error, older than {@link STALE_MAIL_MS}). One without a secret is delivered
   * from the outbox copy; one that carried a one-time link cannot be (the outbox keeps no usable
   * link), so it is marked failed and its owner asks for a new link.
   */
  recoverStale(): Promise<{ delivered: number; abandoned: number }>;
}

/** How long a message may wait in the outbox before housekeeping takes it for abandoned: far beyond any delivery. */
export const STALE_MAIL_MS = 10 * 60_000;
const REDACTED = '[redacted]';
export const MAIL_ABANDONED = 'not delivered: the process sending it stopped first, and the one-time link it carried is not kept';

/**
 * The development transport: the message is printed as one JSON log line
 * `{"msg":"mail","to":…,"subject":…,"body":…}`. This is how a developer signs in on the
 * embedded default, and how the browser tests find the set-password link. It is the one log
 * line that may carry a secret (the link), which is why it is used only when SMTP_URL is unset,
 * and why it prints through `createMailPrinter` (services/logger.ts), which does not redact.
 */
export function logTransport(printer: Logger): MailTransport {
  return {
    kind: 'log',
    deliver: async (message) => {
      printer.info({ to: message.to, subject: message.subject, body: message.body }, 'mail');
    },
  };
}

/** SMTP via nodemailer, loaded on first use so the development path never imports it. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  let transporter: Promise<{ sendMail(options: Record<string, unknown>): Promise<unknown> }> | undefined;
  return {
    kind: 'smtp',
    deliver: async (message) => {
      transporter ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl));
      await (await transporter).sendMail({ from, to: message.to, subject: message.subject, text: message.body });
    },
  };
}

/** A transport that keeps messages in memory, for tests. */
export function memoryTransport(): MailTransport & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    kind: 'memory',
    messages,
    deliver: async (message) => {
      messages.push(message);
    },
  };
}

export function createMailer(deps: { database: Database; log: Logger; transport: MailTransport; now: () => Date }): Mailer {
  const { database, log, transport } = deps;
  const pending = new Set<Promise<void>>();

  const deliver = async (id: string, message: MailMessage) => {
    try {
      await transport.deliver(message);
      await database.db.update(mailOutbox).set({ sentAt: deps.now() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ outboxId: id, transport: transport.kind, err: error }, 'mail delivery failed');
      try {
        await database.db.update(mailOutbox).set({ error: reason.slice(0, 1000) }).where(eq(mailOutbox.id, id));
      } catch {
        // The database may be closing; the error is already logged.
      }
    }
  };

  return {
    async send(message) {
      let stored = message.body;
      for (const secret of message.secrets ?? []) if (secret) stored = stored.split(secret).join(REDACTED);
      const [row] = await database.db
        .insert(mailOutbox)
        .values({ recipient: message.to, subject: message.subject, body: stored, createdAt: deps.now() })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('mail_outbox insert returned no row');
      const outgoing: MailMessage = { to: message.to, subject: message.subject, body: message.body };
      const task = deliver(row.id, outgoing).finally(() => pending.delete(task));
      pending.add(task);
    },
    defer(task) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, 'deferred mail task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async recoverStale() {
      const before = new Date(deps.now().getTime() - STALE_MAIL_MS);
      const stale = await database.db
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error), lt(mailOutbox.createdAt, before)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(100);
      let delivered = 0;
      let abandoned = 0;
      for (const row of stale) {
        if (row.body.includes(REDACTED)) {
          await database.db.update(mailOutbox).set({ error: MAIL_ABANDONED }).where(eq(mailOutbox.id, row.id));
          abandoned++;
        } else {
          await deliver(row.id, { to: row.recipient, subject: row.subject, body: row.body });
          delivered++;
        }
      }
      if (stale.length > 0) log.warn({ delivered, abandoned }, 'mail.outbox_recovered');
      return { delivered, abandoned };
    },
  };
}
