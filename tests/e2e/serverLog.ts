/**
 * The e2e server's log (test-results/e2e-server.log, JSON lines). Without SMTP_URL the server
 * prints every mail as `{"msg":"mail","to":…,"subject":…,"body":…}`; tests find the
 * set-password and reset links there.
 *
 *   const { link } = await waitForMail({ to: email, linkContains: '/reset-password/' });
 *   await visit(page, link);
 */
import { readFileSync } from 'node:fs';
import { activeServer } from './pinnedClock.ts';

export type LogLine = Record<string, unknown> & { msg?: string; level?: string };

export interface MailLogLine {
  to: string;
  subject: string;
  body: string;
  /** Every http(s) URL in the body, in order. */
  links: string[];
  /** Line number in the log (0-based), to tell earlier mails from later ones. */
  index: number;
}

export function serverLogPath(): string {
  return activeServer().serverLogPath;
}

/** Every JSON line of the server log so far (lines that are not JSON are skipped). */
export function readServerLog(): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of readFileSync(serverLogPath(), 'utf8').split('\n')) {
    if (!text.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      // a line still being written
    }
  }
  return lines;
}

/** Every mail the server has printed, oldest first; optionally only those to one address. */
export function readMails(to?: string): MailLogLine[] {
  return readServerLog()
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.msg === 'mail' && (to === undefined || String(line.to).toLowerCase() === to.toLowerCase()))
    .map(({ line, index }) => {
      const body = String(line.body ?? '');
      return { to: String(line.to), subject: String(line.subject ?? ''), body, links: body.match(/https?:\/\/[^\s"'<>)]+/g) ?? [], index };
    });
}

/**
 * Waits for the newest mail to `to` (matching `subject` / `linkContains` when given) that arrived
 * after log line `after` (use `readServerLog().length` before the action that sends it).
 * Returns it with `link`: the first link containing `linkContains`, or the first link.
 */
export async function waitForMail(options: {
  to: string;
  subject?: string | RegExp;
  linkContains?: string;
  after?: number;
  timeoutMs?: number;
}): Promise<MailLogLine & { link: string }> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const candidates = readMails(options.to).filter(
      (mail) =>
        mail.index >= (options.after ?? 0) &&
        (options.subject === undefined || (typeof options.subject === 'string' ? mail.subject.includes(options.subject) : options.subject.test(mail.subject))) &&
        (options.linkContains === undefined || mail.links.some((link) => link.includes(options.linkContains!))),
    );
    const mail = candidates.at(-1);
    if (mail) {
      const link = options.linkContains ? mail.links.find((l) => l.includes(options.linkContains!)) : mail.links[0];
      if (link) return { ...mail, link };
    }
    if (Date.now() > deadline) {
      const seen = readMails().map((m) => `  to ${m.to}: ${m.subject}`).join('\n') || '  (none)';
      throw new Error(`No mail to ${options.to}${options.linkContains ? ` with a link containing ${options.linkContains}` : ''} within ${options.timeoutMs ?? 10_000} ms. Mails in the log:\n${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
