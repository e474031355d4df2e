/**
 * How each function is built, defined once (decision 069): the stacks pass `FUNCTION_NODEJS[name]`
 * to SST, and infra/lambda/build.ts (the bundle test and the bench) turns the same object into
 * esbuild options with `sstEsbuildOptions`, a model of what SST 4.17.1's builder does with it
 * (pkg/runtime/node/build.go). Plain values only: no SST globals in this file.
 */

export const FUNCTION_RUNTIME = 'nodejs22.x' as const;

export const FUNCTION_HANDLERS = {
  api: 'packages/api/src/entry/lambda.handler',
  cron: 'packages/api/src/entry/scheduled.handler',
  seo: 'packages/api/src/entry/seo.handler',
  mailEvents: 'packages/api/src/entry/mail-events.handler',
} as const;

export type FunctionName = keyof typeof FUNCTION_HANDLERS;

/** The part of SST's `nodejs` function option we use. */
export interface FunctionNodejs {
  format: 'esm';
  minify: boolean;
  /** Installed beside the bundle by `npm install` for Lambda's platform; never bundled. */
  install: string[];
  esbuild: { external: string[] };
}

/**
 * The Lambda runtime has the AWS SDK v3 (the S3, SES and presigned-POST packages included); SST
 * bundles it unless told otherwise, which tripled the API function (1,232 KB).
 */
const AWS_SDK = '@aws-sdk/*';

export const FUNCTION_NODEJS: Record<FunctionName, FunctionNodejs> = {
  // sharp checks and re-encodes uploads (decision 013): native, so SST installs it for Lambda's
  // platform beside the bundle (~17 MB with libvips). Listed explicitly: whether SST would install a
  // forced external on its own depends on a metafile check we cannot run (sstInstalledPackages).
  // pdf-lib (the data room's check and stamp, decision 097) is installed beside it too and loaded at
  // the first upload or download: bundled, it took the function from ~490 KB to ~950 KB.
  api: { format: 'esm', minify: true, install: ['sharp', 'pdf-lib'], esbuild: { external: [AWS_SDK, 'pdf-lib'] } },
  // Neither imports sharp (the job deletes stale uploads, it never re-encodes one); the bundle test
  // fails should one start to without installing it.
  cron: { format: 'esm', minify: true, install: [], esbuild: { external: [AWS_SDK] } },
  seo: { format: 'esm', minify: true, install: [], esbuild: { external: [AWS_SDK] } },
  // SES's bounce and complaint events from SNS: the database only.
  mailEvents: { format: 'esm', minify: true, install: [], esbuild: { external: [AWS_SDK] } },
};

/**
 * What SST 4.17.1's node builder adds on its own (pkg/runtime/node/build.go): `sharp` and
 * `pg-native` are always external; a banner gives the ESM bundle `require`, `__filename` and
 * `__dirname`; names are kept; the runtime picks the target; a linked source map is written but left
 * out of the zip. tests/unit/sst-platform.test.ts checks the banner against the installed sst binary.
 */
export const SST_FORCE_EXTERNAL = ['sharp', 'pg-native'];
export const SST_ESM_BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __filename = topLevelFileUrlToPath(import.meta.url)`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
];
const SST_RUNTIME_TARGET: Record<typeof FUNCTION_RUNTIME, string> = { 'nodejs22.x': 'es2023' };

/** esbuild's options as SST sets them for one function (a plain object that esbuild's `build` takes). */
export function sstEsbuildOptions(nodejs: FunctionNodejs, runtime: typeof FUNCTION_RUNTIME = FUNCTION_RUNTIME) {
  return {
    bundle: true,
    platform: 'node' as const,
    format: nodejs.format,
    target: SST_RUNTIME_TARGET[runtime],
    minify: nodejs.minify,
    keepNames: true,
    mainFields: ['module', 'main'],
    // SST appends `nodejs.banner` here; we set none.
    banner: { js: [...SST_ESM_BANNER, ''].join('\n') },
    external: [...SST_FORCE_EXTERNAL, ...nodejs.install, ...nodejs.esbuild.external],
    sourcemap: 'linked' as const,
  };
}

/**
 * The packages SST installs into the function's folder: `install`, plus, by build.go's rule, a forced
 * external the bundle imports unless `esbuild.external` names it. That rule compares esbuild's import
 * `kind` with "external", which esbuild never writes there (kinds are import-statement,
 * dynamic-import, …), so it may never fire: our stacks list what they need in `install` and the bundle
 * test holds them to it. Whatever is listed here is deployed beside the bundle.
 */
export function sstInstalledPackages(nodejs: FunctionNodejs, externalImports: readonly string[]): string[] {
  const implied = SST_FORCE_EXTERNAL.filter((pkg) => !nodejs.esbuild.external.includes(pkg) && externalImports.includes(pkg));
  return [...new Set([...nodejs.install, ...implied])];
}

/** The source file of a handler (`path/file.export` → `path/file.ts`). */
export function handlerEntry(handler: string): string {
  return `${handler.slice(0, handler.lastIndexOf('.'))}.ts`;
}
