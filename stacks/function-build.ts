/**
 * How each function is built, defined once (decisions 069, 109): the stacks pass `sstNodejs(name)`
 * (`FUNCTION_NODEJS[name]` with pinned versions) to SST, and infra/lambda/build.ts (the bundle test
 * and the bench) turns the same object into esbuild options with `sstEsbuildOptions`, a model of
 * what SST 4.17.1's builder does with it (pkg/runtime/node/build.go), and ships each function in a
 * folder of its own as SST's install does. No SST globals in this file.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** AWS deprecates nodejs22.x on 2027-04-30 (updates blocked from 2027-07-01): the move to the next runtime is planned in README, 'Drift: The Lambda runtime'. */
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
  /**
   * Installed beside the bundle by `npm install` for Lambda's platform; never bundled. SST takes a
   * list of names or names with versions; `sstNodejs` pins each to the version the tests ran.
   */
  install: string[];
  esbuild: { external: string[] };
  /** A file (from the repository's root) exporting esbuild plugins; SST runs them in its build. */
  plugins: string;
}

/**
 * Nothing of the AWS SDK is left to the Lambda runtime (decision 109): AWS does not say which SDK
 * packages or versions its Node 22 runtime holds, and an older one silently drops headers such as
 * List-Unsubscribe. Each function installs exactly the SDK packages its bundle imports, so they are
 * deployed beside it (and loaded at first use, not bundled: decision 007). `@aws-sdk/*` stays
 * external so an SDK import missing from `install` is not bundled either: the bundle test then
 * finds it missing in the folder it ships (tests/unit/lambda-bundle.test.ts).
 */
const AWS_SDK = '@aws-sdk/*';
const SDK_PACKAGES = ['@aws-sdk/client-s3', '@aws-sdk/client-sesv2', '@aws-sdk/s3-presigned-post', '@aws-sdk/s3-request-presigner'];
/** The text catalogue split per text, as in the web build (infra/lambda/text-catalogue-esbuild.ts). */
const PLUGINS = 'infra/lambda/esbuild-plugins.mjs';

export const FUNCTION_NODEJS: Record<FunctionName, FunctionNodejs> = {
  // sharp checks and re-encodes uploads (decision 013): native, so SST installs it for Lambda's
  // platform beside the bundle (~17 MB with libvips). Listed explicitly: whether SST would install a
  // forced external on its own depends on a metafile check we cannot run (sstInstalledPackages).
  // pdf-lib (the data room's check and stamp, decision 097) is installed beside it too and loaded by
  // the PDF worker, whose own code the plugins put inside the bundle as a string (decision 103):
  // bundled, pdf-lib took the function from ~490 KB to ~950 KB.
  // openid-client (Vipps Login, decision 119) likewise: ~45 KB with jose and oauth4webapi, loaded at
  // the first Vipps sign-in; bundled, it took the function past its 500 KB.
  api: { format: 'esm', minify: true, install: ['sharp', 'pdf-lib', 'openid-client', ...SDK_PACKAGES], esbuild: { external: [AWS_SDK, 'pdf-lib', 'openid-client'] }, plugins: PLUGINS },
  // The job deletes stale uploads and stamped copies and sends mail; the storage adapter it shares
  // with the API names both presigners too (loaded only on use, but shipped: a missing one fails the
  // bundle test). It never re-encodes an upload, so no sharp.
  // It shares the cloud services with the API, whose Vipps client names openid-client (never called here).
  cron: { format: 'esm', minify: true, install: ['openid-client', ...SDK_PACKAGES], esbuild: { external: [AWS_SDK, 'openid-client'] }, plugins: PLUGINS },
  seo: { format: 'esm', minify: true, install: [], esbuild: { external: [AWS_SDK] }, plugins: PLUGINS },
  // SES's bounce and complaint events from SNS: the database only.
  mailEvents: { format: 'esm', minify: true, install: [], esbuild: { external: [AWS_SDK] }, plugins: PLUGINS },
};

/** Where an installed package's package.json is, from the repository's root (npm workspaces hoist). */
export function installedPackageJson(pkg: string, root = process.cwd()): string {
  for (const dir of [join(root, 'packages/api/node_modules'), join(root, 'node_modules')]) {
    const file = join(dir, pkg, 'package.json');
    if (existsSync(file)) return file;
  }
  throw new Error(`${pkg} is not installed (npm ci): a function installs it beside its bundle (stacks/function-build.ts)`);
}

/** The version of `pkg` in node_modules: what the tests ran, so what the deploy installs. */
export function installedVersion(pkg: string, root = process.cwd()): string {
  return (JSON.parse(readFileSync(installedPackageJson(pkg, root), 'utf8')) as { version: string }).version;
}

/**
 * The `nodejs` option handed to SST: `install` as names with the exact versions in node_modules.
 * Given names only, SST's builder takes each version from the handler's nearest package.json
 * (packages/api's `^3.900.0`, a range), so a deploy could ship an SDK no test ever ran.
 */
export function sstNodejs(name: FunctionName, root = process.cwd()) {
  const nodejs = FUNCTION_NODEJS[name];
  return { ...nodejs, install: Object.fromEntries(nodejs.install.map((pkg) => [pkg, installedVersion(pkg, root)])) };
}

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
