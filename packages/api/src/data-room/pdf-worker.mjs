// The PDF worker's entry when the API runs from its TypeScript sources (npm start, the tests): tsx
// compiles pdf-work.ts in the worker thread. The Lambda build writes a bundled pdf-worker.mjs of its
// own beside the function's bundle instead (infra/lambda/pdf-worker-esbuild.mjs, decision 103).
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdf-work.ts', import.meta.url);
