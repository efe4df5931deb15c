/**
 * Users made before the browser tests start (globalSetup.ts, outside any test, so without
 * `inject`): through the API like any user, then, for what no API may grant, in the database
 * itself while the server is stopped.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface SeededUser {
  email: string;
  password: string;
}

const API = '/api/maxout';
const PASSWORD = 'Quiet-Harbour-Lantern-47';

async function post(baseUrl: string, path: string, body: unknown, accessToken?: string) {
  const response = await fetch(`${baseUrl}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The set-password link the server printed for `email` (mail goes to its log without SMTP). */
async function mailedLink(logPath: string, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    for (const line of readFileSync(logPath, 'utf8').split('\n').reverse()) {
      if (!line.startsWith('{') || !line.includes('"msg":"mail"')) continue;
      const mail = JSON.parse(line) as { to?: string; body?: string };
      const link = mail.to === email ? /https?:\/\/\S+\/reset-password\/[^\s"'<>)]+/.exec(mail.body ?? '')?.[0] : undefined;
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`No set-password mail to ${email} in ${logPath}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers through the API, sets the password from the mailed link and records an annual income. */
export async function createSeededUser(baseUrl: string, logPath: string, label: string): Promise<SeededUser> {
  const email = `e2e-${label}-${randomUUID().slice(0, 8)}@maxout.test`;
  await post(baseUrl, '/auth/register', { email, details: { dob: '1985-02-01', maritalStatus: 'single' } });
  const token = decodeURIComponent(new URL(await mailedLink(logPath, email)).pathname.split('/reset-password/')[1] ?? '');
  await post(baseUrl, '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD });
  const session = await post(baseUrl, '/auth/login', { email, password: PASSWORD });
  await post(baseUrl, '/edit-profile', { annual_income: 48_000 }, String(session.access_token));
  await post(baseUrl, '/auth/logout', { refresh_token: String(session.refresh_token) });
  return { email, password: PASSWORD };
}

/** Sets the users' PAYE A1 authorisation in the embedded database (the server must be stopped). */
export async function markPayeAuthorised(pgliteDir: string, emails: string | readonly string[]): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(pgliteDir);
  try {
    for (const email of typeof emails === 'string' ? [emails] : emails) {
      const result = await db.query('update users set paye_a1_authorized = true where email = $1', [email]);
      if (result.affectedRows !== 1) throw new Error(`No user ${email} in ${pgliteDir}`);
    }
  } finally {
    await db.close();
  }
}
