/**
 * The deployment recipe: deploy/compose.yaml and the Dockerfile, checked without a Docker engine
 * (none runs where the tests do): the compose file parses as YAML and has the shape the
 * deployment needs, its nginx configuration is the very file the cluster test runs, and no
 * secret is written into it. Where `docker compose` itself works, its `config` check runs too.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NGINX_TEMPLATE, renderTemplate } from '../../scripts/cluster.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const composeFile = path.join(root, 'deploy/compose.yaml');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: unknown;
  stop_grace_period?: string;
}

const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };

describe('deploy/compose.yaml and the Dockerfile', () => {
  it('runs PostgreSQL with a volume, migrations once, two instances after them, and nginx in front', () => {
    const { postgres, migrate, app1, app2, nginx } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'migrate', 'nginx', 'postgres']);
    expect(postgres?.volumes).toEqual(['pgdata:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes)).toEqual(['pgdata']);
    expect(migrate?.command).toEqual(['node', 'build/server/server/migrate.js']);
    for (const app of [app1, app2]) {
      expect(app?.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, migrate: { condition: 'service_completed_successfully' } });
      expect(app?.environment).toMatchObject({ NODE_ENV: 'production', CLUSTER: 'true', TRUST_PROXY: '1' });
      expect(app?.stop_grace_period).toBe('30s');
    }
    expect([app1?.environment?.INSTANCE_NAME, app2?.environment?.INSTANCE_NAME]).toEqual(['app1', 'app2']);
    expect(nginx?.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
    // Metrics stay inside the compose network: only nginx publishes a port.
    expect(Object.entries(compose.services).filter(([, service]) => service.ports).map(([name]) => name)).toEqual(['nginx']);
  });

  it('takes every secret from the environment, required, never written in', () => {
    const environment = compose.services.app1!.environment!;
    for (const name of ['JWT_SECRET', 'ENCRYPTION_KEYS', 'SMTP_URL', 'PUBLIC_URL']) expect(environment[name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    expect(environment.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
    expect(compose.services.postgres!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it("mounts the nginx template the cluster test runs, with the instances' addresses", () => {
    const nginx = compose.services.nginx!;
    const [mount] = nginx.volumes ?? [];
    const [source, target] = (mount ?? '').split(':');
    expect(path.resolve(path.dirname(composeFile), source!)).toBe(NGINX_TEMPLATE);
    expect(target).toBe('/etc/nginx/templates/default.conf.template');
    const rendered = renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), nginx.environment!);
    expect(rendered).toContain('server app1:8080 ');
    expect(rendered).toContain('server app2:8080 ');
    expect(rendered).toContain('listen 80;');
    // Every ${…} of the template is given; nginx's own variables are left alone.
    expect(rendered).not.toMatch(/\$\{/);
    expect(rendered).toContain('$proxy_add_x_forwarded_for');
  });

  it('builds in stages, keeps production dependencies only, runs as a user, and checks health', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(3);
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/maxout\/health/m);
    expect(dockerfile).toMatch(/^CMD \["node", "--max-old-space-size=768", "build\/server\/server\/main\.js"\]$/m);
    expect(readFileSync(path.join(root, 'scripts/buildServer.ts'), 'utf8')).toContain('src/server/migrate.ts');
  });

  it('passes `docker compose config` (or docker-compose 1.x) where one exists', (context) => {
    const command = [
      ['docker', 'compose'],
      ['docker-compose'],
    ].find(([program, ...args]) => spawnSync(program!, [...args, 'version'], { encoding: 'utf8' }).status === 0);
    if (!command) {
      context.skip();
      return;
    }
    const env = { ...process.env, POSTGRES_PASSWORD: 'p', JWT_SECRET: 'j'.repeat(64), ENCRYPTION_KEYS: `k1:${'a'.repeat(64)}`, SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://maxout.example', PAYE_AGENT_NAME: 'A', PAYE_AGENT_TAIN: 'T', PAYE_AGENT_ADDRESS: 'Addr', PAYE_AGENT_SIGNATORY: 'S', DIRECT_DEBIT_CREDITOR: 'C', ALLOW_SANDBOX_BANK: 'true' };
    const [program, ...args] = command;
    const result = spawnSync(program!, [...args, '-f', composeFile, 'config', '--quiet'], { encoding: 'utf8', env });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // A missing secret stops it, naming the variable.
    const missing = spawnSync(program!, [...args, '-f', composeFile, 'config', '--quiet'], { encoding: 'utf8', env: { ...env, JWT_SECRET: '' } });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('set JWT_SECRET');
  });
});
