/**
 * Production builds leave out the statecharts' `description` texts (machines/<name>/<name>.machine.ts).
 * They are written for people reading a machine: the Stately inspector, which only a development
 * build connects (src/app/main.tsx), and the diagrams and paths in words, generated from the
 * source. No production code reads them, yet they were about 3 kB of the first page's code after
 * compression (the auth, sign-in and inactivity machines run on every page).
 *
 * Each `description: <text>` property of a machine file whose value is a string (a literal, a
 * template without substitutions, or a `+` of those) becomes `description: undefined`, which XState
 * treats as no description. Anything else is left as written.
 */
import type ts from 'typescript';
import type { Plugin } from 'vite';

/** The machine definitions: one file per machine (DESIGN.md, machines/). */
export const MACHINE_FILE = /[\\/]machines[\\/][^\\/]+[\\/][^\\/]+\.machine\.ts$/;

/** `source` without the text of its `description` properties; null when it has none. */
export async function withoutDescriptions(source: string, fileName: string): Promise<string | null> {
  const { default: typescript } = await import('typescript');
  const file = typescript.createSourceFile(fileName, source, typescript.ScriptTarget.Latest, true, typescript.ScriptKind.TS);
  const isText = (node: ts.Node): boolean =>
    typescript.isStringLiteral(node) ||
    typescript.isNoSubstitutionTemplateLiteral(node) ||
    (typescript.isBinaryExpression(node) && node.operatorToken.kind === typescript.SyntaxKind.PlusToken && isText(node.left) && isText(node.right)) ||
    (typescript.isParenthesizedExpression(node) && isText(node.expression));
  const spans: { start: number; end: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (typescript.isPropertyAssignment(node) && typescript.isIdentifier(node.name) && node.name.text === 'description' && isText(node.initializer)) {
      spans.push({ start: node.initializer.getStart(file), end: node.initializer.getEnd() });
      return;
    }
    typescript.forEachChild(node, visit);
  };
  visit(file);
  if (spans.length === 0) return null;
  let result = '';
  let from = 0;
  for (const span of spans) {
    result += source.slice(from, span.start) + 'undefined';
    from = span.end;
  }
  return result + source.slice(from);
}

export function machineDescriptions(): Plugin {
  return {
    name: 'maxout:machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!MACHINE_FILE.test(id.split('?')[0] ?? id)) return null;
      const stripped = await withoutDescriptions(code, id);
      return stripped === null ? null : { code: stripped, map: null };
    },
  };
}
