import type { PDFFont, PDFPage } from 'pdf-lib';
import { formatOrgnr } from '@bedriftstorget/core/company/orgnr-format';
import { formatDate, formatNok } from '@bedriftstorget/core/format/nb';
import type { DealType, FinancingKind, OfferCondition } from '@bedriftstorget/core/offer/enums';
import { loiTexts as texts, offerThread } from '@bedriftstorget/core/texts/offers';
import { encodable } from '../pdf/encodable';

/** pdf-lib is loaded at the first LOI, not with the function, so the API bundle stays within its budget (decision 069). */
const pdfLib = () => import('pdf-lib');

/** What the Intensjonsavtale says: the parties, the company and the accepted terms. */
export interface LoiContent {
  sellerName: string;
  buyerName: string;
  buyerVerified: boolean;
  companyName: string;
  orgnr: string | null;
  price: number;
  dealType: DealType;
  financing: FinancingKind[];
  conditions: OfferCondition[];
  takeoverDate: string | null;
  acceptedAt: Date;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** Splits text into lines that fit `width` at `size`, breaking at spaces. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The LOI as a one-page A4 PDF, written with pdf-lib (the data room's library, decision 097). */
export async function buildLoiPdf(content: LoiContent): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await pdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(texts.title);
  doc.setCreator('Bedriftstorget');
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  const page: PDFPage = doc.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;
  const write = (text: string, options: { size?: number; font?: PDFFont; gap?: number } = {}) => {
    const size = options.size ?? 11;
    const font = options.font ?? regular;
    for (const line of wrap(font, encodable(font, text), size, width)) {
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.45;
    }
    y -= options.gap ?? 0;
  };
  const heading = (text: string) => write(text, { size: 13, font: bold, gap: 2 });
  const orgnr = content.orgnr ? formatOrgnr(content.orgnr) : null;
  const label = (values: string[], none: string) => (values.length ? values.join(', ') : none);

  write(texts.title, { size: 22, font: bold, gap: 14 });
  heading(texts.parties);
  write(texts.seller(content.sellerName));
  write(texts.buyer(content.buyerVerified ? `${content.buyerName} (${texts.verified})` : content.buyerName), { gap: 12 });
  heading(texts.company);
  write(texts.companyLine(content.companyName, orgnr), { gap: 12 });
  heading(texts.terms);
  write(texts.price(formatNok(content.price)));
  write(texts.dealType(offerThread.dealType[content.dealType]));
  write(texts.financing(label(content.financing.map((kind) => offerThread.financing[kind]), '–')));
  write(texts.conditions(label(content.conditions.map((kind) => offerThread.conditions[kind]), offerThread.noConditions)));
  write(content.takeoverDate ? texts.takeover(formatDate(`${content.takeoverDate}T12:00:00Z`)) : texts.noTakeover, { gap: 12 });
  heading(texts.nonBinding);
  write(texts.nonBindingText, { gap: 12 });
  write(texts.acceptedVia);
  write(texts.date(formatDate(content.acceptedAt)));
  return doc.save({ useObjectStreams: false });
}
