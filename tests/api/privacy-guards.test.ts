/**
 * 'Slett konto' (decision 088) seen from outside the rows: which objects leave the buckets (every
 * key the account used, nothing else), which realtime channels are nudged (the people written to,
 * staff's queue only when listings went), and what a failed nudge does (logged, the deletion stands).
 */
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eraseAccount } from '@bedriftstorget/api/privacy/delete';
import { MESSAGES_CHANGED } from '@bedriftstorget/api/message/notify';
import { ADMIN_CHANNEL, userChannel, type RealtimeEvent } from '@bedriftstorget/api/realtime/channels';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { accountDeletionMail } from '@bedriftstorget/core/texts/account';
import { pdf, uploadDocument } from './data-room-helpers';
import { createListing } from './fixtures';
import { db, signedInUser, type Harness } from './harness';
import { edit, published, revisions } from './revision-helpers';
import { harness, upload } from './seller-helpers';

const sorted = (values: string[]) => [...values].sort();

/** The harness with both buckets' deletes recorded (and still done). */
function recording(h: Harness) {
  const deleted: string[] = [];
  const services: Harness = {
    ...h,
    storage: { ...h.storage, delete: (key: string) => (deleted.push(key), h.storage.delete(key)) },
    documents: { ...h.documents, delete: (key: string) => (deleted.push(key), h.documents.delete(key)) },
  };
  return { services, deleted };
}

/** Every event each of these channels receives from now on. */
function listen(h: Harness, channels: string[]) {
  const heard = new Map<string, RealtimeEvent[]>(channels.map((channel) => [channel, []]));
  const stops = channels.map((channel) => h.realtime.subscribe(channel, (event) => heard.get(channel)!.push(event)));
  return { heard: (channel: string) => heard.get(channel)!, stop: () => stops.forEach((stop) => stop()) };
}

