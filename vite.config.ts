import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { machineDescriptions } from './scripts/viteMachineDescriptions.ts';
import { precompress } from './scripts/vitePrecompress.ts';
import { routePreloads } from './scripts/viteRoutePreloads.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [machineDescriptions(), react(), routePreloads(), precompress()],
  server: {
    // `npm run dev`: Vite serves the SPA with hot reload and forwards the API to the Node server.
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The code every page runs (src/app/main.tsx and the rest of '$initial') is `app-…js`
        // wherever the project is checked out: named after the modules' common folder, it was
        // `main-…` here and another name elsewhere, and other chunks name it in their imports, so
        // the first page's weight depended on the checkout's folder name.
        chunkFileNames: (chunk) => (chunk.moduleIds.some((id) => id.endsWith('/src/app/main.tsx')) ? 'assets/app-[hash].js' : 'assets/[name]-[hash].js'),
        // Its stylesheet likewise (the code names it among the files a lazy screen waits for).
        assetFileNames: (asset) => (asset.names.includes(`${path.basename(import.meta.dirname)}.css`) ? 'assets/app-[hash][extname]' : 'assets/[name]-[hash][extname]'),
        codeSplitting: {
          // Mantine's components share many small modules; split apart they made /auth/login
          // fetch 25 scripts one round trip after the screen's own, each a few kB. Shared
          // chunks under this size (source bytes) are copied into the chunks that use them.
          experimentalInlineCommonChunks: { maxSize: 15_000 },
          // What every page runs before its screen ('$initial': the entry's static imports) ships
          // as two files, react-dom and the rest, not seven: compressed together they are 4 kB
          // smaller, and a page waits on fewer requests. Two, so neither passes 120 kB gzip.
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'initial', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/domain/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}', 'tests/app/**/*.test.{ts,tsx}', 'tests/support/**/*.test.ts'],
          environment: 'node',
          // `npm test` runs these next to the browser tests: a rendered screen's test that takes
          // 2 s alone can take three times that on two busy cores.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One process per worker for all its files, not one per file: the server tests mock
          // nothing and keep no state in modules, and importing the server and PGlite's WASM for
          // every file was a third of their CPU time.
          isolate: false,
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One process per worker for all its files, not one per file: the server tests mock
          // nothing and keep no state in modules, and importing the server and PGlite's WASM for
          // every file was a third of their CPU time.
          isolate: false,
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/support/postgresGlobalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // PostgreSQL, two server processes and nginx (scripts/cluster.ts), started once for the file.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          // Process starts take seconds each, and many times that on two cores busy with the rest of the suite.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          // Two files at a time against the one server: a browser test mostly waits (on the page,
          // the network, timers), so two in parallel take little more than one. Its own group
          // (after the others in a single vitest run), as its worker count differs from theirs.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // A test walks a whole journey (the Form 11 page sweep scans every form twice); next to
          // the other projects on two cores it can take twice its time alone.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
