/**
 * `npm run bench:load`: a user mix under load, against one instance and against the cluster
 * (scripts/cluster.ts: PostgreSQL, two instances, nginx). Prints figures; never fails.
 *
 * Virtual users (500 by default) arrive over the first seconds (10 by default), each signs in,
 * then loops for the duration (60 s by default) over a weighted mix: the profile, a
 * questionnaire answer, a refund estimate, the contributions list, a contribution (its own
 * Idempotency-Key), a token refresh, and now and then a fresh sign-in. Between two requests a
 * user reads and types: a pause of 0.5–1.5 × the think time (2 s by default), as a person on a
 * form is; with no pause, 500 users would be 500 requests always in flight, which is a flood,
 * not 500 users. One instance: every request goes straight to app1. The cluster: through nginx
 * to both. Server CPU per request is read from /proc (the instances, and nginx's processes for
 * the cluster).
 *
 * Runs, in order: each kind of request alone (server CPU per request by kind); one instance with
 * every user arriving, and signing in, within the ramp (a sign-in storm: 500 argon2 checks in
 * 10 s); one instance with the same users arrived over `--spread` seconds (60 by default) before
 * the measured 60 s, so the window holds 500 signed-in users and the mix's own sign-ins; the
 * cluster, with the storm. `--only one` or `--only cluster` runs one side; `--cpu-prof DIR` has
 * each instance write a CPU profile there.
 *
 * Every user has an account of their own (verified, PAYE-authorised), made through the API
 * first, as real users' are, and its own address: its requests leave from 127.1.x.y (all of
 * 127.0.0.0/8 is this machine), which nginx and the instances see as the client's address.
 * From one address, 500 users would be one network signing in 500 times: the per-account and
 * per-address sign-in limits would refuse them (429) as they refuse an attack, and the bench
 * would measure the guard, not the product.
 *
 *   npm run bench:load -- --users 500 --duration 60 --think 2 --ramp 10 --spread 60
 */
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { ppsnCheckCharacter } from '../src/domain/schemas/fields.ts';
import { pngDataUrl } from '../tests/support/png.ts';
import { type Row, median, numberArg, printTable } from './benchSupport.ts';
import { type Cluster, startCluster } from './cluster.ts';

const PASSWORD = 'load test passphrase 2026';
const API = '/api/maxout';

interface Account {
  email: string;
}

/**
 * How users pace themselves: the pause between two requests, and the spread of arrivals. With
 * `warmMs`, the arrivals (over `rampMs`) happen before the measured window, which starts once
 * every user is signed in and lasts the run's duration.
 */
