import * as lib from 'pdf-lib';
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName, PDFObjectCopier, PDFRef, PDFStream, rgb, StandardFonts, type PDFFont, type PDFObject, type PDFPage } from 'pdf-lib';
import { findActiveAnywhere, viewerName } from './pdf-active';
import { encodable } from '../pdf/encodable';

/**
 * The buyer's copy (decision 102), built in the PDF worker: a new document holding, for each page,
 * its size, crop box, rotation, content streams and resources, and nothing else. No catalogue
 * actions, names tree, forms (AcroForm, XFA), annotations, attachments, outlines or metadata of the
 * original reach it. Then every page is stamped (foot line and diagonal watermark, decision 104),
 * and the result is read back as a viewer reads it: anything active left refuses the copy.
 */

/** Keys no resource of a page needs, removed from everything copied (they can only act or attach). */
const DROPPED_KEYS = new Set(['JS', 'JavaScript', 'AA', 'OpenAction', 'A', 'EmbeddedFiles', 'EF', 'XFA', 'AcroForm', 'Annots', 'Names', 'URI', 'Next', 'RichMediaContent', 'RichMediaSettings', 'PieceInfo', 'Dests', 'Outlines']);

export class UnsafeCopy extends Error {}

/** Removes DROPPED_KEYS (read as viewers read names) from every dictionary `root` reaches in `doc`. */
function dropActiveKeys(doc: PDFDocument, root: PDFObject): void {
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const object = item instanceof PDFRef ? doc.context.lookup(item) : item;
    if (!object || seen.has(object)) continue;
    seen.add(object);
    if (object instanceof PDFArray) stack.push(...object.asArray());
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (!dict) continue;
    for (const [key, value] of dict.entries()) {
      if (DROPPED_KEYS.has(viewerName(key.asString()))) dict.delete(key);
      else stack.push(value);
    }
  }
}

/** Copies the visible parts of every page of `source` into a new document. */
async function visibleCopy(source: PDFDocument): Promise<PDFDocument> {
  const copy = await PDFDocument.create({ updateMetadata: false });
  const copier = PDFObjectCopier.for(source.context, copy.context);
  for (const original of source.getPages()) {
    const node = original.node;
    const page = copy.addPage([1, 1]);
    const media = original.getMediaBox();
    const crop = original.getCropBox();
    page.setMediaBox(media.x, media.y, media.width, media.height);
    page.setCropBox(crop.x, crop.y, crop.width, crop.height);
    page.setRotation(degrees(original.getRotation().angle));
    const resources = node.Resources();
    const copiedResources = resources ? copier.copy(resources) : copy.context.obj({});
    dropActiveKeys(copy, copiedResources);
    page.node.set(PDFName.Resources, copiedResources);
    const contents = node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [node.get(PDFName.Contents)!] : [];
    // Wrapped in q … Q, so whatever state the original leaves set cannot move or hide the stamp.
    const wrapped = [copy.context.getPushGraphicsStateContentStream(), ...streams.map((stream) => copier.copy(stream)), copy.context.getPopGraphicsStateContentStream()];
    page.node.set(PDFName.Contents, copy.context.obj(wrapped));
  }
  return copy;
}

/** Small grey text at the foot of the page, inside its crop box (pages may not start at 0,0), shrunk to fit. */
function footLine(page: PDFPage, font: PDFFont, line: string): void {
  const box = page.getCropBox();
  const margin = 18;
  const size = Math.max(4, Math.min(8, (8 * (box.width - 2 * margin)) / font.widthOfTextAtSize(line, 8)));
  page.drawText(line, { x: box.x + margin, y: box.y + 10, size, font, color: rgb(0.45, 0.45, 0.45), opacity: 0.9 });
}

/**
 * The same text once across the page, corner to corner, light enough to read the page through
 * (decision 104): centred on the crop box, as large as fits 80 % of the diagonal (6–48 pt).
 */
function watermark(page: PDFPage, font: PDFFont, line: string): void {
  const box = page.getCropBox();
  const angle = Math.atan2(box.height, box.width);
  const diagonal = Math.hypot(box.width, box.height);
  const size = Math.max(6, Math.min(48, (0.8 * diagonal * 10) / font.widthOfTextAtSize(line, 10)));
  const width = font.widthOfTextAtSize(line, size);
  const height = font.heightAtSize(size, { descender: false });
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  // The text's own origin, so that its middle lands on the page's middle after the rotation.
  const x = cx - (width / 2) * Math.cos(angle) + (height / 2) * Math.sin(angle);
  const y = cy - (width / 2) * Math.sin(angle) - (height / 2) * Math.cos(angle);
  page.drawText(line, { x, y, size, font, color: rgb(0.55, 0.55, 0.55), opacity: 0.18, rotate: degrees((angle * 180) / Math.PI) });
}

/** The visible copy of `bytes`, stamped with `text` on every page, checked before it is returned. */
export async function stampedCopy(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  const copy = await visibleCopy(source);
  const font = await copy.embedFont(StandardFonts.Helvetica);
  const line = encodable(font, text);
  for (const page of copy.getPages()) {
    watermark(page, font, line);
    footLine(page, font, line);
    // pdf-lib gives a page it draws on an empty /Annots; the copy's pages carry none at all.
    page.node.delete(PDFName.of('Annots'));
  }
  const saved = await copy.save({ useObjectStreams: false });
  const check = await PDFDocument.load(saved, { updateMetadata: false });
  const active = findActiveAnywhere(lib, check.context, true);
  if (active.length > 0) throw new UnsafeCopy(active.map((finding) => `${finding.path}: ${finding.why}`).join('; '));
  return saved;
}
