import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, fromPromise, not, setup } from 'xstate';
import {
  DOCS_DIR,
  ROOT,
  discoverMachines,
  existingGeneratedFiles,
  generateDiagramFiles,
  machineFiles,
  mermaidDiagram,
  mermaidText,
  renderMachineDoc,
} from '../../scripts/diagrams.ts';

describe('committed machine diagrams', () => {
  it('match the machines they were generated from', async () => {
    const expected = await generateDiagramFiles();
    const problems: string[] = [];
    for (const [file, content] of expected) {
      const onDisk = path.join(ROOT, file);
      if (!existsSync(onDisk)) problems.push(`${file} is missing`);
      else if (readFileSync(onDisk, 'utf8') !== content) problems.push(`${file} no longer matches its machine`);
    }
    for (const file of existingGeneratedFiles()) {
      if (!expected.has(file)) problems.push(`${file} belongs to a machine that no longer exists`);
    }
    if (problems.length) {
      throw new Error(`Machine diagrams are out of date. Run \`npm run diagrams\` and commit ${DOCS_DIR}/.\n  ${problems.join('\n  ')}`);
    }
  });

  it('exist for every machine module, found without a list', async () => {
    const sources = await discoverMachines();
    const files = machineFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(sources.some((s) => s.file === file), `${file} exports a machine`).toBe(true);
    expect(sources.map((s) => s.machine.id)).toEqual(expect.arrayContaining(['forgotPassword', 'resetPassword']));
  });
});

/** A machine with every feature the generator must draw, and names Mermaid cannot take as they are. */
const fixtureMachine = setup({
  types: { events: {} as { type: 'go: now; #1 <x> {y} "q" 50%' } | { type: 'back' } | { type: 'noop' } },
  actors: { load: fromPromise(async () => 1) },
  actions: { announce: () => {} },
  guards: { ok: () => true, ready: () => true },
  delays: { soon: 10 },
}).createMachine({
  id: 'fixture',
  description: 'Top | level. Second sentence.',
  initial: 'state',
  states: {
    state: {
      description: 'A state named like a Mermaid keyword.',
      on: {
        'go: now; #1 <x> {y} "q" 50%': [{ target: 'end', guard: not('ok') }, { target: 'done' }],
        noop: { description: 'Ignored here.' },
      },
    },
    end: {
      type: 'parallel',
      description: 'Two regions.',
      on: { back: 'state' },
      states: {
        left: {
          initial: 'a',
          states: {
            a: { tags: ['busy'], after: { soon: 'b' } },
            b: { entry: 'announce', always: { target: 'a', guard: and(['ok', 'ready']) } },
          },
        },
        right: {
          initial: 'note',
          states: {
            note: { invoke: { id: 'loader', src: 'load', onDone: '#fixture.done', onError: { target: 'note', reenter: true } } },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

describe('diagram generator', () => {
  const diagram = mermaidDiagram(fixtureMachine);
  const lines = diagram.split('\n').map((line) => line.trim());

  it('draws initial and final states, nesting, parallel regions and ids for nested states', () => {
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(lines).toContain('[*] --> s_state'); // `state` is a keyword: the id gets a prefix, the label stays
    expect(lines).toContain('state "state" as s_state');
    expect(lines).toContain('state "end" as s_end {');
    expect(lines).toContain('state "left" as end_left {');
    expect(lines).toContain('[*] --> end_left_a');
    expect(lines.indexOf('--')).toBeGreaterThan(lines.indexOf('state "left" as end_left {'));
    expect(lines.indexOf('--')).toBeLessThan(lines.indexOf('state "right" as end_right {'));
    expect(lines).toContain('done --> [*]');
  });

  it('labels edges with events, guards (else included), named delays, invoke results and always', () => {
    expect(lines).toContain('end_left_a --> end_left_b: after soon');
    expect(lines).toContain('end_left_b --> end_left_a: always [ok and ready]');
    expect(lines).toContain('end_right_note --> end_right_note: loader error (re-enter)');
    expect(lines).toContain('s_end --> s_state: back');
    // From a state inside `end` to one outside: drawn from the box of `end` (Mermaid cannot cross its border).
    expect(lines).toContain('s_end --> done: loader done');
    const escaped = mermaidText('go: now; #1 <x> {y} "q" 50%');
    expect(escaped.replace(/#\d+;/g, '')).not.toMatch(/[:;#<>{}"%]/); // only Mermaid's #code; entities are left
    expect(escaped).toBe('go#58; now#59; #35;1 #60;x#62; #123;y#125; #34;q#34; 50#37;');
    expect(lines).toContain(`s_state --> s_end: ${escaped} [not ok]`);
    expect(lines).toContain(`s_state --> done: ${escaped} [else]`);
  });

  it('puts several edges between the same two states on one edge, one label per line', () => {
    const twice = setup({ types: { events: {} as { type: 'a' } | { type: 'b' } } }).createMachine({
      id: 'twice',
      initial: 'x',
      states: { x: { on: { a: 'y', b: 'y' } }, y: {} },
    });
    expect(mermaidDiagram(twice).split('\n')).toContain('  x --> y: a<br/>b');
  });

  it('writes a page with the descriptions, tags, invokes and every transition, targetless ones included', () => {
    const page = renderMachineDoc({ machine: fixtureMachine, file: 'machines/fixture/fixture.machine.ts', exportName: 'fixtureMachine' });
    expect(page.startsWith('<!-- Generated by `npm run diagrams`')).toBe(true);
    expect(page).toContain('Top \\| level. Second sentence.');
    expect(page).toContain('```mermaid\n' + diagram + '\n```');
    expect(page).toContain('| `state` | atomic (initial) |  |  |  | A state named like a Mermaid keyword. |');
    expect(page).toContain('| `end.left.a` | atomic (initial) | `busy` |  |  |  |'); // no timer bookkeeping as entry actions
    expect(page).toContain('| `end.left.b` | atomic |  |  | entry: `announce` |  |');
    expect(page).toContain('| `end.right.note` | atomic (initial) |  | `loader (load)` |  |  |');
    expect(page).toContain('| `state` | `noop` |  | (stays) |  | Ignored here. |');
    expect(page).toContain('| `end.right.note` | `loader done` |  | `done` |  |  |');
    expect(page).toContain('| `end.right.note` | `loader error` |  | `end.right.note` (re-enter) |  |  |');
  });
});
