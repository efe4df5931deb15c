/**
 * `npm run paths`: every generated test path of every machine, in words, written to
 * docs/paths/<machine id>.md (with an index in docs/paths/README.md) for QA to read.
 *
 * The pages come from the model modules, not from a list: every `tests/machines/*.model.ts` exports
 * `doc`, the machine's model(s) as its model test runs them and how each event reads (see
 * tests/support/pathDocs.ts). tests/machines/paths.test.ts regenerates the pages in memory and fails
 * when a committed one differs, and fails when a machine has no model module or model test.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existingGeneratedPages, writeGeneratedPages } from './generatedDocs.ts';
import { PATHS_GENERATED_MARK, renderPathDoc, renderPathIndex, type PathDoc } from '../tests/support/pathDocs.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PATHS_DIR = 'docs/paths';
export const MODELS_DIR = 'tests/machines';
const INDEX_FILE = 'README.md';

export interface ModelSource {
  doc: PathDoc;
  /** The model module, relative to the repository root. */
  file: string;
}

/** `tests/machines/*.model.ts`, relative to `root`, sorted. */
export function modelFiles(root = ROOT): string[] {
  const dir = path.join(root, MODELS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.model.ts'))
    .map((name) => `${MODELS_DIR}/${name}`)
    .sort();
}

const isPathDoc = (value: unknown): value is PathDoc =>
  typeof value === 'object' && value !== null && 'machine' in value && 'lists' in value && Array.isArray((value as PathDoc).lists);

/** The `doc` of every model module; a module without one, or two pages for one machine, is an error. */
export async function discoverModels(root = ROOT): Promise<ModelSource[]> {
  const found: ModelSource[] = [];
  for (const file of modelFiles(root)) {
    const module = (await import(pathToFileURL(path.join(root, file)).href)) as Record<string, unknown>;
    const doc = module.doc;
    if (!isPathDoc(doc)) throw new Error(`${file} exports no \`doc\` (see tests/support/pathDocs.ts).`);
    const other = found.find((source) => source.doc.machine.id === doc.machine.id);
    if (other) throw new Error(`${other.file} and ${file} both describe the machine "${doc.machine.id}".`);
    found.push({ doc, file });
  }
  return found.sort((a, b) => a.doc.machine.id.localeCompare(b.doc.machine.id));
}

/** Every page, keyed by its path relative to the repository root. */
export async function generatePathFiles(root = ROOT): Promise<Map<string, string>> {
  const sources = await discoverModels(root);
  const files = new Map<string, string>();
  for (const { doc, file } of sources) files.set(`${PATHS_DIR}/${doc.machine.id}.md`, renderPathDoc(doc, file));
  files.set(`${PATHS_DIR}/${INDEX_FILE}`, renderPathIndex(sources.map(({ doc, file }) => ({ doc, sourceFile: file }))));
  return files;
}

/** Generated pages on disk (those starting with the generated mark), relative to the repository root. */
export function existingPathFiles(root = ROOT): string[] {
  return existingGeneratedPages(root, PATHS_DIR, PATHS_GENERATED_MARK);
}

async function main(): Promise<void> {
  const files = await generatePathFiles();
  writeGeneratedPages(ROOT, PATHS_DIR, PATHS_GENERATED_MARK, files, 'no model describes this machine any more');
  console.log(`${files.size - 1} path pages in ${PATHS_DIR}/ are current.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
