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
    // Screens are views: they read `useSelector(actor, <machine>View)` and send events. They never build
    // a machine or call an effect, and the figures they show come from a view, not from a rule in JSX.
    files: ['src/app/screens/**/*.{ts,tsx}', 'src/app/layout/**/*.{ts,tsx}', 'src/app/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/effects/**', '**/src/api/**', '**/api/*.ts'], message: 'A screen never calls an effect: its machine does, provided in src/app/effects and started by useFlow.' },
            { group: ['**/machines/**/*.machine.ts', '**/machines/**/*.selectors.ts', '**/machines/**/*.actors.ts', 'xstate'], message: 'A screen reads its machine through <name>.view.ts (and its types) and sends events.' },
            {
              group: ['**/domain/tax/**', '**/domain/pension.ts', '**/domain/taxYear.ts', '**/domain/claimRefund.ts', '**/domain/refundTotal.ts', '**/domain/taxbackCredits.ts', '**/domain/pensionRefund.ts', '**/domain/directDebit.ts', '**/domain/form11Progress.ts', '**/domain/routeAccess.ts'],
              message: 'Figures and decisions come from the machine’s view (machines/<name>/<name>.view.ts), not from a rule computed in a screen.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@mantine/*', '@tanstack/*', 'ky', '**/machines/**', '**/app/**', '**/api/**'], message: 'The server uses src/domain only.' }] }],
    },
  },
);
