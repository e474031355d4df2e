/**
 * Builds the functions as SST builds them: each function's `nodejs` options from
 * stacks/function-build.ts (the object the stacks hand to SST), turned into esbuild options by the
 * model of SST's builder in the same file, with the same esbuild plugins SST runs. Each function is
 * written to a folder of its own outside the repository, with only what the deploy ships beside it:
 * the packages its `install` names and their dependencies (infra/lambda/ship.ts). So a package the
 * bundle imports but the deploy does not ship is missing here too (decision 109). For the bundle
 * tests and the bench.
 */
import { build, type Plugin } from 'esbuild';
import { mkdir, rm, stat } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FUNCTION_HANDLERS, FUNCTION_NODEJS, handlerEntry, sstEsbuildOptions, sstInstalledPackages, type FunctionName } from '../../stacks/function-build';
import { buildPdfWorker } from './pdf-worker-esbuild';
import { shipPackages } from './ship';

const isNodeBuiltin = (path: string) => path.startsWith('node:') || builtinModules.includes(path);

/** Outside the repository, so no `node_modules` above a function's folder can stand in for what it lacks. */
export const BUNDLE_DIR = join(tmpdir(), `bedriftstorget-functions-${process.env.TEST_DATABASE_PREFIX ?? 'bt'}`);

export interface FunctionBundle {
  name: FunctionName;
  /** The function's folder, as deployed: the bundle and node_modules with what `install` names. */
  dir: string;
  file: string;
  /** The bundle as zipped (SST leaves the source map out of the zip). */
  bytes: number;
  /**
   * Packages left outside the bundle (the AWS SDK, sharp) that it imports statically, i.e. loads at a
   * cold start. Everything else it imports with import() at first use.
   */
  staticExternals: string[];
  /** Every package the bundle imports but does not contain (statically or with import()), its PDF worker's included. */
  externals: string[];
  /** The PDF worker's code carried inside the bundle (decision 103), in bytes; 0 when the function has none. */
  pdfWorkerBytes: number;
  /** Packages SST installs beside the bundle (deployed with it, not bundled). */
  installed: string[];
  /** Every package directory in the folder's node_modules (the installed ones and their dependencies). */
  shipped: string[];
}

async function plugins(file: string): Promise<Plugin[]> {
  return ((await import(pathToFileURL(resolve(file)).href)) as { default: Plugin[] }).default;
}

export async function buildFunctionBundles(outDir = BUNDLE_DIR, names = Object.keys(FUNCTION_HANDLERS) as FunctionName[]): Promise<FunctionBundle[]> {
  const bundles: FunctionBundle[] = [];
  for (const name of names) {
    const dir = join(outDir, name);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    // .mjs, as SST names ESM handlers, so Node loads it as a module.
    const file = join(dir, `${name}.mjs`);
    const nodejs = FUNCTION_NODEJS[name];
    const { metafile } = await build({ ...sstEsbuildOptions(nodejs), plugins: await plugins(nodejs.plugins), entryPoints: [handlerEntry(FUNCTION_HANDLERS[name])], outfile: file, metafile: true, logLevel: 'error' });
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports).filter((i) => i.external && !isNodeBuiltin(i.path));
    const staticExternals = [...new Set(imports.filter((i) => i.kind === 'import-statement').map((i) => i.path))];
    // The PDF worker is a string inside the bundle (infra/lambda/pdf-worker-esbuild.ts): what it requires ships too.
    const worker = Object.keys(metafile.inputs).some((input) => input.endsWith('data-room/pdf-worker-source.ts')) ? await buildPdfWorker() : null;
    const externals = [...new Set([...imports.map((i) => i.path), ...(worker?.externals ?? [])])].sort();
    const installed = sstInstalledPackages(nodejs, externals);
    const shipped = await shipPackages(installed, process.cwd(), dir);
    bundles.push({ name, dir, file, bytes: (await stat(file)).size, staticExternals, externals, pdfWorkerBytes: worker?.code.length ?? 0, installed, shipped });
  }
  return bundles;
}
