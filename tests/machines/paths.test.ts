import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { setup, type EventObject } from 'xstate';
import { discoverMachines } from '../../scripts/diagrams.ts';
import { MODELS_DIR, PATHS_DIR, ROOT, discoverModels, existingPathFiles, generatePathFiles } from '../../scripts/paths.ts';
import { vitestReportArgs } from '../../scripts/vitestReports.mjs';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc, renderPathDoc } from '../support/pathDocs.ts';
import { pathId } from '../support/pathId.ts';
import { model as dataExportModel } from './dataExport.model.ts';

describe('committed path pages (docs/paths)', () => {
  // Importing the model modules builds every machine's model: once, for every test below.
  beforeAll(() => discoverModels(), 120_000);

  it('match the models they were generated from', async () => {
    const expected = await generatePathFiles();
    const problems: string[] = [];
    for (const [file, content] of expected) {
      const onDisk = path.join(ROOT, file);
      if (!existsSync(onDisk)) problems.push(`${file} is missing`);
      else if (readFileSync(onDisk, 'utf8') !== content) problems.push(`${file} no longer matches its model`);
    }
    for (const file of existingPathFiles()) {
      if (!expected.has(file)) problems.push(`${file} belongs to a machine that no longer has a model`);
    }
    if (problems.length) throw new Error(`Path pages are out of date. Run \`npm run paths\` and commit ${PATHS_DIR}/.\n  ${problems.join('\n  ')}`);
  });

  it('exist for every machine: each has a model module and a model test that runs it', async () => {
    const machines = await discoverMachines();
    const models = await discoverModels();
    expect(machines.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const { machine, file } of machines) {
      const model = models.find((m) => m.doc.machine.id === machine.id);
      const testFile = `${MODELS_DIR}/${machine.id}.model.test.ts`;
      if (!model) missing.push(`${machine.id} (${file}) has no ${MODELS_DIR}/${machine.id}.model.ts exporting its \`doc\``);
      else if (model.doc.machine.config !== machine.config) missing.push(`${model.file} describes another machine than ${file}'s ${machine.id}`);
      if (!existsSync(path.join(ROOT, testFile))) missing.push(`${machine.id} has no model test ${testFile}`);
      else if (!readFileSync(path.join(ROOT, testFile), 'utf8').includes(`from './${machine.id}.model.ts'`)) missing.push(`${testFile} does not run the model of ${MODELS_DIR}/${machine.id}.model.ts`);
      else if (model && model.doc.testFile !== testFile) missing.push(`${model.file} names ${model.doc.testFile} as its test instead of ${testFile}`);
      else if (!/\bit\(path\.description\b/.test(readFileSync(path.join(ROOT, testFile), 'utf8'))) missing.push(`${testFile} does not name its path tests by the path (id first)`);
    }
    expect(missing).toEqual([]);
  });

  it('name every path by an id unique on its page', async () => {
    for (const { doc } of await discoverModels()) {
      const ids = doc.lists.flatMap((list) => list.paths.map((p) => p.id));
      expect(ids.length, `${doc.machine.id} has paths`).toBeGreaterThan(0);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), `${doc.machine.id}: ids used twice`).toEqual([]);
      for (const id of ids) expect(id).toMatch(new RegExp(`^${doc.machine.id}-[0-9a-f]{8}$`));
    }
  });
});

/** A small machine: a guarded choice, an actor result and a way back. */
const door = setup({
  types: { events: {} as { type: 'push'; hard: boolean } | { type: 'close' } },
  guards: { hard: ({ event }) => event.type === 'push' && event.hard },
}).createMachine({
  id: 'door',
  description: 'A door.',
  initial: 'closed',
  states: {
    closed: { description: 'Shut.', on: { push: [{ guard: 'hard', target: 'open' }, { target: 'ajar' }] } },
    ajar: { description: 'Open a crack.', on: { push: 'open', close: 'closed' } },
    open: { description: 'Wide open.', on: { close: 'closed' } },
  },
});

