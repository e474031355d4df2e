/**
 * How SST bundles the API and Cron functions, set explicitly so the build never depends on
 * SST's defaults (decision 007). tests/api/lambda-bundle.test.ts and tests/bench/bundles.ts
 * build with exactly these options. Plain values only: no SST globals in this file.
 */

/**
 * Some bundled CommonJS code calls require() for Node built-ins, which an ES module lacks
 * ("Dynamic require of … is not supported"). esbuild's shim uses a global `require` when there
 * is one; setting it on globalThis (rather than declaring `const require`) cannot clash with a
 * banner SST might add itself.
 */
export const ESM_REQUIRE_BANNER =
  "import{createRequire as __btCreateRequire}from'node:module';globalThis.require??=__btCreateRequire(import.meta.url);";

export const FUNCTION_NODEJS = {
  format: 'esm' as const,
  minify: true,
  banner: ESM_REQUIRE_BANNER,
  // sharp (image check and re-encode, decision 013) is native: SST installs it for Lambda's
  // platform beside the bundle instead of bundling it.
  install: ['sharp'],
};

export const FUNCTION_RUNTIME = 'nodejs22.x' as const;

/** The esbuild options SST derives from the above (AWS SDK v3 left to the runtime). */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node' as const,
  target: 'node22',
  format: FUNCTION_NODEJS.format,
  minify: FUNCTION_NODEJS.minify,
  banner: { js: FUNCTION_NODEJS.banner },
  external: ['@aws-sdk/*', ...FUNCTION_NODEJS.install],
  mainFields: ['module', 'main'],
};

export const FUNCTION_HANDLERS = {
  api: 'packages/api/src/entry/lambda.handler',
  cron: 'packages/api/src/entry/scheduled.handler',
  seo: 'packages/api/src/entry/seo.handler',
} as const;

/** The source file of a handler (`path/file.export` → `path/file.ts`). */
export function handlerEntry(handler: string): string {
  return `${handler.slice(0, handler.lastIndexOf('.'))}.ts`;
}
