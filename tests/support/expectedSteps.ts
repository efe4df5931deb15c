/**
 * An independent oracle for model tests. `createModelTest` derives its paths and expected states from
 * the machine itself, so a run only proves that the real actor agrees with the pure machine: a wrong
 * target in the machine would move both the same way and pass. Here the expected behaviour is written
 * by hand, as a table (state → case of event → next state and context), and every step of every path is
 * checked against it: value, context, tags and status.
 *
 * A case a state does not list means "ignored here": state and context must stay as they were. Every
 * rule of the table must be used by some path (`unusedRules`), so the table cannot describe a
 * transition the machine lacks.
 *
 * A machine of parallel regions lists its regions (`regions`): its value is then every region's state,
 * rules are keyed by `region.state` and lead to a state of that region, and an event goes to every
 * region, as in the machine. A rule may `raise` an event the machine raises, handled after the step's
 * own rules.
 *
 * @example
 * const oracle = expectedSteps({
 *   initial: { value: 'idle', context: { error: null } },
 *   tags: { saving: ['busy'] },
 *   caseOf: (event) => (event.type === 'xstate.done.actor.save' ? 'save ok' : event.type),
 *   transitions: { idle: { 'user.save': { to: 'saving' } }, saving: { 'save ok': { to: 'idle' } } },
 * });
 * model.runPath(path, { createActor, afterStep: oracle.check });
 * expect(oracle.unusedRules(model.paths)).toEqual([]);
 */
import { isDeepStrictEqual } from 'node:util';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import type { ModelPath, StepContext } from './modelTest.ts';

export interface ExpectedState<TContext> {
  /** The state as a dotted path (`editing`, `signedOut.idle`). */
  value: string;
  context: TContext;
}

export interface TransitionRule<TContext> {
  /** The state the event leads to (a dotted path; with regions, a state of the rule's region). */
  to: string;
  /** The context after the event; default: unchanged. */
  context?: (before: TContext, event: EventObject) => TContext;
  /** An event the machine raises on this transition: handled, by every region, once the step's rules ran. */
  raise?: EventObject;
}

export interface ExpectedMachine<TContext> {
  /**
   * For a machine of parallel regions, their names in the machine's order. `initial.value` is then the
   * regions' states (`{"overview":"loading","password":"idle"}`, as `dottedValue` writes it; `regionsValue`
   * builds it) and `tags`, `final` and `transitions` are keyed by `region.state`.
   */
  regions?: readonly string[];
  initial: ExpectedState<TContext>;
  /** The tags each state carries, exactly; a state not listed carries none. */
  tags?: Record<string, readonly string[]>;
  /** States in which the actor is done (its status is `done`). */
  final?: readonly string[];
  /**
   * The case an event falls into, e.g. `sendReminder ok` for a done event with `{ ok: true }`. Default: its type.
   * `before` is the table's own expected state before the event, for cases that depend on it (e.g. "Next on the
   * last page"); it is never read from the machine.
   */
  caseOf?: (event: EventObject, before: ExpectedState<TContext>) => string;
  /** State → case → rule. A case not listed for a state leaves state and context unchanged. */
  transitions: Record<string, Record<string, TransitionRule<TContext>>>;
}

interface ExpectedStep<TContext> extends ExpectedState<TContext> {
  /** `state —[case]→ target` of each rule taken. */
  rules: string[];
}

export interface ExpectedSteps<TContext> {
  /** The expected state after each step of a path (index 0: the initial state). */
  expectedSteps(path: ModelPath<AnyStateMachine>): ExpectedStep<TContext>[];
  /** A `runPath` `afterStep`: throws when the real actor differs from the table at this step. */
  check(ctx: StepContext<AnyStateMachine>): void;
  /** Rules no path takes, as `state —[case]→ target`. */
  unusedRules(paths: readonly ModelPath<AnyStateMachine>[]): string[];
}

/** A state value as a dotted path; parallel values (several regions) as JSON. */
export function dottedValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const child = value[keys[0]!];
    return child === undefined ? keys[0]! : `${keys[0]}.${dottedValue(child)}`;
  }
  return JSON.stringify(value);
}

const ruleName = (state: string, kase: string, to: string) => `${state} —[${kase}]→ ${to}`;

/** The value of a machine of parallel regions, as `dottedValue` writes it: `{ overview: 'loading', … }` in the regions' order. */
export function regionsValue(states: Readonly<Record<string, string>>): string {
  return JSON.stringify(states);
}

