/**
 * The Form 11 components built as production would build them (Vite, mode production, minified):
 * the development-only "Fill Mock Data" button must be gone, with its label and handler, while the
 * forms themselves are there. The app's own bundle is checked the same way once its routes load
 * these components; this keeps the guarantee while they are not yet routed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

async function productionCode(): Promise<string> {
  // Vite decides production from NODE_ENV, which vitest sets to 'test' (as `npm run build` does not).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await buildCode();
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

async function buildCode(): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'silent',
    plugins: [react()],
    build: {
      write: false,
      minify: true,
      // Libraries stay out: only our code is searched, and the build stays quick.
      rollupOptions: {
        input: path.join(root, 'src/app/screens/form11/index.ts'),
        preserveEntrySignatures: 'exports-only',
        external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
      },
    },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  return results
    .flatMap((result) => result.output)
    .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
    .join('\n');
}

describe('production build of the Form 11 components', () => {
  it('has the forms but not the development-only Fill Mock Data button', { timeout: 60_000 }, async () => {
    const code = await productionCode();
    // Booleans, so a failure does not print the whole bundle.
    expect(code.includes('Submit Income Declaration'), 'the forms are in the bundle').toBe(true);
    expect(code.includes('Please add at least one insurance'), 'the forms are in the bundle').toBe(true);
    expect(code.includes('jsxDEV'), 'built in production mode').toBe(false);
    expect(code.includes('Fill Mock Data'), 'no Fill Mock Data in production').toBe(false);
  });
});