interface Pacing {
  thinkMs: number;
  rampMs: number;
  warmMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Result {
  /** When it was sent (performance.now()). */
  at: number;
  ms: number;
  status: number | 'error';
  kind: string;
}

/** Keep-alive connections, as a browser keeps them; one pool per source address. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * One API call. `from` is the loopback address the request leaves from (127.0.0.0/8 is all this
 * machine's): each virtual user has its own, as real users come from their own networks, so the
 * per-address sign-in limits see 500 users, not one address guessing 500 passwords.
 */
function api(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, from?: string) {
  const url = new URL(`${base}${API}${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        agent,
        ...(from ? { localAddress: from } : {}),
        headers: { accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The source address of virtual user `id`: 127.1.0.1, 127.1.0.2, … */
const sourceAddress = (id: number) => `127.1.${Math.floor(id / 250)}.${(id % 250) + 1}`;

/** A verified, PAYE-authorised account with income, through the public API. */
async function makeAccount(cluster: Cluster, n: number): Promise<Account> {
  const email = `load-${n}-${Date.now()}@example.invalid`;
  const base = cluster.url;
  // Registered from the address its user will sign in from (registration allows 100 an hour from one).
  const from = sourceAddress(n);
  const registered = await api(base, 'POST', '/auth/register', { email, details: { dob: '1985-06-01', maritalStatus: 'single' } }, {}, from);
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  let token: string | undefined;
  for (let tries = 0; tries < 200 && !token; tries++) {
    for (const instance of cluster.instances) {
      const mail = instance.logLines().find((line) => line.msg === 'mail' && line.to === email);
      token ??= /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(String(mail?.body ?? ''))?.[1];
    }
    if (!token) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await api(base, 'POST', '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD }, {}, from);
  const session = await api(base, 'POST', '/auth/login', { email, password: PASSWORD }, {}, from);
  const auth = { authorization: `Bearer ${String(session.body.access_token)}` };
  const ppsn = `${String(1_000_000 + n).slice(0, 7)}${ppsnCheckCharacter(String(1_000_000 + n).slice(0, 7))}`;
  await api(base, 'POST', '/edit-profile', { first_name: 'Load', surname: 'Test', ppsn, annual_income: 52_000 }, auth, from);
  const signed = await api(
    base,
    'POST',
    '/paye-authorization',
    {
      authorized: true,
      authorized_at: new Date().toISOString(),
      form_data: { firstName: 'Load', lastName: 'Test', ppsn, dateOfBirth: '1985-06-01', emailAddress: email, documentHolder: 'self', clientSignature: pngDataUrl() },
    },
    auth,
    from,
  );
  if (signed.status !== 200) throw new Error(`PAYE authorisation failed: ${signed.status} ${JSON.stringify(signed.body)}`);
  return { email };
}

const RENT = { landlordName: 'Harbour Lettings Ltd', propertyAddress: '12 Quay Street, Galway', eircode: 'h91x2y3', purpose: 'home', rentPaid: 9_600, landlordIsRelative: 'no', housingSupport: 'no' };

/** One virtual user until `until`: sign in, then the mix. */
async function virtualUser(base: string, account: Account, until: number, results: Result[], id: number, pacing: Pacing) {
  const from = sourceAddress(id);
  const timed = async (kind: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const started = performance.now();
    try {
      const answer = await api(base, method, path, body, headers, from);
      results.push({ kind, at: started, ms: performance.now() - started, status: answer.status });
      return answer;
    } catch {
      results.push({ kind, at: started, ms: performance.now() - started, status: 'error' });
      return undefined;
    }
  };
  const signIn = async () => {
    const session = await timed('sign in', 'POST', '/auth/login', { email: account.email, password: PASSWORD });
    return session?.status === 200 ? { access: String(session.body.access_token), refresh: String(session.body.refresh_token) } : undefined;
  };
  // Users arrive over the ramp, not all in the same millisecond.
  await sleep(((id * 7_919) % 1_000) * pacing.rampMs / 1_000);
  let session = await signIn();
  let step = id;
  const year = new Date().getUTCFullYear();
  while (Date.now() < until) {
    // A spread the same from run to run: 0.5–1.5 × the think time.
    await sleep(pacing.thinkMs * (0.5 + ((id * 7_919 + step * 104_729) % 1_000) / 1_000));
    if (Date.now() >= until) break;
    if (!session) {
      session = await signIn();
      continue;
    }
    const auth = { authorization: `Bearer ${session.access}` };
    const pick = step++ % 20;
    if (pick < 8) await timed('profile', 'GET', '/profile', undefined, auth);
    else if (pick < 11) await timed('answer', 'POST', '/answer', { year: year - 2, question: 'rent-tax-credit', answer: RENT }, auth);
    else if (pick < 14) await timed('estimate', 'POST', '/tax/refund-calculate', { year: year - 1, category: 'rent-tax-credit', data: RENT }, auth);
    else if (pick < 16) await timed('contributions', 'GET', '/contributions', undefined, auth);
    else if (pick < 17) await timed('contribution', 'POST', '/contribute', { amount: 5, tax_year: year, source: 'sandbox-debit-card' }, { ...auth, 'idempotency-key': `load-${id}-${step}-${Date.now()}` });
    else if (pick < 19) {
      const refreshed = await timed('refresh', 'POST', '/auth/refresh', { refresh_token: session.refresh });
      session = refreshed?.status === 200 ? { access: String(refreshed.body.access_token), refresh: String(refreshed.body.refresh_token) } : undefined;
    } else session = await signIn();
  }
}

/** The requests of the mix, each on its own: what one costs the server, with nothing else running. */
const KINDS = ['sign in', 'profile', 'answer', 'estimate', 'contributions', 'contribution', 'refresh'] as const;
type Kind = (typeof KINDS)[number];

/**
 * Server CPU per request by kind: `count` requests of one kind at a time (10 in flight, from as
 * many users and addresses), the instance's CPU read from /proc before and after. Measured alone,
 * so every microsecond of a kind is its own, password checks on libuv's threads included.
 */
async function cpuByKind(base: string, accounts: Account[], pid: number, count: number): Promise<Map<Kind, number>> {
  // Requests in flight are at most 10 consecutive ones, so never two of one user (a refresh rotates its token).
  const users = accounts.slice(0, Math.max(10, Math.min(count, accounts.length)));
  const sessions = new Map<number, { access: string; refresh: string }>();
  const year = new Date().getUTCFullYear();
  const one = async (kind: Kind, i: number) => {
    const id = i % users.length;
    const from = sourceAddress(id);
    const session = sessions.get(id);
    const auth = { authorization: `Bearer ${session?.access ?? ''}` };
    if (kind === 'sign in') {
      const answer = await api(base, 'POST', '/auth/login', { email: users[id]!.email, password: PASSWORD }, {}, from);
      if (answer.status === 200) sessions.set(id, { access: String(answer.body.access_token), refresh: String(answer.body.refresh_token) });
      return answer.status;
    }
    if (kind === 'refresh') {
      const answer = await api(base, 'POST', '/auth/refresh', { refresh_token: session?.refresh }, {}, from);
      if (answer.status === 200) sessions.set(id, { access: String(answer.body.access_token), refresh: String(answer.body.refresh_token) });
      return answer.status;
    }
    const request = {
      profile: () => api(base, 'GET', '/profile', undefined, auth, from),
      answer: () => api(base, 'POST', '/answer', { year: year - 2, question: 'rent-tax-credit', answer: RENT }, auth, from),
      estimate: () => api(base, 'POST', '/tax/refund-calculate', { year: year - 1, category: 'rent-tax-credit', data: RENT }, auth, from),
      contributions: () => api(base, 'GET', '/contributions', undefined, auth, from),
      contribution: () => api(base, 'POST', '/contribute', { amount: 5, tax_year: year, source: 'sandbox-debit-card' }, { ...auth, 'idempotency-key': `cpu-${id}-${i}-${Date.now()}` }, from),
    }[kind];
    return (await request()).status;
  };
  const perKind = new Map<Kind, number>();
  for (const kind of KINDS) {
    // Sign-ins first: they make the sessions the others use.
    const before = cpuMicros([pid]);
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        // One request per user at a time (a refresh rotates the user's token).
        for (let i = next++; i < count; i = next++) statuses.push(await one(kind, i).catch(() => 0));
      }),
    );
    const bad = statuses.filter((status) => status < 200 || status >= 300).length;
    perKind.set(kind, (cpuMicros([pid]) - before) / count);
    if (bad > 0) console.log(`  (${kind}: ${bad} of ${count} answers not 2xx)`);
  }
  return perKind;
}

/** CPU time (user + system, µs) of the processes so far. */
function cpuMicros(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10_000;
    } catch {
      // gone
    }
  }
  return total;
}

/** nginx's master process and its workers. */
function nginxPids(cluster: Cluster): number[] {
  const master = cluster.proxyPid;
  if (master === undefined) return [];
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] === String(master);
      } catch {
        return false;
      }
    });
  return [master, ...children];
}

async function run(
  label: string,
  base: string,
  accounts: Account[],
  users: number,
  seconds: number,
  pacing: Pacing,
  pids: { servers: number[]; proxy: number[] },
  perKind: Map<Kind, number>,
): Promise<Row[]> {
  const warmMs = pacing.warmMs ?? 0;
  process.stdout.write(`${label}: ${users} virtual users for ${seconds} s${warmMs > 0 ? ` after ${warmMs / 1000} s of arrivals` : ''}… `);
  const all: Result[] = [];
  const cpuBefore = { servers: cpuMicros(pids.servers), proxy: cpuMicros(pids.proxy) };
  const t0 = performance.now();
  let measuredFrom = t0;
  // The measured window starts after the warm-up: CPU from then on, requests sent from then on.
  const warm =
    warmMs > 0
      ? new Promise<void>((resolve) =>
          setTimeout(() => {
            Object.assign(cpuBefore, { servers: cpuMicros(pids.servers), proxy: cpuMicros(pids.proxy) });
            measuredFrom = performance.now();
            resolve();
          }, warmMs),
        )
      : Promise.resolve();
  const until = Date.now() + warmMs + seconds * 1000;
  await Promise.all([warm, ...Array.from({ length: users }, (_, i) => virtualUser(base, accounts[i % accounts.length]!, until, all, i, pacing))]);
  const elapsed = (performance.now() - measuredFrom) / 1000;
  const cpu = { servers: cpuMicros(pids.servers) - cpuBefore.servers, proxy: cpuMicros(pids.proxy) - cpuBefore.proxy };
  const results = all.filter((result) => result.at >= measuredFrom);
  console.log('done');
  const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
  const p = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN);
  const failed = results.filter((result) => result.status === 'error' || result.status >= 500);
  const refused = results.filter((result) => typeof result.status === 'number' && result.status >= 400 && result.status < 500);
  const quantile = (sorted: number[], q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
  const byKind = [...new Set(results.map((result) => result.kind))]
    .map((kind) => {
      const times = results.filter((result) => result.kind === kind).map((result) => result.ms).sort((a, b) => a - b);
      return `${kind} ${median(times).toFixed(0)}/${quantile(times, 0.99)} ms`;
    })
    .join(', ');
  const counts = new Map<string, number>();
  for (const result of results) counts.set(result.kind, (counts.get(result.kind) ?? 0) + 1);
  const perRequest = (micros: number) => `${Math.round(micros / Math.max(1, results.length))} µs`;
  return [
    { figure: `${label}: throughput`, value: `${Math.round(results.length / elapsed)} req/s`, detail: `${results.length} requests in ${elapsed.toFixed(1)} s` },
    { figure: `${label}: latency p50 / p99`, value: `${p(0.5)} / ${p(0.99)} ms`, detail: `p50/p99 by kind: ${byKind}` },
    {
      figure: `${label}: errors`,
      value: String(failed.length),
      detail: `network errors and 5xx; ${refused.length} 4xx (${[...new Set(refused.map((result) => `${result.kind} ${result.status}`))].slice(0, 6).join(', ') || 'none'})`,
    },
    {
      figure: `${label}: server CPU per request`,
      value: perRequest(cpu.servers + cpu.proxy),
      detail: pids.proxy.length > 0 ? `instances ${perRequest(cpu.servers)} + nginx ${perRequest(cpu.proxy)}` : 'the instance',
    },
    {
      // Runs differ in how many of their requests were sign-ins (28 ms each): what this run's
      // requests cost measured one kind at a time, to compare runs on the same footing.
      figure: `${label}: requests by kind`,
      value: `${perRequest([...counts].reduce((sum, [kind, n]) => sum + n * (perKind.get(kind as Kind) ?? 0), 0))} alone`,
      detail: `${[...counts].map(([kind, n]) => `${kind} ${n}`).join(', ')}; the µs is this mix at each kind's CPU measured alone`,
    },
  ];
}

