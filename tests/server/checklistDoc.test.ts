/**
 * Keeps docs/security-checklist.md honest: every item of the security checklist is there once
 * with PASS, FAIL or N/A; every PASS names test files that exist; N/A and FAIL say why; at least
 * 90 % of the applicable items pass. Also checks the two items whose evidence is a document:
 * the token-storage decision (D3, docs/decisions/002-tokens-in-browser-storage.md) and the breach runbook (G7).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The checklist's sections and how many items each has (A1–A7 … J1–J6). */
const SECTIONS = { A: 7, B: 5, C: 12, D: 5, E: 4, F: 7, G: 7, H: 6, I: 6, J: 6 } as const;
const EXPECTED_IDS = Object.entries(SECTIONS).flatMap(([letter, count]) => Array.from({ length: count }, (_, i) => `${letter}${i + 1}`));

interface Row {
  id: string;
  status: string;
  tests: string[];
  notes: string;
}

function rows(): Row[] {
  return read('docs/security-checklist.md')
    .split('\n')
    .filter((line) => /^\|\s*[A-J]\d+\s*\|/.test(line))
    .map((line) => {
      const [id = '', status = '', tests = '', notes = ''] = line.split('|').slice(1, -1).map((cell) => cell.trim());
      return { id, status, tests: tests.split(',').map((file) => file.trim()).filter(Boolean), notes };
    });
}

describe('docs/security-checklist.md', () => {
  it('lists every checklist item exactly once, with PASS, FAIL or N/A', () => {
    const found = rows();
    expect(found.map((row) => row.id)).toEqual(EXPECTED_IDS);
    for (const row of found) expect(['PASS', 'FAIL', 'N/A'], row.id).toContain(row.status);
  });

  it('names an existing test file for every PASS, and a reason for every N/A and FAIL', () => {
    for (const row of rows()) {
      if (row.status === 'PASS') {
        expect(row.tests.length, row.id).toBeGreaterThan(0);
        for (const file of row.tests) {
          expect(file, row.id).toMatch(/^tests\/.+\.test\.tsx?$/);
          expect(existsSync(path.join(root, file)), `${row.id}: ${file}`).toBe(true);
        }
      } else {
        expect(row.notes.length, row.id).toBeGreaterThan(20);
      }
    }
  });

  it('passes at least 90 % of the applicable items', () => {
    const applicable = rows().filter((row) => row.status !== 'N/A');
    const passed = applicable.filter((row) => row.status === 'PASS');
    expect(passed.length / applicable.length).toBeGreaterThanOrEqual(0.9);
  });

  it('D3: a decision records the token-storage trade-off', () => {
    const decision = read('docs/decisions/002-tokens-in-browser-storage.md');
    expect(decision).toMatch(/^# Tokens in browser storage/);
    expect(decision).toMatch(/HttpOnly cookie; we accept the spec's choice and\s+reduce the risk/);
  });

  it('G7: a breach runbook with the 72-hour notice exists', () => {
    const runbook = read('docs/breach-runbook.md');
    expect(runbook).toMatch(/72 hours/);
    for (const heading of ['## Contain', '## Assess', '## Notify', '## Close']) expect(runbook).toContain(heading);
  });
});