export function expectedSteps<TContext>(spec: ExpectedMachine<TContext>): ExpectedSteps<TContext> {
  const caseOf = spec.caseOf ?? ((event: EventObject) => event.type);

  const next = (before: ExpectedState<TContext>, event: EventObject): ExpectedStep<TContext> => {
    const kase = caseOf(event, before);
    if (!spec.regions) {
      const rule = spec.transitions[before.value]?.[kase];
      if (!rule) return { ...before, rules: [] };
      const after: ExpectedStep<TContext> = {
        value: rule.to,
        context: rule.context ? rule.context(before.context, event) : before.context,
        rules: [ruleName(before.value, kase, rule.to)],
      };
      return rule.raise ? merge(after, next(after, rule.raise)) : after;
    }
    // Every region hears the event; each takes its own rule, in the regions' order.
    const states = JSON.parse(before.value) as Record<string, string>;
    let context = before.context;
    const rules: string[] = [];
    const raised: EventObject[] = [];
    for (const region of spec.regions) {
      const from = `${region}.${states[region]}`;
      const rule = spec.transitions[from]?.[kase];
      if (!rule) continue;
      if (!rule.to.startsWith(`${region}.`)) throw new Error(`expectedSteps: the rule ${ruleName(from, kase, rule.to)} leaves its region`);
      states[region] = rule.to.slice(region.length + 1);
      if (rule.context) context = rule.context(context, event);
      if (rule.raise) raised.push(rule.raise);
      rules.push(ruleName(from, kase, rule.to));
    }
    let after: ExpectedStep<TContext> = { value: regionsValue(states), context, rules };
    for (const event of raised) after = merge(after, next(after, event));
    return after;
  };
  const merge = (first: ExpectedStep<TContext>, then: ExpectedStep<TContext>): ExpectedStep<TContext> => ({ ...then, rules: [...first.rules, ...then.rules] });

  /** The tags a state carries: its own, or with regions those of every region's state. */
  const tagsOf = (value: string): string[] => {
    if (!spec.regions) return [...(spec.tags?.[value] ?? [])];
    const states = JSON.parse(value) as Record<string, string>;
    return spec.regions.flatMap((region) => spec.tags?.[`${region}.${states[region]}`] ?? []);
  };

  const stepsOf = (path: ModelPath<AnyStateMachine>): ExpectedStep<TContext>[] => {
    const out: ExpectedStep<TContext>[] = [{ ...spec.initial, rules: [] }];
    for (const step of path.steps.slice(1)) out.push(next(out[out.length - 1]!, step.event));
    return out;
  };

  const check = ({ actor, path, index, step }: StepContext<AnyStateMachine>): void => {
    const steps = stepsOf(path);
    const expected = steps[index]!;
    const actual = actor.getSnapshot() as AnyMachineSnapshot;
    const where = `step ${index} (${index === 0 ? 'start' : caseOf(step.event, steps[index - 1]!)})`;
    const problems: string[] = [];
    const value = dottedValue(actual.value);
    if (value !== expected.value) problems.push(`state: expected "${expected.value}", actual "${value}"`);
    const status = spec.final?.includes(expected.value) ? 'done' : 'active';
    if (actual.status !== status) problems.push(`status: expected ${status}, actual ${actual.status}`);
    if (!isDeepStrictEqual(actual.context, expected.context)) {
      problems.push(`context: expected ${JSON.stringify(expected.context)}, actual ${JSON.stringify(actual.context)}`);
    }
    const tags = [...actual.tags].sort();
    const expectedTags = [...new Set(tagsOf(expected.value))].sort();
    if (!isDeepStrictEqual(tags, expectedTags)) problems.push(`tags: expected [${expectedTags.join(', ')}], actual [${tags.join(', ')}]`);
    if (problems.length) {
      throw new Error(`${where}: the actor differs from the expected transitions${expected.rules.length ? ` (${expected.rules.join(', ')})` : ''}:\n  ${problems.join('\n  ')}`);
    }
  };

  const unusedRules = (paths: readonly ModelPath<AnyStateMachine>[]): string[] => {
    const used = new Set(paths.flatMap((path) => stepsOf(path).flatMap((s) => s.rules)));
    return Object.entries(spec.transitions).flatMap(([state, rules]) =>
      Object.entries(rules)
        .map(([kase, rule]) => ruleName(state, kase, rule.to))
        .filter((name) => !used.has(name)),
    );
  };

  return { expectedSteps: stepsOf, check, unusedRules };
}
