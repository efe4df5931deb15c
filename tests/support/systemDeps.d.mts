export interface MissingDep {
  /** Debian package that provides it. */
  pkg: string;
  /** What is missing and which tests need it. */
  why: string;
}

export const CHROMIUM_PATH: string;
export const NGINX_PATH: string;
export function findPostgresBin(): string | undefined;
export function missingSystemDeps(env?: Record<string, string | undefined>): MissingDep[];
export function canAptInstall(): boolean;
export function aptInstall(packages: string[]): boolean;
export function installHint(missing: MissingDep[]): string;
