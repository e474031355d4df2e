import { and, asc, desc, eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { DOCUMENT_CONTENT_TYPE, DOCUMENT_PREFIX } from '@bedriftstorget/core/data-room/limits';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { ImageStorage } from '@bedriftstorget/api/adapters/storage';
import { recountDocuments } from '@bedriftstorget/api/data-room/access';
import type { Database } from '@bedriftstorget/api/db/client';
import { DEMO_SELLER } from './seed';

/** What each of the chosen listings gets, in order: 3, 2 and 3 documents. */
const SETS = [
  ['Årsregnskap 2025', 'Skattemelding 2025', 'Leiekontrakt'],
  ['Årsregnskap 2025', 'Kundeliste (anonymisert)'],
  ['Årsregnskap 2025', 'Skattemelding 2025', 'Leiekontrakt'],
];

/** A small, plain PDF of a few pages, made at seed time (nothing binary in the repository). */
async function samplePdf(title: string, listingTitle: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(title, { x: 56, y: 770, size: 20, font: bold, color: rgb(0.1, 0.2, 0.35) });
    page.drawText(listingTitle.replace(/[^\u0020-\u00ff]/g, ''), { x: 56, y: 745, size: 11, font });
    page.drawText(`Eksempeldokument for demo – side ${n} av ${pages}`, { x: 56, y: 700, size: 11, font });
  }
  return doc.save();
}

/**
 * The data room's demo (decision 097): three of the demo seller's active listings get 2–3 PDFs each
 * in the local documents bucket — the confidential ones first (the demo buyer has asked for access to
 * them, seed/access.ts), then the oldest. Its own step beside seed(), after the listings exist.
 */
export async function seedDocuments(db: Database, documents: ImageStorage): Promise<number> {
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_SELLER.email));
  if (!seller) return 0;
  const chosen = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(and(eq(listings.ownerId, seller.id), eq(listings.status, 'active')))
    .orderBy(desc(listings.confidential), asc(listings.createdAt), asc(listings.id))
    .limit(SETS.length);
  let made = 0;
  for (const [i, listing] of chosen.entries()) {
    for (const [j, title] of SETS[i]!.entries()) {
      const bytes = await samplePdf(title, listing.title, 2 + j);
      const id = crypto.randomUUID();
      const storageKey = `${DOCUMENT_PREFIX}${listing.id}/${crypto.randomUUID()}.pdf`;
      await documents.put(storageKey, bytes, DOCUMENT_CONTENT_TYPE);
      await db.insert(listingDocuments).values({ id, listingId: listing.id, ownerId: seller.id, status: 'ready', storageKey, title, fileName: `${title}.pdf`, size: bytes.length, pages: 2 + j });
      made += 1;
    }
    await recountDocuments(db, listing.id);
  }
  return made;
}
