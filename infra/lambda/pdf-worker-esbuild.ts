/**
 * The PDF worker inside the API's bundle (decision 103): this plugin replaces
 * packages/api/src/data-room/pdf-worker-source.ts with the worker (pdf-work.ts) bundled into one
 * CommonJS string, which the pool runs in a worker thread with `eval`. pdf-lib stays outside, as in
 * the rest of the function (installed beside the bundle): the worker requires it from the bundle's
 * own place (`workerData.requireFrom`), so it resolves exactly as the bundle's imports do.
 *
 * Written for SST's plugin runner as text-catalogue-esbuild.ts is: the filter is `.*` and the
 * callback looks at the path itself; nothing but `onLoad` is used.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const SOURCE_MODULE = /[\\/]packages[\\/]api[\\/]src[\\/]data-room[\\/]pdf-worker-source\.ts$/;
const WORKER_ENTRY = resolve(dirname(fileURLToPath(import.meta.url)), '../../packages/api/src/data-room/pdf-work.ts');

/** pdf-lib, required from where the function's bundle is (its node_modules), not from the eval'd code's nowhere. */
const PDF_LIB_FROM_BUNDLE = [
  "const { createRequire } = require('node:module');",
  "const { workerData } = require('node:worker_threads');",
  "module.exports = createRequire(workerData.requireFrom)('pdf-lib');",
].join('\n');

/** The worker as one minified CommonJS script, and the packages it needs beside the bundle. */
export async function buildPdfWorker(): Promise<{ code: string; externals: string[] }> {
  const shim: Plugin = {
    name: 'pdf-lib-from-bundle',
    setup(b) {
      b.onResolve({ filter: /^pdf-lib$/ }, () => ({ path: 'pdf-lib', namespace: 'pdf-lib-from-bundle' }));
      b.onLoad({ filter: /.*/, namespace: 'pdf-lib-from-bundle' }, () => ({ contents: PDF_LIB_FROM_BUNDLE, loader: 'js' }));
    },
  };
  const result = await build({
    entryPoints: [WORKER_ENTRY],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'es2023',
    minify: true,
    plugins: [shim],
    logLevel: 'error',
  });
  return { code: result.outputFiles[0]!.text, externals: ['pdf-lib'] };
}

export function pdfWorkerSource(): Plugin {
  return {
    name: 'pdf-worker-source',
    setup(b) {
      b.onLoad({ filter: /.*/ }, async (args: { path: string }) => {
        if (!SOURCE_MODULE.test(args.path)) return undefined;
        const { code } = await buildPdfWorker();
        return { contents: `export const pdfWorkerSource = ${JSON.stringify(code)};\n`, loader: 'js' };
      });
    },
  };
}
