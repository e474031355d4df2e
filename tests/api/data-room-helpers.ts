import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import { expect } from 'vitest';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { db, type Browser } from './harness';
import { S3_PORT } from './seller-helpers';

/**
 * The data room's test corpus (decision 097): PDFs made with pdf-lib, and hostile files made from
 * them. Shared by data-room*.test.ts.
 */
export async function pdf(pages = 2, text = 'Årsregnskap 2025'): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  // A file of its own each time: a listing refuses the same bytes twice (decision 113).
  doc.setSubject(crypto.randomUUID());
  for (let i = 0; i < pages; i += 1) doc.addPage([595, 842]).drawText(`${text} – side ${i + 1}`, { x: 50, y: 780, size: 14 });
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

/** The same file with an encryption dictionary in its trailer: what a password-protected PDF declares. */
export async function encryptedPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const text = Buffer.from(await pdf(1)).toString('latin1');
  return new Uint8Array(Buffer.from(text.replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O (owner) /U (user) /P -4 >>'), 'latin1'));
}

/** Opens with a script: the catalogue's OpenAction runs JavaScript. */
export async function scriptedPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hei")') }));
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

/** Gives a buyer access the way 'Be om tilgang' does when the seller grants it (decision 096). */
export async function grantAccess(listingId: string, buyerId: string): Promise<void> {
  await db.insert(accessRequests).values({ listingId, buyerId, status: 'granted', ndaVersion: '2026-11-1', ndaAcceptedAt: new Date(), ndaAcceptedFrom: '127.0.0.1', answeredAt: new Date() });
}

/** Presign, post as a browser would (to the local S3's front, which checks the policy), confirm. */
export async function uploadDocument(browser: Browser, listingId: string, bytes: Uint8Array<ArrayBuffer>, fileName = 'Årsregnskap 2025.pdf', title?: string) {
  const grant = await browser.call((c) => c.dataRoom.presignUpload({ listingId, fileName, size: bytes.length }));
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }));
  const response = await fetch(`http://127.0.0.1:${S3_PORT}/listing-documents`, { method: 'POST', body: form });
  expect(response.status).toBeLessThan(300);
  return browser.call((c) => c.dataRoom.confirmUpload({ documentId: grant.documentId, ...(title ? { title } : {}) }));
}

/** Every text the page's content streams draw, decoded from pdf-lib's hex strings, per page. */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs = contents ? ('asArray' in contents ? contents.asArray() : [contents]) : [];
    return refs
      .map((ref) => doc.context.lookup(ref))
      .map((stream) => {
        if (!(stream instanceof PDFRawStream)) return '';
        const raw = Buffer.from(stream.contents);
        const body = stream.dict.has(PDFName.of('Filter')) ? inflateSync(raw) : raw;
        return [...body.toString('latin1').matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1').replaceAll('\x96', '–')).join('\n');
      })
      .join('\n');
  });
}
