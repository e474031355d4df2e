/**
 * The esbuild plugins every function is built with (`nodejs.plugins` in stacks/function-build.ts):
 * SST's builder imports this file with plain Node (its plugin runner,
 * .sst/platform/functions/nodejs-runtime/plugin.mjs), so the TypeScript plugin is loaded through
 * tsx's API. infra/lambda/build.ts (tests, bench) imports the same file.
 */
import { tsImport } from 'tsx/esm/api';

const { textCatalogueSplit } = await tsImport('./text-catalogue-esbuild.ts', import.meta.url);
const { pdfWorkerSource } = await tsImport('./pdf-worker-esbuild.ts', import.meta.url);

// The PDF worker first: its module is replaced whole, before the catalogue split looks at it (decision 103).
export default [pdfWorkerSource(), textCatalogueSplit()];
