import type * as PdfLibModule from 'pdf-lib';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';

/** More pages than any real prospectus; a file claiming more is refused before it costs a stamp. */
export const MAX_DOCUMENT_PAGES = 2000;

/**
 * pdf-lib (~0.5 MB) is loaded at the first upload or download, not with the function: most requests
 * never touch a PDF, and the bundle stays within its budget (decision 069, as the AWS SDK).
 */
type PdfLib = typeof PdfLibModule;
let loading: Promise<PdfLib> | undefined;
const pdfLib = (): Promise<PdfLib> => (loading ??= import('pdf-lib'));

/** A refused upload, with the Norwegian text the seller sees under the field. */
export class DocumentRefusal extends Error {}

/** Actions a viewer would run on opening: the data room hands out documents, never programs (decision 097). */
const ACTION_TYPES = new Set(['/JavaScript', '/Launch', '/ImportData', '/SubmitForm', '/ResetForm', '/Rendition', '/GoToE']);
const ACTION_KEYS = ['JS', 'JavaScript', 'EmbeddedFiles'];

/** Looks into direct dictionaries and arrays too: an OpenAction is often written inline in the catalogue. */
function isAction(lib: PdfLib, object: unknown, depth = 0): boolean {
  const { PDFArray, PDFDict, PDFName, PDFRawStream } = lib;
  if (depth > 32) return false;
  if (object instanceof PDFArray) return object.asArray().some((item) => isAction(lib, item, depth + 1));
  const dict = object instanceof PDFDict ? object : object instanceof PDFRawStream ? object.dict : null;
  if (!dict) return false;
  const kind = dict.get(PDFName.of('S'));
  if (kind instanceof PDFName && ACTION_TYPES.has(kind.asString())) return true;
  if (ACTION_KEYS.some((key) => dict.has(PDFName.of(key)))) return true;
  return dict.values().some((value) => isAction(lib, value, depth + 1));
}

function hasActions(lib: PdfLib, doc: PDFDocument): boolean {
  return doc.context.enumerateIndirectObjects().some(([, object]) => isAction(lib, object));
}

/** PDF files end with %%EOF within their last kilobyte; a cut-off upload does not. */
function looksWhole(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  return head.includes('%PDF-') && tail.includes('%%EOF');
}

/**
 * Reads an uploaded file as the server's check (decision 097): a whole, unencrypted PDF with
 * 1–2000 pages and no scripts or launch actions. Anything else is a DocumentRefusal.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pages: number }> {
  if (!looksWhole(bytes)) throw new DocumentRefusal(texts.notPdf);
  const lib = await pdfLib();
  let doc: PDFDocument;
  try {
    // Loaded despite encryption so the refusal can say so (pdf-lib's own error is no class to test for).
    doc = await lib.PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true });
  } catch {
    throw new DocumentRefusal(texts.notPdf);
  }
  if (doc.isEncrypted) throw new DocumentRefusal(texts.encrypted);
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    throw new DocumentRefusal(texts.notPdf);
  }
  if (pages < 1) throw new DocumentRefusal(texts.notPdf);
  if (pages > MAX_DOCUMENT_PAGES) throw new DocumentRefusal(texts.tooManyPages);
  if (hasActions(lib, doc)) throw new DocumentRefusal(texts.hasScripts);
  return { pages };
}

/** The standard fonts write WinAnsi only: æøå and most of Latin-1 pass, anything else becomes '?'. */
export function encodable(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

/** 'Konfidensielt – {name} – {e-mail} – {dd.mm.yyyy}', the date in Norwegian time. */
export function stampText(name: string, email: string, now: Date): string {
  const date = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(now);
  return texts.stamp(name, email, date);
}

/**
 * A copy with `text` in small grey type at the foot of every page, inside each page's own box
 * (pages may not start at 0,0), shrunk to fit narrow pages.
 */
export async function stampPdf(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await pdfLib();
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const line = encodable(font, text);
  for (const page of doc.getPages()) {
    const box = page.getCropBox();
    const margin = 18;
    const size = Math.max(4, Math.min(8, (8 * (box.width - 2 * margin)) / font.widthOfTextAtSize(line, 8)));
    page.drawText(line, { x: box.x + margin, y: box.y + 10, size, font, color: rgb(0.45, 0.45, 0.45), opacity: 0.9 });
  }
  return doc.save({ useObjectStreams: false });
}