async function main() {
  const users = numberArg('users', 500);
  const seconds = numberArg('duration', 60);
  const pacing: Pacing = { thinkMs: numberArg('think', 2) * 1000, rampMs: numberArg('ramp', 10) * 1000 };
  const accountCount = numberArg('accounts', users);
  // `--only one` or `--only cluster` runs one of the two.
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  console.log('Starting PostgreSQL, two instances and nginx…');
  // `--cpu-prof DIR`: each instance writes a CPU profile (.cpuprofile) there when it stops.
  const profileDir = process.argv.includes('--cpu-prof') ? process.argv[process.argv.indexOf('--cpu-prof') + 1] : undefined;
  const cluster = await startCluster({ logLevel: 'warn', ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}) });
  try {
    process.stdout.write(`Making ${accountCount} accounts… `);
    const accounts: Account[] = [];
    for (let i = 0; i < accountCount; i += 10) {
      accounts.push(...(await Promise.all(Array.from({ length: Math.min(10, accountCount - i) }, (_, j) => makeAccount(cluster, i + j)))));
    }
    console.log('done');
    const servers = cluster.instances.map((instance) => instance.child.pid!).filter(Boolean);
    process.stdout.write('Server CPU per request, each kind alone… ');
    const perKind = await cpuByKind(cluster.instances[0]!.url, accounts, servers[0]!, numberArg('cpu-count', 200));
    console.log('done');
    const rows: Row[] = [
      {
        figure: 'server CPU per request, by kind',
        value: `${[...perKind.values()].length} kinds`,
        detail: [...perKind].map(([kind, micros]) => `${kind} ${Math.round(micros)} µs`).join(', '),
      },
    ];
    const one = { servers: [servers[0]!], proxy: [] };
    if (only !== 'cluster') {
      rows.push(...(await run(`one instance, arrivals in ${pacing.rampMs / 1000} s`, cluster.instances[0]!.url, accounts, users, seconds, pacing, one, perKind)));
      // The same users and mix, arrived (and signed in) over `--spread` seconds before the measured window.
      const spreadMs = numberArg('spread', 60) * 1000;
      const spread = { ...pacing, rampMs: spreadMs, warmMs: spreadMs };
      rows.push(...(await run(`one instance, arrivals over ${spreadMs / 1000} s before`, cluster.instances[0]!.url, accounts, users, seconds, spread, one, perKind)));
    }
    if (only !== 'one') rows.push(...(await run(`cluster (nginx, 2 instances), arrivals in ${pacing.rampMs / 1000} s`, cluster.url, accounts, users, seconds, pacing, { servers, proxy: nginxPids(cluster) }, perKind)));
    printTable(
      `MaxOut load bench (${users} virtual users, ${accountCount} accounts, think ${pacing.thinkMs / 1000} s, ramp ${pacing.rampMs / 1000} s, ${seconds} s each, PostgreSQL; load generator on the same machine; load average ${os.loadavg()[0]!.toFixed(1)})`,
      rows,
    );
  } finally {
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  // Figures only: a failed run says why and still exits 0.
  console.error(`bench:load could not finish: ${error instanceof Error ? error.message : String(error)}`);
});
