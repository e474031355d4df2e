import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What our code calls a drizzle database or transaction (ctx.db, db, tx): Map#delete and storage.delete are not. */
const DRIZZLE_OBJECTS = ['db', 'tx', 'e2eDb'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.sst/**', '.data/**', 'test-results/**', 'playwright-report/**', 'infra/migrations/**', 'sst-env.d.ts', 'eslint.config.js', 'stryker.config.mjs', 'infra/lambda/esbuild-plugins.mjs', 'packages/api/src/data-room/pdf-worker.mjs', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        project: ['./packages/*/tsconfig.json', './tsconfig.tools.json', './tsconfig.sst.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { drizzle },
    rules: {
      // An UPDATE or DELETE without WHERE rewrites the whole table (decision 058: one view once rewrote every
      // listing's count). A deliberate whole-table write says why in an eslint-disable comment.
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: DRIZZLE_OBJECTS }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: DRIZZLE_OBJECTS }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // tRPC and React Query hand back promises that are fire-and-forget by design in event handlers.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[object.name='process'][property.name='env']",
        message: 'Read configuration through packages/api/src/config.ts (docs/architecture.md, Conventions).',
      }, {
        // zod's `z` export is an object holding every locale, so esbuild keeps 258 KB of them (decision 007).
        selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
        message: "Use import * as z from 'zod' so the Lambda and web bundles drop zod's unused locales.",
      }],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*'], message: 'The web app runs in the browser.' },
          { group: ['@bedriftstorget/api/*'], allowTypeImports: true, message: 'The web app imports only the AppRouter type.' },
          // Table definitions pull drizzle-orm into the bundle; value lists live in core/*/enums.ts (decision 020).
          { group: ['drizzle-orm', 'drizzle-orm/*', '@bedriftstorget/core/**/*.sql'], allowTypeImports: true, message: 'Import value lists from core/*/enums, not the database schema.' },
          // sonner loads on the first toast (decision 042); a direct import would put it back in the first load.
          { group: ['sonner'], message: 'Use toast from lib/toast, which loads sonner when first used.' },
        ],
      }],
    },
  },
  {
    files: ['packages/web/src/lib/toast.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Where the environment is read on purpose: configuration, and the tools that start or test the app.
    files: ['packages/api/src/config.ts', 'infra/**/*.ts', 'tests/**/*.ts', 'playwright.config.ts', 'sst.config.ts', 'stacks/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // SST's documented way to get the global $config and sst types.
    files: ['sst.config.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
);
