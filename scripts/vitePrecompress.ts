/**
 * Build-time compression of the SPA: after `vite build` writes dist/, every compressible file
 * of at least 1 kB gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling, kept
 * only when smaller than the file itself. The server (src/server/http/spa.ts) sends the variant
 * the browser accepts, so no byte is compressed at request time.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing (images and fonts are compressed already). */
export const PRECOMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|wasm|ico)$/i;
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface PrecompressedFile {
  /** Relative to the directory. */
  file: string;
  raw: number;
  /** Sizes of the written variants (undefined: not written, no smaller than the file). */
  br?: number | undefined;
  gzip?: number | undefined;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat();
}

/** Writes `.br` and `.gz` beside every compressible file of `dir` (recursively). */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const files = (await filesUnder(dir)).filter((file) => PRECOMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file): Promise<PrecompressedFile> => {
      const relative = path.relative(dir, file);
      const { size } = await stat(file);
      if (size < MIN_BYTES) return { file: relative, raw: size };
      const bytes = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        }),
        gz(bytes, { level: 9 }),
      ]);
      const result: PrecompressedFile = { file: relative, raw: size };
      if (br.length < size) {
        await writeFile(`${file}.br`, br);
        result.br = br.length;
      }
      if (gzipped.length < size) {
        await writeFile(`${file}.gz`, gzipped);
        result.gzip = gzipped.length;
      }
      return result;
    }),
  );
}

/** The Vite plugin: precompresses the output directory once the production build is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'maxout:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return;
      await precompressDirectory(outDir);
    },
  };
}
