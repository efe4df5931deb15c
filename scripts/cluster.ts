/**
 * `npm run cluster`: MaxOut as it runs in production, on this machine — a throwaway PostgreSQL,
 * two server instances (CLUSTER=true, shared keys, TRUST_PROXY=1) and nginx in front with the
 * configuration of deploy/compose.yaml (deploy/nginx/maxout.conf.template), all on loopback.
 * Prints the addresses and runs until Ctrl-C. The cluster test (tests/cluster) and
 * `npm run bench:load` start the same cluster through {@link startCluster}.
 *
 * The instances run the TypeScript sources through tsx (as `npm run dev`), so the cluster is
 * never an old build; with a built SPA (`npm run build`) they serve it too.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { startCluster as startPostgres } from '../tests/support/postgresGlobalSetup.ts';
import { NGINX_PATH } from '../tests/support/systemDeps.mjs';
import { freePort } from './benchSupport.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
export const NGINX_TEMPLATE = path.join(root, 'deploy/nginx/maxout.conf.template');

export interface InstanceOptions {
  /** Extra environment of this start (FAULT_INJECTION, a different JWT_SECRET…). */
  env?: Record<string, string>;
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process printed (stdout and stderr), across its whole life. */
  output(): string;
  /** What it printed on stderr alone. */
  errors(): string;
  /** Its JSON log lines. */
  logLines(): Record<string, unknown>[];
  /** Resolves with the exit code and signal once the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Cluster {
  /** nginx, the one address users reach. */
  url: string;
  databaseUrl: string;
  /** The instances' shared settings (keys, database, tokens). */
  env: Record<string, string>;
  instances: Instance[];
  metricsToken: string;
  /** nginx's master process (its workers are its children). */
  proxyPid: number | undefined;
  /** What nginx logged at warn and above (a 502 says why here). */
  nginxErrors(): string;
  /** A graceful restart of one instance: SIGTERM, wait for exit, start again on the same port, wait for /ready. */
  restart(index: number, options?: InstanceOptions): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts an instance process on this cluster's database (not behind nginx) and waits for it to be ready or to exit. */
  spawnInstance(name: string, port: number, options?: InstanceOptions): Promise<Instance>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Seconds between housekeeping runs of each instance (default 600, as in production). */
  housekeepingSeconds?: number;
  paymentLeaseSeconds?: number;
  logLevel?: 'debug' | 'info' | 'warn';
  /** Where nginx listens (default a free loopback port). */
  port?: number;
  /** Print what starts. */
  verbose?: boolean;
  /** Node options of every instance (`--cpu-prof` for a profile of each). */
  nodeArgs?: string[];
}

