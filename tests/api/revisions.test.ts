import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLogs } from '@bedriftstorget/core/admin/admin.sql';
import { listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { loggedActions, rejectDialog, reviewMail } from '@bedriftstorget/core/texts/admin';
import { uniqueWord } from './fixtures';
import { db, signedInUser } from './harness';
import { edit, published, publicImages, revisions, row } from './revision-helpers';
import { fields, PNG, upload } from './seller-helpers';
import { seen } from './admin-helpers';

/**
 * Decision 086: a seller's edit of a published listing is a pending revision; the listings row,
 * which every public reader reads, stays the approved version until staff approve it.
 */
const terms = async (id: string) => (await db.select({ term: listingTerms.term }).from(listingTerms).where(eq(listingTerms.listingId, id))).map((t) => t.term);

describe('an edit of a published listing', () => {
  for (const [status, underOffer] of [['active', false], ['active', true], ['sold', false], ['expired', false]] as const) {
    it(`of a listing ${underOffer ? 'under offer' : status} becomes a pending revision; the public text stays as approved`, async () => {
      const w = await published(status, underOffer);
      const before = await row(w.id);
      const termsBefore = await terms(w.id);
      const fresh = uniqueWord();
      expect(await edit(w, `Endret ${fresh}`)).toEqual({ id: w.id, status, revision: true });
      const after = await row(w.id);
      expect(after).toMatchObject({ title: before.title, description: before.description, status, submittedAt: before.submittedAt });
      expect(await terms(w.id)).toEqual(termsBefore);
      expect(await revisions(w.id)).toMatchObject([{ status: 'pending', fields: { title: `Endret ${fresh}` } }]);
      if (status !== 'expired') {
        expect((await w.visitor.call((c) => c.listing.detail({ id: w.id }))).listing.title).toBe(before.title);
        expect((await w.visitor.call((c) => c.listing.browse({ q: fresh }))).items).toEqual([]);
        expect((await w.visitor.call((c) => c.listing.browse({ q: w.word }))).items.map((item) => item.title)).toEqual([before.title]);
      }
      // The edit form opens on the seller's version; Mine annonser shows the live one with the change beside it.
      expect(await w.browser.call((c) => c.seller.forEdit({ id: w.id }))).toMatchObject({ title: `Endret ${fresh}`, status, pendingRevision: true });
      expect((await w.browser.call((c) => c.seller.mine())).items).toMatchObject([{ id: w.id, title: before.title, pendingRevision: true, revision: { title: `Endret ${fresh}` } }]);
    });
  }

  it('of a pending listing is made in place, as before, and goes on waiting for review', async () => {
    const w = await published('pending');
    expect(await edit(w, 'Rettet før godkjenning')).toEqual({ id: w.id, status: 'pending', revision: false });
    expect(await row(w.id)).toMatchObject({ title: 'Rettet før godkjenning', status: 'pending' });
    expect(await revisions(w.id)).toEqual([]);
  });

  it('a second edit replaces the pending revision, keeping the images the wizard loaded from it', async () => {
    const w = await published('active');
    const added = await upload(w.browser, w.id, PNG, 'image/png', 1);
    await edit(w, 'Første endring av teksten', [{ uploadId: w.image.uploadId }, { uploadId: added.uploadId }]);
    // The wizard reopens the pending version and sends its images back by id.
    const form = await w.browser.call((c) => c.seller.forEdit({ id: w.id }));
    expect(form.images.map((image) => image.url)).toEqual([w.image.url, added.url]);
    await edit(w, 'Andre endring av teksten', form.images.map((image) => ({ imageId: image.id })).reverse());
    const rows = await revisions(w.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', fields: { title: 'Andre endring av teksten' } });
    expect(rows[0]!.images.map((image) => image.imageUrl)).toEqual([added.url, w.image.url]);
    expect(await w.h.storage.size(added.url.replace('/images/', ''))).toBeGreaterThan(0);
    expect(await publicImages(w.id)).toEqual([w.image.url]);
    const queue = await w.admin.browser.call((c) => c.admin.overview.revisions());
    expect(queue.filter((item) => item.id === w.id)).toHaveLength(1);
  });

  it('approval makes the revision public: text, search terms, images; logged and mailed; the old image goes', async () => {
    const w = await published('active');
    const added = await upload(w.browser, w.id, PNG, 'image/png', 1);
    const fresh = uniqueWord();
    await edit(w, `Ny tekst ${fresh}`, [{ uploadId: added.uploadId }]);
    expect(await publicImages(w.id)).toEqual([w.image.url]);
    const [item] = (await w.admin.browser.call((c) => c.admin.overview.revisions())).filter((entry) => entry.id === w.id);
    expect(item!.changes.fields).toContainEqual({ field: 'title', before: `Godkjent ${w.word}`, after: `Ny tekst ${fresh}` });
    expect(item!.changes.images).toEqual({ before: [w.image.url], after: [added.url] });

    expect(await w.admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([w.id])) }))).toEqual({ changed: [w.id], skipped: [] });
    expect(await row(w.id)).toMatchObject({ title: `Ny tekst ${fresh}`, status: 'active' });
    expect((await w.visitor.call((c) => c.listing.detail({ id: w.id }))).listing).toMatchObject({ title: `Ny tekst ${fresh}`, images: [added.url] });
    expect((await w.visitor.call((c) => c.listing.browse({ q: fresh }))).items.map((i) => i.id)).toEqual([w.id]);
    expect(await revisions(w.id)).toMatchObject([{ status: 'approved', decidedBy: w.admin.userId }]);
    expect(await w.h.storage.size(w.image.url.replace('/images/', ''))).toBeNull();
    expect(await w.h.storage.size(added.url.replace('/images/', ''))).toBeGreaterThan(0);
    const mail = w.h.mailer.last(w.email);
    expect(mail.subject).toBe(reviewMail.revisionApprovedSubject(`Ny tekst ${fresh}`));
    const [entry] = await db.select().from(adminLogs).where(and(eq(adminLogs.adminId, w.admin.userId), eq(adminLogs.targetId, w.id)));
    expect(entry).toMatchObject({ action: loggedActions.approvedChanges, details: { title: `Ny tekst ${fresh}` } });
    // Decided once: a second click finds nothing to decide.
    await expect(w.admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([w.id])) }))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await w.browser.call((c) => c.seller.mine())).items[0]).toMatchObject({ pendingRevision: false });
  });

  it('rejection keeps the public version, mails the reason and deletes the images only the revision had', async () => {
    const w = await published('sold');
    const added = await upload(w.browser, w.id, PNG, 'image/png', 1);
    await edit(w, 'Avvist endring av teksten', [{ uploadId: w.image.uploadId }, { uploadId: added.uploadId }]);
    await w.admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([w.id])), reason: 'misleading', note: 'Omsetningen stemmer ikke.' }));
    expect(await row(w.id)).toMatchObject({ title: `Godkjent ${w.word}`, status: 'sold' });
    expect(await publicImages(w.id)).toEqual([w.image.url]);
    expect(await revisions(w.id)).toMatchObject([{ status: 'rejected', rejectReason: 'misleading', rejectNote: 'Omsetningen stemmer ikke.' }]);
    const mail = w.h.mailer.last(w.email);
    expect(mail.subject).toBe(reviewMail.revisionRejectedSubject(`Godkjent ${w.word}`));
    expect(mail.text).toContain(`Grunn: ${rejectDialog.reasons.misleading}\nOmsetningen stemmer ikke.`);
    const [entry] = await db.select().from(adminLogs).where(and(eq(adminLogs.adminId, w.admin.userId), eq(adminLogs.targetId, w.id)));
    expect(entry).toMatchObject({ action: loggedActions.rejectedChanges });
    expect(await w.h.storage.size(added.url.replace('/images/', ''))).toBeNull();
    expect(await w.h.storage.size(w.image.url.replace('/images/', ''))).toBeGreaterThan(0);
    // The seller edits on from the public version again.
    expect(await w.browser.call((c) => c.seller.forEdit({ id: w.id }))).toMatchObject({ title: `Godkjent ${w.word}`, pendingRevision: false });
  });

  it('is seen by no one but its owner and staff', async () => {
    const w = await published('active');
    await edit(w, 'Hemmelig endring av teksten');
    const other = await signedInUser(w.h);
    await expect(other.browser.call((c) => c.seller.forEdit({ id: w.id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(JSON.stringify(await other.browser.call((c) => c.seller.mine()))).not.toContain('Hemmelig');
    expect(JSON.stringify(await other.browser.call((c) => c.listing.detail({ id: w.id })))).not.toContain('Hemmelig');
    expect(JSON.stringify(await w.visitor.call((c) => c.listing.detail({ id: w.id })))).not.toContain('Hemmelig');
    await expect(other.browser.call((c) => c.admin.overview.revisions())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Another user cannot replace it either.
    await expect(other.browser.call((c) => c.seller.update({ id: w.id, fields: { ...fields, title: 'Kapret endring av tekst' }, images: [{ uploadId: w.image.uploadId }] }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await revisions(w.id)).toMatchObject([{ fields: { title: 'Hemmelig endring av teksten' } }]);
  });

  it('deleting the listing deletes its revision and the images only the revision had', async () => {
    const w = await published('active');
    const added = await upload(w.browser, w.id, PNG, 'image/png', 1);
    await edit(w, 'Endring som blir slettet', [{ uploadId: added.uploadId }]);
    await w.browser.call((c) => c.seller.delete({ id: w.id }));
    expect(await revisions(w.id)).toEqual([]);
    expect(await w.h.storage.size(added.url.replace('/images/', ''))).toBeNull();
  });
});
