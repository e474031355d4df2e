import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { documentDownloads, listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { MAX_DOCUMENT_BYTES } from '@bedriftstorget/core/data-room/limits';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { signedInAdmin } from './admin-helpers';
import { encryptedPdf, grantAccess, pageTexts, pdf, scriptedPdf, uploadDocument } from './data-room-helpers';
import { createListing } from './fixtures';
import { db, signedInUser, type Harness } from './harness';
import { harness, S3_PORT } from './seller-helpers';

/** 'Dokumenter' (decision 097): upload and check, who sees and downloads, stamping, the log, the count. */
async function world(h: Harness = harness()) {
  const seller = await signedInUser(h);
  const buyer = await signedInUser(h);
  const stranger = await signedInUser(h);
  const listingId = await createListing(seller.userId, { status: 'active' });
  await grantAccess(listingId, buyer.userId);
  return { h, seller, buyer, stranger, listingId };
}

async function documentCount(listingId: string): Promise<number> {
  const [row] = await db.select({ n: listings.documentCount }).from(listings).where(eq(listings.id, listingId));
  return row!.n;
}

const refusal = (call: Promise<unknown>) => call.then(() => 'OK', (error: { code: string; message: string }) => `${error.code}: ${error.message}`);

describe('uploading documents', () => {
  it('checks a valid PDF, stores it under a key of its own and counts it on the listing', async () => {
    const { seller, listingId } = await world();
    const document = await uploadDocument(seller.browser, listingId, await pdf(3), 'Årsregnskap 2025.pdf');
    expect(document).toMatchObject({ title: 'Årsregnskap 2025', pages: 3 });
    const [row] = await db.select().from(listingDocuments).where(eq(listingDocuments.id, document.id));
    expect(row!.status).toBe('ready');
    expect(row!.storageKey).toMatch(new RegExp(`^documents/${listingId}/[0-9a-f-]{36}\\.pdf$`));
    expect(await documentCount(listingId)).toBe(1);
    const list = await seller.browser.call((c) => c.dataRoom.list({ listingId }));
    expect(list).toMatchObject({ canManage: true, documents: [{ id: document.id, title: 'Årsregnskap 2025', pages: 3 }] });
    // The file's first check starts the PDF worker (decision 103), which tsx compiles here: seconds on a loaded machine.
  }, 60_000);

  it.each([
    ['a text file named .pdf', () => Promise.resolve(new TextEncoder().encode('Dette er ikke en PDF, bare tekst.')), texts.notPdf],
    ['a truncated PDF', async () => (await pdf(4)).slice(0, 900), texts.notPdf],
    ['an encrypted PDF', encryptedPdf, texts.encrypted],
    ['a PDF that runs JavaScript when opened', scriptedPdf, texts.hasScripts],
    ['a PDF of 2001 pages', () => pdf(2001, 'x'), texts.tooManyPages],
  ])('refuses %s in Norwegian and deletes what was stored', async (_name, make, message) => {
    const { h, seller, listingId } = await world();
    const bytes = new Uint8Array(await make());
    await expect(uploadDocument(seller.browser, listingId, bytes)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await db.select().from(listingDocuments).where(eq(listingDocuments.listingId, listingId))).toEqual([]);
    expect(await h.documents.list(`document-uploads/${listingId}/`, 10)).toEqual([]);
    expect(await documentCount(listingId)).toBe(0);
  }, 60_000);

  it('refuses a file above 20 MB before the upload, and the bucket refuses it too', async () => {
    const { h, seller, listingId } = await world();
    expect(await refusal(seller.browser.call((c) => c.dataRoom.presignUpload({ listingId, fileName: 'stor.pdf', size: MAX_DOCUMENT_BYTES + 1 })))).toBe(`BAD_REQUEST: ${texts.tooLarge}`);
    // A browser lying about the size: the policy caps it (content-length-range), and the bucket refuses the file as S3 does (decision 135).
    const grant = await seller.browser.call((c) => c.dataRoom.presignUpload({ listingId, fileName: 'stor.pdf', size: 1000 }));
    const policy = JSON.parse(Buffer.from(grant.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, MAX_DOCUMENT_BYTES]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
    const big = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', new Blob([big], { type: 'application/pdf' }));
    const posted = await fetch(`http://127.0.0.1:${S3_PORT}/listing-documents`, { method: 'POST', body: form });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(await h.documents.list(`document-uploads/${listingId}/`, 10)).toEqual([]);
  }, 60_000);

  it('takes ten documents per listing and refuses the eleventh', async () => {
    const { seller, listingId } = await world();
    for (let i = 0; i < 10; i += 1) await uploadDocument(seller.browser, listingId, await pdf(1), `Dokument ${i}.pdf`);
    const bytes = await pdf(1);
    expect(await documentCount(listingId)).toBe(10);
    expect(await refusal(seller.browser.call((c) => c.dataRoom.presignUpload({ listingId, fileName: 'elleve.pdf', size: bytes.length })))).toBe(`BAD_REQUEST: ${texts.tooMany}`);
  }, 60_000);

  it('refuses the same file twice on one listing (a double press on Last opp), and takes it on another listing', async () => {
    const { h, seller, listingId } = await world();
    const bytes = await pdf(2);
    // Both presigned and posted before either is confirmed, as two presses of 'Last opp' would be.
    const first = uploadDocument(seller.browser, listingId, bytes, 'regnskap.pdf');
    const second = uploadDocument(seller.browser, listingId, bytes, 'regnskap.pdf');
    const outcomes = (await Promise.allSettled([first, second])).map((o) => (o.status === 'fulfilled' ? 'OK' : (o.reason as Error).message));
    expect(outcomes.sort()).toEqual(['OK', texts.duplicate].sort());
    expect(await documentCount(listingId)).toBe(1);
    expect(await db.select().from(listingDocuments).where(eq(listingDocuments.listingId, listingId))).toHaveLength(1);
    expect(await h.documents.list(`document-uploads/${listingId}/`, 10)).toEqual([]);
    const other = await createListing(seller.userId, { status: 'active' });
    await expect(uploadDocument(seller.browser, other, bytes, 'regnskap.pdf')).resolves.toMatchObject({ pages: 2 });
  }, 60_000);

  it('lets the owner rename and delete; the count follows and the object goes', async () => {
    const { h, seller, listingId } = await world();
    const first = await uploadDocument(seller.browser, listingId, await pdf(1), 'a.pdf');
    await uploadDocument(seller.browser, listingId, await pdf(1), 'b.pdf', 'Leiekontrakt');
    expect(await documentCount(listingId)).toBe(2);
    await seller.browser.call((c) => c.dataRoom.rename({ documentId: first.id, title: 'Skattemelding 2025' }));
    const [row] = await db.select().from(listingDocuments).where(eq(listingDocuments.id, first.id));
    expect(row!.title).toBe('Skattemelding 2025');
    await seller.browser.call((c) => c.dataRoom.remove({ documentId: first.id }));
    expect(await documentCount(listingId)).toBe(1);
    expect(await h.documents.size(row!.storageKey)).toBeNull();
    const titles = (await seller.browser.call((c) => c.dataRoom.list({ listingId }))).documents.map((d) => d.title);
    expect(titles).toEqual(['Leiekontrakt']);
  }, 60_000);

  it('removes the documents from the bucket when the owner deletes the listing', async () => {
    const { h, seller, listingId } = await world();
    const document = await uploadDocument(seller.browser, listingId, await pdf(1));
    const [row] = await db.select().from(listingDocuments).where(eq(listingDocuments.id, document.id));
    await seller.browser.call((c) => c.seller.delete({ id: listingId }));
    expect(await h.documents.size(row!.storageKey)).toBeNull();
    expect(await db.select().from(listingDocuments).where(eq(listingDocuments.listingId, listingId))).toEqual([]);
  });
});

describe('a listing deleted by staff', () => {
  it('takes its documents out of the bucket too', async () => {
    const { h, seller, listingId } = await world();
    const admin = await signedInAdmin(h);
    const document = await uploadDocument(seller.browser, listingId, await pdf(1));
    const [row] = await db.select().from(listingDocuments).where(eq(listingDocuments.id, document.id));
    await admin.browser.call((c) => c.admin.listings.remove({ id: listingId }));
    expect(await h.documents.size(row!.storageKey)).toBeNull();
  });
});

describe('who sees and downloads', () => {
  it('shows the list to the owner, staff and a buyer with access; to anyone else the listing is not there', async () => {
    const w = await world();
    const admin = await signedInAdmin(w.h);
    await uploadDocument(w.seller.browser, w.listingId, await pdf(1));
    for (const who of [w.seller, admin, w.buyer]) expect((await who.browser.call((c) => c.dataRoom.list({ listingId: w.listingId }))).documents).toHaveLength(1);
    expect((await w.buyer.browser.call((c) => c.dataRoom.list({ listingId: w.listingId }))).canManage).toBe(false);
    expect(await refusal(w.stranger.browser.call((c) => c.dataRoom.list({ listingId: w.listingId })))).toMatch(/^NOT_FOUND/);
    // A buyer whose request is only pending has no access.
    const pending = await signedInUser(w.h);
    expect(await refusal(pending.browser.call((c) => c.dataRoom.downloads({ listingId: w.listingId })))).toMatch(/^NOT_FOUND/);
    // Buyers never see the log.
    expect(await refusal(w.buyer.browser.call((c) => c.dataRoom.downloads({ listingId: w.listingId })))).toMatch(/^NOT_FOUND/);
  });

  it('gives a buyer with access a five-minute link to a copy stamped on every page, and logs it for the seller', async () => {
    const w = await world();
    await db.update(profiles).set({ fullName: 'Kari Ærlig Nørstebø 王' }).where(eq(profiles.id, w.buyer.userId));
    const document = await uploadDocument(w.seller.browser, w.listingId, await pdf(20), 'Årsregnskap 2025.pdf');
    const other = await signedInUser(w.h);
    expect(await refusal(w.stranger.browser.call((c) => c.dataRoom.download({ documentId: document.id })))).toMatch(/^NOT_FOUND/);
    expect(await refusal(other.browser.call((c) => c.dataRoom.download({ documentId: document.id })))).toMatch(/^NOT_FOUND/);

    const { url, expiresAt } = await w.buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id }));
    const link = new URL(url);
    expect(Number(link.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(240_000);
    expect(link.pathname).toMatch(new RegExp(`^/listing-documents/stamped/${w.buyer.userId}/${document.id}/[0-9a-f]{24}/[0-9a-f-]{36}\\.pdf$`));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Arsregnskap 2025.pdf"/);
    const stamped = new Uint8Array(await response.arrayBuffer());
    const date = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    const stamp = `Konfidensielt – Kari Ærlig Nørstebø ? – ${w.buyer.email} – ${date}`;
    const pages = await pageTexts(stamped);
    expect(pages).toHaveLength(20);
    expect(pages.filter((text) => text.includes(stamp))).toHaveLength(20);
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(20);

    const log = await w.seller.browser.call((c) => c.dataRoom.downloads({ listingId: w.listingId }));
    expect(log.map(({ documentTitle, name, email }) => ({ documentTitle, name, email }))).toEqual([{ documentTitle: 'Årsregnskap 2025', name: 'Kari Ærlig Nørstebø 王', email: w.buyer.email }]);
    expect(log[0]!.downloadedAt).toBeInstanceOf(Date);
    expect(await db.select().from(documentDownloads).where(eq(documentDownloads.userId, w.buyer.userId))).toHaveLength(1);
  }, 60_000);

  it('stamps the e-mail’s local part when the profile has no name; the owner and staff download stamped with their own', async () => {
    const w = await world();
    const admin = await signedInAdmin(w.h);
    const document = await uploadDocument(w.seller.browser, w.listingId, await pdf(2));
    for (const who of [w.buyer, w.seller, admin]) {
      const { url } = await who.browser.call((c) => c.dataRoom.download({ documentId: document.id }));
      const pages = await pageTexts(new Uint8Array(await (await fetch(url)).arrayBuffer()));
      expect(pages.every((text) => text.includes(`Konfidensielt – ${who.email.split('@')[0]} – ${who.email} – `))).toBe(true);
    }
    expect(await w.seller.browser.call((c) => c.dataRoom.downloads({ listingId: w.listingId }))).toHaveLength(3);
  }, 60_000);

  it('refuses the link once it has expired', async () => {
    const w = await world();
    const document = await uploadDocument(w.seller.browser, w.listingId, await pdf(1));
    // A link made 301 seconds ago: signed then, valid 300 s, so it is refused now (S3 and the local S3's front alike, decision 135).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 301_000);
    const old = await w.buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id })).finally(() => vi.useRealTimers());
    const refused = await fetch(old.url);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('expired');
    const fresh = await w.buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id }));
    expect((await fetch(fresh.url)).status).toBe(200);
  });

  it('takes the data room away from a buyer once the listing is no longer public', async () => {
    const w = await world();
    const document = await uploadDocument(w.seller.browser, w.listingId, await pdf(1));
    await db.update(listings).set({ status: 'inactive' }).where(eq(listings.id, w.listingId));
    expect(await refusal(w.buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id })))).toMatch(/^NOT_FOUND/);
    expect((await w.seller.browser.call((c) => c.dataRoom.list({ listingId: w.listingId }))).documents).toHaveLength(1);
  });
});
