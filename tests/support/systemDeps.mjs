// System programs the test suite needs that npm does not install: Debian's chromium (for the
// e2e project), the PostgreSQL server binaries (for the server-postgres project) and nginx (the
// proxy in front of the cluster test's two instances, as in deploy/compose.yaml).
// Plain JavaScript so `scripts/test.mjs` can use it before any TypeScript loader is available;
// types are in systemDeps.d.mts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const POSTGRES_ROOT = '/usr/lib/postgresql';
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The bin directory of the newest PostgreSQL under /usr/lib/postgresql that has initdb, or undefined. */
export function findPostgresBin() {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(POSTGRES_ROOT, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

/**
 * What is missing, as Debian package names with what each is for. PostgreSQL is not needed
 * when TEST_POSTGRES_URL points the server-postgres project at an existing server.
 */
export function missingSystemDeps(env = process.env) {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push({ pkg: 'chromium', why: `${CHROMIUM_PATH} (e2e tests)` });
  if (!env.TEST_POSTGRES_URL && !findPostgresBin()) {
    missing.push({ pkg: 'postgresql', why: `${POSTGRES_ROOT}/*/bin/initdb (server-postgres tests)` });
  }
  if (!existsSync(NGINX_PATH)) missing.push({ pkg: 'nginx', why: `${NGINX_PATH} (the cluster test's proxy)` });
  return missing;
}

/** True when we may install with apt-get ourselves: root on Debian or Ubuntu. */
export function canAptInstall() {
  return existsSync('/etc/debian_version') && typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Installs the given Debian packages (plus a font so screenshots have glyphs). Returns true on
 * success. Output goes to the terminal so a slow download is visible.
 */
export function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const all = [...new Set([...packages, 'fonts-dejavu-core'])];
  console.log(`Installing system packages: ${all.join(' ')}`);
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...all], { stdio: 'inherit', env });
  // Debian's nginx package starts a server on port 80 when it installs; the tests run their own
  // on loopback ports, so stop that one (its pid file says which process it is).
  if (all.includes('nginx') && existsSync('/run/nginx.pid')) spawnSync('/usr/sbin/nginx', ['-s', 'stop'], { stdio: 'inherit' });
  return install.status === 0;
}

/** One line telling a person what to install. */
export function installHint(missing) {
  const packages = missing.map((m) => m.pkg).join(' ');
  const what = missing.map((m) => m.why).join('; ');
  return `Missing system dependencies: ${what}. Install them, e.g. \`sudo apt-get install ${packages}\`.`;
}
