/**
 * Builds the functions as SST builds them: each function's `nodejs` options from
 * stacks/function-build.ts (the object the stacks hand to SST), turned into esbuild options by the
 * model of SST's builder in the same file. For the bundle test and the bench. The output stays inside
 * the repository so the bundles' external `@aws-sdk/*` imports resolve from node_modules, as they
 * resolve from the Lambda runtime.
 */
import { build } from 'esbuild';
import { mkdir, stat } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { FUNCTION_HANDLERS, FUNCTION_NODEJS, handlerEntry, sstEsbuildOptions, sstInstalledPackages, type FunctionName } from '../../stacks/function-build';

const isNodeBuiltin = (path: string) => path.startsWith('node:') || builtinModules.includes(path);

export const BUNDLE_DIR = resolve('node_modules/.cache/lambda-bundles');

export interface FunctionBundle {
  name: FunctionName;
  file: string;
  /** The bundle as zipped (SST leaves the source map out of the zip). */
  bytes: number;
  /**
   * Packages left outside the bundle (the AWS SDK, sharp) that it imports statically, i.e. loads at a
   * cold start. Everything else it imports with import() at first use.
   */
  staticExternals: string[];
  /** Every package the bundle imports but does not contain (statically or with import()). */
  externals: string[];
  /** Packages SST installs beside the bundle (deployed with it, not bundled). */
  installed: string[];
}

export async function buildFunctionBundles(outDir = BUNDLE_DIR): Promise<FunctionBundle[]> {
  await mkdir(outDir, { recursive: true });
  const bundles: FunctionBundle[] = [];
  for (const name of Object.keys(FUNCTION_HANDLERS) as FunctionName[]) {
    // .mjs, as SST names ESM handlers, so Node loads it as a module.
    const file = join(outDir, `${name}.mjs`);
    const nodejs = FUNCTION_NODEJS[name];
    const { metafile } = await build({ ...sstEsbuildOptions(nodejs), entryPoints: [handlerEntry(FUNCTION_HANDLERS[name])], outfile: file, metafile: true, logLevel: 'error' });
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports).filter((i) => i.external && !isNodeBuiltin(i.path));
    const staticExternals = [...new Set(imports.filter((i) => i.kind === 'import-statement').map((i) => i.path))];
    const externals = [...new Set(imports.map((i) => i.path))].sort();
    bundles.push({ name, file, bytes: (await stat(file)).size, staticExternals, externals, installed: sstInstalledPackages(nodejs, externals) });
  }
  return bundles;
}
