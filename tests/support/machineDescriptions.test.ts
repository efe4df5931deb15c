import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MACHINE_FILE, withoutDescriptions } from '../../scripts/viteMachineDescriptions.ts';

const machinesDir = path.resolve(import.meta.dirname, '../../machines');

describe('a production build leaves out the machines’ descriptions (scripts/viteMachineDescriptions.ts)', () => {
  it('takes out string descriptions of states and transitions, and nothing else', async () => {
    const source = [
      "const ok = 'description: kept in a string';",
      'export const m = setup({}).createMachine({',
      "  description: 'The machine.',",
      '  states: {',
      "    idle: { description: `Waiting.`, on: { go: { description: 'Go ' + `on`, target: 'busy' } } },",
      '    busy: { description: describe(), meta: { label: "description" } },',
      '  },',
      '});',
    ].join('\n');
    const stripped = await withoutDescriptions(source, 'x.machine.ts');
    expect(stripped).toBe(
      [
        "const ok = 'description: kept in a string';",
        'export const m = setup({}).createMachine({',
        '  description: undefined,',
        '  states: {',
        "    idle: { description: undefined, on: { go: { description: undefined, target: 'busy' } } },",
        '    busy: { description: describe(), meta: { label: "description" } },',
        '  },',
        '});',
      ].join('\n'),
    );
    expect(await withoutDescriptions('export const x = 1;', 'y.machine.ts')).toBeNull();
  });

  it('XState reads `description: undefined` as no description', () => {
    const machine = createMachine({ description: undefined, initial: 'a', states: { a: { description: undefined } } });
    expect(machine.root.description).toBeUndefined();
    expect(machine.root.states['a']?.description).toBeUndefined();
  });

  it('applies to every machine file, and each still parses and keeps its states once stripped', async () => {
    const files = readdirSync(machinesDir, { recursive: true, encoding: 'utf8' }).filter((file) => MACHINE_FILE.test(path.join(machinesDir, file)));
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) {
      const source = readFileSync(path.join(machinesDir, file), 'utf8');
      const stripped = await withoutDescriptions(source, file);
      expect(stripped, file).not.toBeNull();
      // Only the texts went: what is left of each line (state names, targets, actions) is unchanged.
      expect(stripped!.split('\n').length, file).toBeLessThanOrEqual(source.split('\n').length);
      expect(stripped!.match(/target:/g)?.length ?? 0, file).toBe(source.match(/target:/g)?.length ?? 0);
    }
  });
});
