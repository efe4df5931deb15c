/**
 * Writing generated documentation pages (docs/machines by `npm run diagrams`, docs/paths by
 * `npm run paths`): a page is generated when it starts with its generator's mark, so a page
 * written by hand in the same folder is never touched.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Generated pages on disk (those starting with `mark`) in `dir`, relative to the repository root. */
export function existingGeneratedPages(root: string, dir: string, mark: string): string[] {
  const folder = path.join(root, dir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${dir}/${name}`)
    .filter((file) => readFileSync(path.join(root, file), 'utf8').startsWith(mark))
    .sort();
}

/** Writes the pages that changed and removes generated pages nothing generates any more, saying what it did. */
export function writeGeneratedPages(root: string, dir: string, mark: string, files: Map<string, string>, whyStale: string): void {
  mkdirSync(path.join(root, dir), { recursive: true });
  for (const stale of existingGeneratedPages(root, dir, mark).filter((file) => !files.has(file))) {
    rmSync(path.join(root, stale));
    console.log(`removed ${stale} (${whyStale})`);
  }
  for (const [file, content] of files) {
    const target = path.join(root, file);
    const before = existsSync(target) ? readFileSync(target, 'utf8') : null;
    if (before === content) continue;
    writeFileSync(target, content);
    console.log(`${before === null ? 'wrote' : 'updated'} ${file}`);
  }
}
