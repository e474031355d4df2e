import { parentPort } from 'node:worker_threads';
import * as lib from 'pdf-lib';
import { findActiveAnywhere } from './pdf-active';
import { stampedCopy, UnsafeCopy } from './pdf-copy';
import { checkLimits } from './pdf-limits';
import type { PdfJob, PdfOutcome, PdfRefusalCode } from './pdf-jobs';

/**
 * The PDF worker's loop (decision 103): one job at a time, off the request's event loop, under the
 * memory limits the pool starts it with. It answers with a refusal code, never a text: the texts
 * stay with the API.
 */

/** More pages than any real prospectus; a file claiming more is refused before it costs a stamp. */
const MAX_PAGES = 2000;

async function inspect(bytes: Uint8Array): Promise<PdfOutcome> {
  const limits = await checkLimits(bytes);
  if (!limits.ok) return { refused: 'tooComplex' };
  let doc: lib.PDFDocument;
  try {
    // Loaded despite encryption so the refusal can say so (pdf-lib's own error is no class to test for).
    doc = await lib.PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true });
  } catch {
    return { refused: 'notPdf' };
  }
  if (doc.isEncrypted) return { refused: 'encrypted' };
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    return { refused: 'notPdf' };
  }
  if (pages < 1) return { refused: 'notPdf' };
  if (pages > MAX_PAGES) return { refused: 'tooManyPages' };
  if (findActiveAnywhere(lib, doc.context).length > 0) return { refused: 'hasScripts' };
  return { pages };
}

async function stamp(bytes: Uint8Array, text: string): Promise<PdfOutcome> {
  if (!(await checkLimits(bytes)).ok) return { refused: 'tooComplex' };
  try {
    return { bytes: await stampedCopy(bytes, text) };
  } catch (error) {
    const code: PdfRefusalCode = error instanceof UnsafeCopy ? 'unsafeCopy' : 'notPdf';
    return { refused: code, detail: error instanceof Error ? error.message : String(error) };
  }
}

export async function runJob(job: PdfJob): Promise<PdfOutcome> {
  return job.kind === 'inspect' ? inspect(job.bytes) : stamp(job.bytes, job.text);
}

parentPort?.on('message', (job: PdfJob & { id: number }) => {
  runJob(job).then(
    (outcome) => {
      const transfer = 'bytes' in outcome ? [outcome.bytes.buffer as ArrayBuffer] : [];
      parentPort!.postMessage({ id: job.id, outcome }, transfer);
    },
    (error: unknown) => parentPort!.postMessage({ id: job.id, outcome: { refused: 'notPdf', detail: String(error) } satisfies PdfOutcome }),
  );
});