/** Every object key the database names for the user: listing images, pending edits, uploads, data-room documents. */
async function keysNamedFor(userId: string): Promise<string[]> {
  const own = (await db.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, userId))).map((row) => row.id);
  const images = await db.select({ key: listingImages.storageKey }).from(listingImages).where(inArray(listingImages.listingId, own));
  const pending = (await Promise.all(own.map((id) => revisions(id)))).flat().flatMap((revision) => revision.images.map((image) => image.storageKey));
  const uploaded = await db.select({ key: uploads.storageKey, finalKey: uploads.finalKey }).from(uploads).where(eq(uploads.userId, userId));
  const documents = await db.select({ key: listingDocuments.storageKey }).from(listingDocuments).where(eq(listingDocuments.ownerId, userId));
  const keys = [...images.map((row) => row.key), ...pending, ...uploaded.flatMap((row) => [row.key, row.finalKey]), ...documents.map((row) => row.key)];
  return [...new Set(keys.filter((key): key is string => Boolean(key)))];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Slett konto' and the buckets", () => {
  it("deletes every object the account's listings, pending edit, uploads and documents use, and nudges staff's queue", async () => {
    const w = await published('active');
    const added = await upload(w.browser, w.id, undefined, 'image/png', 1);
    await edit(w, `Ventende ${w.word}`, [{ uploadId: w.image.uploadId }, { uploadId: added.uploadId }]);
    // A second listing whose image rows name no stored object (a URL only), and a data-room document.
    await createListing(w.userId, { images: 2 });
    const document = await uploadDocument(w.browser, w.id, await pdf(1));
    const expected = await keysNamedFor(w.userId);
    const [revision] = await revisions(w.id);
    const [documentRow] = await db.select({ key: listingDocuments.storageKey }).from(listingDocuments).where(eq(listingDocuments.id, document.id));
    // The pending edit's new image and the document are among them: each kind is walked.
    expect(expected).toEqual(expect.arrayContaining([...revision!.images.map((image) => image.storageKey), documentRow!.key]));
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const { services, deleted } = recording(w.h);
    const staff = listen(w.h, [ADMIN_CHANNEL]);

    await eraseAccount(services, w.userId, { kind: 'self' });
    staff.stop();
    expect(sorted(deleted)).toEqual(sorted(expected));
    for (const key of expected) expect(await (key === documentRow!.key ? w.h.documents : w.h.storage).size(key), key).toBeNull();
    expect(staff.heard(ADMIN_CHANNEL)).toEqual([{ type: 'listings.submitted', data: {} }]);
  });

  it("deletes a listing's and its pending edit's objects by their own rows when no upload row names them (seeded listings have none)", async () => {
    const w = await published('active');
    const added = await upload(w.browser, w.id, undefined, 'image/png', 1);
    await edit(w, `Ventende ${w.word}`, [{ uploadId: added.uploadId }]);
    const [image] = await db.select({ key: listingImages.storageKey }).from(listingImages).where(eq(listingImages.listingId, w.id));
    const [revision] = await revisions(w.id);
    const pending = revision!.images.map((pendingImage) => pendingImage.storageKey!);
    expect(pending).toHaveLength(1);
    expect(pending).not.toContain(image!.key);
    await db.delete(uploads).where(eq(uploads.userId, w.userId));
    const { services, deleted } = recording(w.h);

    await eraseAccount(services, w.userId, { kind: 'self' });
    expect(sorted(deleted)).toEqual(sorted([image!.key!, ...pending]));
    for (const key of deleted) expect(await w.h.storage.size(key), key).toBeNull();
  });

  it('deletes nothing from storage for an account that stored nothing, nudges only the people it wrote to, and leaves a tombstone', async () => {
    const h = harness();
    const [leaving, seller, bystander] = await Promise.all([signedInUser(h), signedInUser(h), signedInUser(h)]);
    const listingId = await createListing(seller.userId, { status: 'active' });
    await leaving.browser.call((c) => c.message.contactSeller({ listingId, text: 'Er den ledig?', clientMessageId: crypto.randomUUID() }));
    const { services, deleted } = recording(h);
    const channels = [userChannel(seller.userId), userChannel(leaving.userId), userChannel(bystander.userId), ADMIN_CHANNEL];
    const heard = listen(h, channels);

    await eraseAccount(services, leaving.userId, { kind: 'self' });
    heard.stop();
    expect(deleted).toEqual([]);
    expect(heard.heard(userChannel(seller.userId))).toEqual([{ type: MESSAGES_CHANGED }]);
    for (const quiet of channels.slice(1)) expect(heard.heard(quiet), quiet).toEqual([]);
    const [tombstone] = await db.select().from(users).where(eq(users.id, leaving.userId));
    expect(tombstone).toMatchObject({ emailVerified: false, passwordHash: null, googleId: null });
    expect(tombstone!.deletedAt).not.toBeNull();
    // The goodbye mail carries no link: there is nothing left to open.
    expect(h.mailer.last(leaving.email)).toMatchObject({ subject: accountDeletionMail.deletedSubject, links: [] });
  });

  it('logs a failed realtime nudge and keeps the deletion', async () => {
    const h = harness();
    const [leaving, seller] = await Promise.all([signedInUser(h), signedInUser(h)]);
    const listingId = await createListing(seller.userId, { status: 'active' });
    await leaving.browser.call((c) => c.message.contactSeller({ listingId, text: 'Hei, er den ledig?', clientMessageId: crypto.randomUUID() }));
    const failure = new Error('Ably svarer ikke');
    vi.spyOn(h.realtime, 'publish').mockRejectedValue(failure);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await eraseAccount(h, leaving.userId, { kind: 'self' });
    expect(logged).toHaveBeenCalledWith('realtime after account deletion', failure);
    const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, leaving.userId));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('logs stamped copies that cannot be listed now (the hourly clean-up takes them) and keeps the deletion', async () => {
    const h = harness();
    const leaving = await signedInUser(h);
    const failure = new Error('S3 svarer ikke');
    vi.spyOn(h.documents, 'list').mockRejectedValue(failure);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await eraseAccount(h, leaving.userId, { kind: 'self' });
    expect(logged).toHaveBeenCalledWith('stamped copies after account deletion', failure);
    const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, leaving.userId));
    expect(row!.deletedAt).not.toBeNull();
  });
});
