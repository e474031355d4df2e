/**
 * The PDF worker's code when the API runs as a bundle (decision 103). From the sources this is null
 * and the pool starts `pdf-worker.mjs` (tsx compiles the worker). The functions' build replaces this
 * module with the worker bundled into one string (infra/lambda/pdf-worker-esbuild.ts), which the
 * pool starts with `eval`: the worker ships inside the function's own bundle, with no file beside it
 * that a deploy could leave out.
 */
export const pdfWorkerSource: string | null = null;
