/**
 * What QA reads: every generated test path of a machine, in words. `npm run paths` (scripts/paths.ts)
 * writes one page per machine to docs/paths/<machine id>.md from the model modules
 * (tests/machines/<machine id>.model.ts), which define the model the model test runs and how each of its
 * events reads. tests/machines/paths.test.ts fails when a page no longer matches.
 *
 * A path is a table of steps: what the user does (or how the server, the router or the clock answers),
 * the state it reaches with that state's description, and, for a screen machine, the screen the user is
 * on. Paths are named by their stable id (see pathId.ts), the same id the test names and the JUnit
 * report carry.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, SnapshotFrom } from 'xstate';
import type { EventFixtures, ModelTest } from './modelTest.ts';

const AFTER_PREFIX = 'xstate.after.';

/** The events a fixture produces. */
type FixtureEvent<F> = F extends (...args: never[]) => readonly (infer E)[] ? E : EventObject;

/** How one event reads: fixed words, or words from the event and the snapshot it applies to. */
export type Words<TSnapshot, TEvent> = string | ((event: TEvent, before: TSnapshot) => string);

/**
 * Words for every event of the fixture table: every event type of the machine and every actor result
 * the model sends, so a new event type (which needs a fixture) is a compile error here until it has
 * words. Delayed events need none: they read as the time that passes.
 */
export type EventWords<TMachine extends AnyStateMachine, TFixtures> = {
  [K in keyof TFixtures]: Words<SnapshotFrom<TMachine>, FixtureEvent<TFixtures[K]>>;
};

/** One step as QA reads it. */
export interface DocStep {
  /** What the user does, or what answers (the first step: how the visit starts). */
  words: string;
  /** The snapshot the step reaches. */
  snapshot: AnyMachineSnapshot;
}

export interface DocPath {
  id: string;
  steps: DocStep[];
}

/** A list of paths with a heading, e.g. the paths of one kind of visit. */
export interface DocList {
  title: string;
  /** A sentence or two under the title. */
  intro: string;
  paths: DocPath[];
}

export interface PathDoc {
  machine: AnyStateMachine;
  /** The model test that runs these paths (repository path). */
  testFile: string;
  lists: DocList[];
  /** The screen (URL) the user is on in a snapshot, for screen machines. */
  screen?: (snapshot: AnyMachineSnapshot) => string;
}

export interface PathDocSpec<TMachine extends AnyStateMachine, TFixtures> {
  /** The model test that runs the paths, e.g. `tests/machines/contribution.model.test.ts`. */
  testFile: string;
  /** The machine's model, or one per kind of visit (each with its `name`). */
  models: readonly ModelTest<TMachine>[];
  /** What each kind of visit is, by model name (a single unnamed model needs none). */
  visits?: Readonly<Record<string, string>>;
  words: EventWords<TMachine, TFixtures>;
  /** How a visit starts (the first step), e.g. `Open /contribute`. Default: `Start`. */
  start?: string | ((snapshot: SnapshotFrom<TMachine>) => string);
  /** The screen (URL) the user is on, for screen machines. */
  screen?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Further lists QA reads, such as the paths a browser test replays. */
  lists?: readonly DocList[];
}

/** A duration as people say it: `700 ms`, `5 s`, `50 min`, `1 h 5 min`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(3))} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h ? `${h} h` : '', m ? `${m} min` : '', seconds ? `${seconds} s` : ''].filter(Boolean);
  return parts.join(' ');
}

/** The path page of a machine from its model(s) and the words of its events. */
export function pathDoc<TMachine extends AnyStateMachine, const TFixtures extends EventFixtures<TMachine>>(
  machine: TMachine,
  _fixtures: TFixtures,
  spec: PathDocSpec<TMachine, TFixtures>,
): PathDoc {
  const words = spec.words as unknown as Record<string, Words<AnyMachineSnapshot, EventObject> | undefined>;
  const say = (event: EventObject, before: AnyMachineSnapshot, advanceMs: number): string => {
    if (event.type.startsWith(AFTER_PREFIX)) {
      const delay = event.type.slice(AFTER_PREFIX.length).split('.')[0];
      return `Wait ${duration(advanceMs)} (${delay})`;
    }
    const entry = words[event.type] ?? words[Object.keys(words).find((key) => key.endsWith('*') && event.type.startsWith(key.slice(0, -1))) ?? ''];
    if (entry === undefined) throw new Error(`pathDoc(${machine.id}): no words for event type "${event.type}"`);
    return typeof entry === 'string' ? entry : entry(event, before);
  };
  const start = (snapshot: AnyMachineSnapshot) => (typeof spec.start === 'function' ? spec.start(snapshot as SnapshotFrom<TMachine>) : (spec.start ?? 'Start'));

  const lists: DocList[] = spec.models.map((model) => {
    const visit = model.name === null ? null : (spec.visits?.[model.name] ?? model.name);
    return {
      title: visit === null ? `Generated paths (${model.paths.length})` : `${visit} (${model.paths.length} paths)`,
      intro:
        visit === null
          ? `Generated by the model test from the machine (shortest paths: every state and transition is on one).`
          : `Generated by the model test for this kind of visit; the kinds of visit together cover every state and transition.`,
      paths: model.paths.map((path) => ({
        id: path.id,
        steps: path.steps.map((step, i) => ({
          words: i === 0 ? start(step.state) : say(step.event, path.steps[i - 1]!.state as AnyMachineSnapshot, step.advanceMs),
          snapshot: step.state as AnyMachineSnapshot,
        })),
      })),
    };
  });
  return {
    machine,
    testFile: spec.testFile,
    lists: [...lists, ...(spec.lists ?? [])],
    ...(spec.screen ? { screen: spec.screen as (snapshot: AnyMachineSnapshot) => string } : {}),
  };
}

