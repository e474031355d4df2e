import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import type { PdfRefusalCode } from './pdf-jobs';
import { pdfPool } from './pdf-pool';

/** A refused upload, with the Norwegian text the seller sees under the field. */
export class DocumentRefusal extends Error {}

/** A download that could not be stamped (decision 103): the buyer gets no copy, and the reason is logged. */
export class StampRefusal extends Error {}

const REFUSAL_TEXTS: Record<PdfRefusalCode, string> = {
  notPdf: texts.notPdf,
  encrypted: texts.encrypted,
  tooManyPages: texts.tooManyPages,
  hasScripts: texts.hasScripts,
  tooComplex: texts.tooComplex,
  unsafeCopy: texts.downloadFailed,
};

/** PDF files end with %%EOF within their last kilobyte; a cut-off upload does not. */
function looksWhole(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  return head.includes('%PDF-') && tail.includes('%%EOF');
}

/**
 * Reads an uploaded file as the server's check (decisions 097, 102, 103), in the PDF worker: within
 * the inflated-size and object limits, a whole, unencrypted PDF with 1–2000 pages and nothing that
 * runs, sends, launches or carries files. Anything else is a DocumentRefusal.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pages: number }> {
  if (!looksWhole(bytes)) throw new DocumentRefusal(texts.notPdf);
  const outcome = await pdfPool().run({ kind: 'inspect', bytes });
  if ('refused' in outcome) throw new DocumentRefusal(REFUSAL_TEXTS[outcome.refused]);
  if (!('pages' in outcome)) throw new DocumentRefusal(texts.notPdf);
  return { pages: outcome.pages };
}

/**
 * The buyer's copy (decisions 102, 104): the pages' visible content only, stamped with `text` at the
 * foot and across every page, checked for anything active before it is returned.
 */
export async function stampPdf(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const outcome = await pdfPool().run({ kind: 'stamp', bytes, text });
  if ('bytes' in outcome) return outcome.bytes;
  const detail = 'refused' in outcome ? `${outcome.refused}${outcome.detail ? `: ${outcome.detail}` : ''}` : 'no copy';
  throw new StampRefusal(detail);
}

/** 'Konfidensielt – {name} – {e-mail} – {dd.mm.yyyy}', the date in Norwegian time. */
export function stampText(name: string, email: string, now: Date): string {
  const date = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(now);
  return texts.stamp(name, email, date);
}