describe('path ids', () => {
  const soft = { type: 'push', hard: false } as const;
  const hard = { type: 'push', hard: true } as const;

  it('are a hash of what the path is made of: the kind of visit and each step’s fixture variant', () => {
    const model = createModelTest(door, { events: { push: () => [soft, hard], close: () => [{ type: 'close' }] } });
    const viaHard = model.paths.find((p) => p.steps[1]?.event.type === 'push' && (p.steps[1].event as typeof hard).hard)!;
    expect(viaHard.id).toBe(pathId('door', ['', 'push#1', 'close#0']));
    expect(viaHard.description).toBe(`${viaHard.id} "closed" ← push {"hard":true} → close`);
    const named = createModelTest(door, { name: 'visitor', events: { push: () => [soft, hard], close: () => [{ type: 'close' }] } });
    expect(named.paths.map((p) => p.id)).not.toEqual(expect.arrayContaining([viaHard.id]));
  });

  it('stay when a fixture variant is added after the others, though the list of paths changes', () => {
    const before = createModelTest(door, { events: { push: () => [soft], close: () => [{ type: 'close' }] } });
    const after = createModelTest(door, { events: { push: () => [soft, hard], close: () => [{ type: 'close' }] } });
    expect(after.paths.length).toBeGreaterThan(before.paths.length);
    const byBody = (paths: typeof before.paths) => new Map(paths.map((p) => [p.description.slice(p.id.length), p.id]));
    const was = byBody(before.paths);
    const now = byBody(after.paths);
    for (const [body, id] of was) if (now.has(body)) expect(now.get(body), body).toBe(id);
    expect([...was.keys()].filter((body) => now.has(body)).length).toBeGreaterThan(0);
  });
});

describe('a path page', () => {
  const fixtures = { push: () => [{ type: 'push', hard: false }, { type: 'push', hard: true }], close: () => [{ type: 'close' }] } satisfies EventFixtures<typeof door>;
  const model = createModelTest(door, { events: fixtures });
  const doc = pathDoc(door, fixtures, {
    testFile: 'tests/machines/door.model.test.ts',
    models: [model],
    start: 'Walk up to the door',
    words: { push: (event) => (event.hard ? 'Push hard' : 'Push gently'), close: 'Close it' },
    screen: (snapshot) => `the hall (${String(snapshot.value)})`,
  });
  const page = renderPathDoc(doc, 'tests/machines/door.model.ts');

  it('writes every path under its id, each step as what the user does → the state reached and its description, and the screen', () => {
    expect(page.startsWith('<!-- Generated by `npm run paths` from tests/machines/door.model.ts')).toBe(true);
    for (const p of model.paths) expect(page).toContain(`\n### ${p.id}\n`);
    const viaHard = model.paths.find((p) => p.steps[1]?.event.type === 'push' && (p.steps[1].event as EventObject & { hard?: boolean }).hard)!;
    const section = page.slice(page.indexOf(`### ${viaHard.id}`)).split('\n### ')[0]!;
    expect(section).toContain('Ends in `closed`.');
    expect(section).toContain('| 0 | Walk up to the door | `closed`: Shut. | the hall (closed) |');
    expect(section).toContain('| 1 | Push hard | `open`: Wide open. | the hall (open) |');
    expect(section).toContain('| 2 | Close it | `closed` | the hall (closed) |');
  });

  it('says "stays in" for a step that changes no state, and describes a state once per path', () => {
    const words = { push: 'Push', close: 'Close it' };
    const back = createModelTest(door, { events: fixtures }).pathFromEvents('there and back', [{ type: 'push', hard: false }, { type: 'close' }, { type: 'push', hard: false }]);
    const journey = pathDoc(door, fixtures, { testFile: 'x', models: [], words, lists: [] });
    const text = renderPathDoc({ ...journey, lists: [{ title: 'T', intro: 'I', paths: [{ id: back.id, steps: back.steps.map((s) => ({ words: 'w', snapshot: s.state })) }] }] }, 'x');
    expect(text).toContain('| 2 | w | `closed` |');
    expect(text).toContain('| 3 | w | `ajar` |');
    const ignored = createModelTest(door, { events: fixtures }).pathFromEvents('closed twice', [{ type: 'close' }]);
    const still = renderPathDoc({ ...journey, lists: [{ title: 'T', intro: 'I', paths: [{ id: ignored.id, steps: ignored.steps.map((s) => ({ words: 'w', snapshot: s.state })) }] }] }, 'x');
    expect(still).toContain('| 1 | w | stays in `closed` |');
  });
});

describe('the JUnit report npm test writes', () => {
  it('names each path test by its id', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'junit-'));
    try {
      const junit = path.join(dir, 'junit.xml');
      // A clean environment: the child is a vitest run of its own, not a worker of this one.
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS'));
      await promisify(execFile)(
        process.execPath,
        ['node_modules/vitest/vitest.mjs', ...vitestReportArgs(path.join(dir, 'report.json'), junit), '--project', 'unit', 'tests/machines/dataExport.model.test.ts'],
        { cwd: ROOT, env },
      );
      const names = [...readFileSync(junit, 'utf8').matchAll(/<testcase classname="tests\/machines\/dataExport\.model\.test\.ts" name="[^"]*? &gt; ([^"]*)"/g)].map((m) => m[1]!);
      for (const p of dataExportModel.paths) expect(names.some((name) => name.startsWith(`${p.id} `)), `${p.id} names a test case`).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