// ─── Rendering ───────────────────────────────────────────────────────────────────────────────────

/** First line of every generated page; only such files are ever replaced or removed by the script. */
export const PATHS_GENERATED_MARK = '<!-- Generated by `npm run paths`';

/** Text for a Markdown table cell: one line, pipes escaped. */
function cell(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

/** The states a snapshot is in: its leaves (one per region of a parallel state), in the machine's order. */
function leavesOf(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return snapshot._nodes.filter((node: AnyStateNode) => node.type === 'atomic' || node.type === 'final').sort((a: AnyStateNode, b: AnyStateNode) => a.order - b.order);
}

const nodeName = (node: AnyStateNode) => node.path.join('.');

/**
 * The state a step reaches: the leaves it entered, each with its description the first time the path
 * reaches it (`described` holds those already described); `stays in x` when no state changed.
 */
function stateCell(snapshot: AnyMachineSnapshot, before: AnyMachineSnapshot | null, described: Set<string>): string {
  const now = leavesOf(snapshot);
  const was = new Set(before ? leavesOf(before).map(nodeName) : []);
  const entered = now.filter((node) => !was.has(nodeName(node)));
  const done = snapshot.status === 'done' ? ' (finished)' : '';
  if (entered.length === 0) return `stays in ${now.map((node) => `\`${nodeName(node)}\``).join(', ')}${done}`;
  const parts = entered.map((node) => {
    const name = nodeName(node);
    const first = !described.has(name);
    described.add(name);
    return `\`${name}\`${first && node.description ? `: ${node.description}` : ''}`;
  });
  return parts.join('; ') + done;
}

/** The page of one machine. */
export function renderPathDoc(doc: PathDoc, sourceFile: string): string {
  const { machine } = doc;
  const total = doc.lists.reduce((n, list) => n + list.paths.length, 0);
  const lines = [
    `${PATHS_GENERATED_MARK} from ${sourceFile}; do not edit by hand: change the model or the machine, then run it again. -->`,
    '',
    `# \`${machine.id}\`: every test path in words`,
    '',
  ];
  if (machine.root.description) lines.push(cell(machine.root.description), '');
  lines.push(
    `${total} paths. Each is one test of [${doc.testFile}](../../${doc.testFile}), named there and in the JUnit report`,
    '(`test-results/junit.xml`) by the id in its heading. The id is a hash of the path\'s steps, so it stays when other',
    'paths come and go. A step reads: what the user does, or how the server, the router or the clock answers → the',
    `state it reaches, described the first time the path reaches it (\`stays in\` when the state does not change)${doc.screen ? ', and the screen the user is on' : ''}.`,
    `The machine's diagram: [docs/machines/${machine.id}.md](../machines/${machine.id}.md).`,
  );
  for (const list of doc.lists) {
    lines.push('', `## ${list.title}`, '', cell(list.intro));
    for (const path of list.paths) {
      const last = path.steps[path.steps.length - 1]!.snapshot;
      const ends = leavesOf(last).map((node) => `\`${nodeName(node)}\``).join(', ');
      lines.push('', `### ${path.id}`, '', `Ends in ${ends}${last.status === 'done' ? ' (finished)' : ''}.`, '');
      lines.push(doc.screen ? '| # | What the user does, or what answers | State reached | Screen |' : '| # | What the user does, or what answers | State reached |');
      lines.push(doc.screen ? '|---|---|---|---|' : '|---|---|---|');
      const described = new Set<string>();
      path.steps.forEach((step, i) => {
        const state = stateCell(step.snapshot, i === 0 ? null : path.steps[i - 1]!.snapshot, described);
        const row = [String(i), cell(step.words), cell(state), ...(doc.screen ? [cell(doc.screen(step.snapshot))] : [])];
        lines.push(`| ${row.join(' | ')} |`);
      });
    }
  }
  return `${lines.join('\n')}\n`;
}

/** docs/paths/README.md: one line per machine. */
export function renderPathIndex(docs: readonly { doc: PathDoc; sourceFile: string }[]): string {
  const lines = [
    `${PATHS_GENERATED_MARK}; do not edit by hand. -->`,
    '',
    '# Test paths in words',
    '',
    'One page per XState machine, generated by `npm run paths` from the model each model test runs: every generated',
    'path with its stable id, step by step. The test names and the JUnit report (`test-results/junit.xml`) carry the',
    'same ids. A test fails when a page no longer matches its model.',
    '',
    '| Machine | Paths | Model | Test |',
    '|---|---|---|---|',
    ...docs.map(({ doc, sourceFile }) => {
      const count = doc.lists.reduce((n, list) => n + list.paths.length, 0);
      return `| [${doc.machine.id}](${doc.machine.id}.md) | ${count} | [${sourceFile}](../../${sourceFile}) | [${doc.testFile}](../../${doc.testFile}) |`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}
