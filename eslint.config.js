import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.sst/**', '.data/**', 'test-results/**', 'playwright-report/**', 'infra/migrations/**', 'sst-env.d.ts', 'eslint.config.js'] },
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
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // tRPC and React Query hand back promises that are fire-and-forget by design in event handlers.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[object.name='process'][property.name='env']",
        message: 'Read configuration through packages/api/src/config.ts (DESIGN.md §9).',
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
        ],
      }],
    },
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
