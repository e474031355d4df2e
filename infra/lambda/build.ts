/**
 * Builds the API and Cron functions as SST does (esbuild with stacks/function-build.ts), for the
 * bundle test and the bench. The output stays inside the repository so the bundles' external
 * `@aws-sdk/*` imports resolve from node_modules, as they resolve from the Lambda runtime.
 */
import { build } from 'esbuild';
import { mkdir, stat } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { ESBUILD_OPTIONS, FUNCTION_HANDLERS, handlerEntry } from '../../stacks/function-build';

const isNodeBuiltin = (path: string) => path.startsWith('node:') || builtinModules.includes(path);

export const BUNDLE_DIR = resolve('node_modules/.cache/lambda-bundles');

export interface FunctionBundle {
  name: keyof typeof FUNCTION_HANDLERS;
  file: string;
  bytes: number;
  /**
   * Packages left outside the bundle (the AWS SDK, sharp) that it imports statically, i.e. loads at a
   * cold start. Everything else it imports with import() at first use.
   */
  staticExternals: string[];
}

export async function buildFunctionBundles(outDir = BUNDLE_DIR): Promise<FunctionBundle[]> {
  await mkdir(outDir, { recursive: true });
  const bundles: FunctionBundle[] = [];
  for (const name of Object.keys(FUNCTION_HANDLERS) as (keyof typeof FUNCTION_HANDLERS)[]) {
    // .mjs, as SST names ESM handlers, so Node loads it as a module.
    const file = join(outDir, `${name}.mjs`);
    const { metafile } = await build({ ...ESBUILD_OPTIONS, entryPoints: [handlerEntry(FUNCTION_HANDLERS[name])], outfile: file, metafile: true, logLevel: 'error' });
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
    const staticExternals = [...new Set(imports.filter((i) => i.external && i.kind === 'import-statement' && !isNodeBuiltin(i.path)).map((i) => i.path))];
    bundles.push({ name, file, bytes: (await stat(file)).size, staticExternals });
  }
  return bundles;
}
