import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/index.ts';

/** What a housekeeping job's run came to: done, left to the instance that holds its lock, or failed. */
export type HousekeepingOutcome = 'ok' | 'skipped' | 'failed';

/** One (method, route, status) the server answered, and how often. */
export interface RequestCount {
  method: string;
  /** The route's pattern (`/api/maxout/security/devices/:id/sign-out`), or `(none)` when no route matched. */
  route: string;
  status: number;
  count: number;
}

export interface Metrics {
  /** Counts a finished request and its duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Marks a request in flight; call the answer when it is done. */
  requestStarted(): () => void;
  housekeepingRun(job: string, outcome: HousekeepingOutcome, seconds: number): void;
  /** CPU, memory, event loop and GC of this process (the served server turns it on; tests do not). */
  collectProcessMetrics(): void;
  /** The Prometheus text exposition. */
  text(): Promise<string>;
  readonly contentType: string;
  /** Every (method, route, status) answered so far: what the API description test compares with the document. */
  requestCounts(): Promise<RequestCount[]>;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics, in a registry of its own (never prom-client's global one,
 * so two servers in one process, as in tests, count apart). Database figures — payments by
 * state, the mail queue — are read when scraped, from the database every instance shares.
 */
export function createMetrics(deps: { database: Database }): Metrics {
  const { database } = deps;
  const registry = new Registry();
  const requests = new Counter({
    name: 'maxout_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'maxout_http_request_duration_seconds',
    help: 'Time from the request reaching the server to its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'maxout_http_requests_in_flight', help: 'Requests being answered now.', registers: [registry] });
  const housekeepingRuns = new Counter({
    name: 'maxout_housekeeping_runs_total',
    help: 'Housekeeping job runs on this instance: ok, skipped (another instance held the job) or failed.',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const housekeepingDuration = new Histogram({
    name: 'maxout_housekeeping_duration_seconds',
    help: 'How long the housekeeping jobs this instance ran took.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120],
    registers: [registry],
  });
  new Gauge({
    name: 'maxout_db_pool_connections',
    help: 'Database connections of this instance: total open, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'maxout_payments',
    help: 'Contributions in the ledger by state (pending: the provider has not answered, or its answer is not recorded yet).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ status: string; n: number }>(database, sql`select status, count(*)::int as n from contributions group by status`);
      this.reset();
      for (const status of ['pending', 'succeeded', 'declined', 'failed']) this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
    },
  });
  new Gauge({
    name: 'maxout_mail_outbox',
    help: 'Messages in the mail outbox not yet delivered (pending) and those whose delivery failed.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const [row] = await rowsOf<{ pending: number; failed: number }>(
        database,
        sql`select count(*) filter (where sent_at is null and error is null)::int as pending, count(*) filter (where error is not null)::int as failed from mail_outbox`,
      );
      this.set({ state: 'pending' }, row?.pending ?? 0);
      this.set({ state: 'failed' }, row?.failed ?? 0);
    },
  });

  let processMetrics = false;
  return {
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    requestStarted() {
      inFlight.inc();
      return () => inFlight.dec();
    },
    housekeepingRun(job, outcome, seconds) {
      housekeepingRuns.inc({ job, outcome });
      if (outcome !== 'skipped') housekeepingDuration.observe({ job }, seconds);
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry, prefix: 'maxout_' });
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
    async requestCounts() {
      const { values } = await requests.get();
      return values.map(({ labels, value }) => ({ method: String(labels.method), route: String(labels.route), status: Number(labels.status), count: value }));
    },
  };
}

async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as { rows?: T[] };
  return result.rows ?? [];
}
