import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Drizzle applies a migration only when its journal `when` is newer than the newest one the
 * database recorded (and the server skips the migrator when the newest is there). A migration
 * whose `when` is older than an earlier entry's, as a merge of two branches can leave, would be
 * skipped on every existing database for good.
 */
const dir = new URL('../../src/server/db/migrations/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', dir), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

describe('the migration journal', () => {
  it('numbers its entries in order, each newer than the one before', () => {
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, '0') + '_'), entry.tag).toBe(true);
      if (index > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[index - 1]!.when);
    });
  });

  it('has one SQL file per entry and no other', () => {
    const files = readdirSync(dir).filter((name) => name.endsWith('.sql')).sort();
    expect(files).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`));
  });
});
