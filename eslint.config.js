import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layers may only depend one way: domain ← machines ← app, domain ← api ← app, domain ← server. */
const uiAndIo = ['react', 'react-dom', '@xstate/react', '@tanstack/*', '@mantine/*', 'ky', 'hono', 'hono/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'];

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'node_modules/', 'test-results/', '.data/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: [...uiAndIo, 'xstate', '**/machines/**', '**/app/**', '**/api/**', '**/server/**'], message: 'src/domain is pure rules: no UI, IO, machines or app code.' }] }],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: [...uiAndIo, '**/src/app/**', '**/src/api/**', '**/src/server/**'], message: 'Machines are pure statecharts: effects are injected with machine.provide().' }] }],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', '@mantine/*', '@tanstack/*', '**/machines/**', '**/app/**', '**/server/**'], message: 'The API client knows no UI and no machines.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@mantine/*', '@tanstack/*', 'ky', '**/machines/**', '**/app/**', '**/api/**'], message: 'The server uses src/domain only.' }] }],
    },
  },
);