/** Renders the template as nginx's image does: `${NAME}` for each given variable, everything else (nginx's own `$host`) as written. */
export function renderTemplate(template: string, variables: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name: string) => variables[name] ?? whole);
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const say = (line: string) => options.verbose && console.log(line);
  const postgres = await startPostgres();
  const cleanups: (() => Promise<void> | void)[] = [() => postgres.stop()];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE maxout');
    await admin.end();
    const databaseUrl = postgres.adminUrl.replace(/\/postgres$/, '/maxout');
    say(`PostgreSQL ${postgres.version} on 127.0.0.1:${postgres.port}`);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'maxout-cluster-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const metricsToken = randomBytes(24).toString('hex');
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      CLUSTER: 'true',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('hex')}`,
      TRUST_PROXY: '1',
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: options.logLevel ?? 'info',
      HOUSEKEEPING_INTERVAL_SECONDS: String(options.housekeepingSeconds ?? 600),
      PAYMENT_LEASE_SECONDS: String(options.paymentLeaseSeconds ?? 120),
      PUBLIC_URL: 'http://127.0.0.1',
    };

    const spawnInstance = async (name: string, port: number, instanceOptions: InstanceOptions = {}): Promise<Instance> => {
      const dataDir = path.join(dir, name);
      mkdirSync(dataDir, { recursive: true });
      const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, ...instanceOptions.env, INSTANCE_NAME: name, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
      delete childEnv.NODE_ENV;
      delete childEnv.SMTP_URL;
      const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      let errors = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        errors += chunk.toString();
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      const url = `http://127.0.0.1:${port}`;
      const instance: Instance = {
        name,
        port,
        url,
        child,
        output: () => output,
        errors: () => errors,
        logLines: () =>
          output.split('\n').flatMap((line) => {
            if (!line.startsWith('{')) return [];
            try {
              return [JSON.parse(line) as Record<string, unknown>];
            } catch {
              return [];
            }
          }),
        exited,
      };
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) return instance;
        try {
          if ((await fetch(`${url}/api/maxout/ready`)).status === 200) return instance;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`${name} not ready after 120 s:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    const ports = [await freePort(), await freePort()];
    const instances = await Promise.all(ports.map((port, i) => spawnInstance(`app${i + 1}`, port)));
    const stopInstance = async (instance: Instance) => {
      if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM');
      return instance.exited;
    };
    cleanups.push(() => Promise.all(instances.map(stopInstance)).then(() => undefined));
    for (const instance of instances) {
      if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited at start:\n${instance.output()}`);
      say(`${instance.name} on ${instance.url}`);
    }

    // nginx: the deployment's template, rendered for loopback, inside a minimal main configuration.
    const nginxPort = options.port ?? (await freePort());
    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(nginxDir, { recursive: true });
    // Its workers run as nobody when nginx starts as root: they need the temp folders.
    chmodSync(dir, 0o755);
    chmodSync(nginxDir, 0o777);
    writeFileSync(
      path.join(nginxDir, 'maxout.conf'),
      renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
        MAXOUT_UPSTREAM_1: `127.0.0.1:${ports[0]}`,
        MAXOUT_UPSTREAM_2: `127.0.0.1:${ports[1]}`,
        NGINX_LISTEN: `127.0.0.1:${nginxPort}`,
      }),
    );
    const temp = (name: string) => `${name}_temp_path ${path.join(nginxDir, name)};`;
    writeFileSync(
      path.join(nginxDir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${path.join(nginxDir, 'nginx.pid')};`,
        `error_log ${path.join(nginxDir, 'error.log')} warn;`,
        'events { worker_connections 2048; }',
        'http {',
        '  access_log off;',
        `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
        `  include ${path.join(nginxDir, 'maxout.conf')};`,
        '}',
      ].join('\n'),
    );
    const check = spawnSync(NGINX_PATH, ['-t', '-q', '-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
    const nginx = spawn(NGINX_PATH, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
    const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
    cleanups.push(async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGQUIT');
      await nginxExited;
    });
    const url = `http://127.0.0.1:${nginxPort}`;
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${url}/api/maxout/ready`)).status === 200) break;
      } catch {
        // not listening yet
      }
      if (tries > 100) throw new Error(`nginx not answering on ${url}: ${readFileSync(path.join(nginxDir, 'error.log'), 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    say(`nginx on ${url}`);

    return {
      url,
      databaseUrl,
      env,
      instances,
      metricsToken,
      proxyPid: nginx.pid,
      nginxErrors: () => readFileSync(path.join(nginxDir, 'error.log'), 'utf8'),
      spawnInstance,
      async restart(index, restartOptions) {
        const old = instances[index]!;
        const exit = await stopInstance(old);
        const fresh = await spawnInstance(old.name, old.port, restartOptions);
        if (fresh.child.exitCode !== null) throw new Error(`${old.name} did not start again:\n${fresh.output()}`);
        instances[index] = fresh;
        return exit;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function main() {
  const cluster = await startCluster({ verbose: true, port: process.env.PORT ? Number(process.env.PORT) : undefined });
  console.log(`\nMaxOut cluster: ${cluster.url} (nginx → ${cluster.instances.map((i) => i.url).join(', ')})`);
  console.log(`Metrics of an instance: curl -H 'Authorization: Bearer ${cluster.metricsToken}' ${cluster.instances[0]!.url}/metrics`);
  console.log('Emails (set-password links) are printed below as "msg":"mail" lines. Ctrl-C stops everything.\n');
  const printed = new Map<Instance, number>();
  const tail = setInterval(() => {
    for (const instance of cluster.instances) {
      const lines = instance.output().split('\n');
      const from = printed.get(instance) ?? 0;
      for (const line of lines.slice(from, -1)) if (line.includes('"msg":"mail"') || line.includes('"level":50') || line.includes('"level":40')) console.log(`[${instance.name}] ${line}`);
      printed.set(instance, lines.length - 1);
    }
  }, 500);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(tail);
    console.log('\nstopping…');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
