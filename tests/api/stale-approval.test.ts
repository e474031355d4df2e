import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingReviews } from '@bedriftstorget/core/settings/settings.sql';
import { overview } from '@bedriftstorget/core/texts/admin';
import { seen } from './admin-helpers';
import { db } from './harness';
import { edit, published, revisions, row, type World } from './revision-helpers';

/**
 * Decision 106: staff decide the version they saw. A seller who saves again between staff opening
 * the queue and clicking gets nothing published: the click answers a conflict in Norwegian, the
 * queue shows the new version, and approving that one works. The same for a new listing and a
 * revision, single and bulk, approval and rejection.
 */
const reviewsOf = (id: string) => db.select().from(listingReviews).where(eq(listingReviews.listingId, id));

/** A seller's new listing, waiting in the queue (never approved). */
async function pendingListing(): Promise<World> {
  const w = await published('pending');
  return w;
}

const queueItem = async (w: World) => (await w.admin.browser.call((c) => c.admin.overview.queue())).find((item) => item.id === w.id);
const revisionItem = async (w: World) => (await w.admin.browser.call((c) => c.admin.overview.revisions())).find((item) => item.id === w.id);

describe('a new listing saved again after staff opened the queue', () => {
  it('approval names the old version: a conflict, nothing published or mailed; the queue shows the new version, which approves', async () => {
    const w = await pendingListing();
    const opened = await queueItem(w);
    expect(opened).toBeDefined();
    await edit(w, `Ny tekst ${w.word}`);

    const mailsBefore = w.h.mailer.to(w.email).length;
    await expect(w.admin.browser.call((c) => c.admin.review.approve({ ids: [w.id], versions: [opened!.version] }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: overview.staleVersion([`Ny tekst ${w.word}`]),
    });
    expect((await row(w.id)).status).toBe('pending');
    expect(await reviewsOf(w.id)).toEqual([]);
    expect(w.h.mailer.to(w.email)).toHaveLength(mailsBefore);

    const now = await queueItem(w);
    expect(now).toMatchObject({ title: `Ny tekst ${w.word}` });
    expect(now!.version).toBeGreaterThan(opened!.version);
    await w.admin.browser.call((c) => c.admin.review.approve({ ids: [w.id], versions: [now!.version] }));
    expect(await row(w.id)).toMatchObject({ status: 'active', title: `Ny tekst ${w.word}` });
  });

  it('rejection naming the old version is refused the same way and leaves the listing pending', async () => {
    const w = await pendingListing();
    const opened = await queueItem(w);
    await edit(w, `Rettet tekst ${w.word}`);
    await expect(w.admin.browser.call((c) => c.admin.review.reject({ ids: [w.id], versions: [opened!.version], reason: 'incomplete' }))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await row(w.id)).toMatchObject({ status: 'pending', rejectReason: null });
    expect(await reviewsOf(w.id)).toEqual([]);
  });

  it('a bulk approval with one stale listing decides none of them, and names the stale one', async () => {
    const a = await pendingListing();
    const b = await pendingListing();
    const versions = [(await queueItem(a))!.version, (await queueItem(b))!.version];
    await edit(b, `Endret ${b.word}`);
    const refused = a.admin.browser.call((c) => c.admin.review.approve({ ids: [a.id, b.id], versions }));
    await expect(refused).rejects.toMatchObject({ code: 'CONFLICT', message: overview.staleVersion([`Endret ${b.word}`]) });
    expect([(await row(a.id)).status, (await row(b.id)).status]).toEqual(['pending', 'pending']);
    await a.admin.browser.call(async (c) => c.admin.review.approve(await seen([a.id, b.id])));
    expect([(await row(a.id)).status, (await row(b.id)).status]).toEqual(['active', 'active']);
  });

  it("staff's own edit of the text is a new version too; a change of status or 'featured' is not", async () => {
    const w = await pendingListing();
    const opened = (await queueItem(w))!.version;
    await w.admin.browser.call((c) => c.admin.listings.update({ id: w.id, patch: { featured: true } }));
    expect((await queueItem(w))!.version).toBe(opened);
    await w.admin.browser.call((c) => c.admin.listings.update({ id: w.id, patch: { location: 'Bodø' } }));
    await expect(w.admin.browser.call((c) => c.admin.review.approve({ ids: [w.id], versions: [opened] }))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses versions that do not match the ids one for one', async () => {
    const w = await pendingListing();
    await expect(w.admin.browser.call((c) => c.admin.review.approve({ ids: [w.id], versions: [] }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(overview.versionsMissing) as unknown as string });
    expect((await row(w.id)).status).toBe('pending');
  });
});

describe('a revision saved again after staff opened the queue', () => {
  it('approval of the version staff saw is refused: the public text stays, the new revision waits and is shown, then approves', async () => {
    const w = await published('active');
    await edit(w, `Første endring ${w.word}`);
    const opened = await revisionItem(w);
    expect(opened).toBeDefined();
    await edit(w, `Andre endring ${w.word}`);

    await expect(w.admin.browser.call((c) => c.admin.review.approve({ ids: [w.id], versions: [opened!.version] }))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await row(w.id)).title).toBe(`Godkjent ${w.word}`);
    expect((await revisions(w.id)).map((r) => r.status)).toEqual(['pending']);

    const now = await revisionItem(w);
    expect(now!.version).toBeGreaterThan(opened!.version);
    expect(now!.changes.fields.find((change) => change.field === 'title')?.after).toBe(`Andre endring ${w.word}`);
    // A revision save leaves the public row's 'Sist endret' alone.
    const before = (await row(w.id)).updatedAt;
    await edit(w, `Tredje endring ${w.word}`);
    expect((await row(w.id)).updatedAt).toEqual(before);
    await w.admin.browser.call(async (c) => c.admin.review.approve(await seen([w.id])));
    expect((await row(w.id)).title).toBe(`Tredje endring ${w.word}`);
  });

  it('a new revision after another admin decided the one staff saw is not approved by the old click', async () => {
    const w = await published('active');
    await edit(w, `Første ${w.word}`);
    const opened = (await revisionItem(w))!.version;
    await w.admin.browser.call((c) => c.admin.review.reject({ ids: [w.id], versions: [opened], reason: 'incomplete' }));
    await edit(w, `Ukjent for staff ${w.word}`);
    await expect(w.admin.browser.call((c) => c.admin.review.approve({ ids: [w.id], versions: [opened] }))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await row(w.id)).title).toBe(`Godkjent ${w.word}`);
  });
});
