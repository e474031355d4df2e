import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { images as imageTexts, wizard } from '@bedriftstorget/core/texts/seller';
import { ADMIN_CHANNEL } from '@bedriftstorget/api/realtime/channels';
import { removeStaleUploads } from '@bedriftstorget/api/seller/uploads';
import { db, signedInUser, visitorCaller, type Browser } from './harness';
import { fields, PNG, S3_PORT, seller, upload } from './seller-helpers';

describe('images', () => {
  it('re-encodes a real image into final keys in every srcset width and deletes the raw upload', async () => {
    const { h, browser, userId } = await seller();
    const listingId = crypto.randomUUID();
    const result = await upload(browser, listingId);
    expect(result.url).toMatch(new RegExp(`^/images/listings/${listingId}/[0-9a-f-]{36}-800x600\\.webp$`));
    const [row] = await db.select().from(uploads).where(eq(uploads.id, result.uploadId));
    expect(row).toMatchObject({ status: 'verified', size: PNG.length, userId });
    expect(row!.storageKey.startsWith(`uploads/${userId}/${listingId}_`)).toBe(true);
    expect(await h.storage.size(row!.storageKey)).toBeNull();
    const finalKey = result.url.replace('/images/', '');
    for (const key of [finalKey, ...[320, 640].map((w) => finalKey.replace('.webp', `-${w}.webp`))]) {
      const stored = await h.storage.read(key);
      expect(stored && (await sharp(stored).metadata()).format).toBe('webp');
    }
    expect(await h.storage.size(finalKey.replace('.webp', '-1024.webp'))).toBeNull();
  });

  it('refuses and deletes what is not the image it claims to be', async () => {
    const { h, browser } = await seller();
    const listingId = crypto.randomUUID();
    const grant = await browser.call((c) => c.seller.presignUpload({ listingId, contentType: 'image/jpeg', index: 0 }));
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/jpeg' }));
    await fetch(`http://127.0.0.1:${S3_PORT}/listing-images`, { method: 'POST', body: form });
    await expect(browser.call((c) => c.seller.confirmUpload({ uploadId: grant.uploadId }))).rejects.toMatchObject({ message: imageTexts.notValidImage });
    expect(await db.select().from(uploads).where(eq(uploads.id, grant.uploadId))).toHaveLength(0);
    expect(await h.storage.size(grant.fields.key!)).toBeNull();
    expect(await (await h.storage.client()).send(new ListObjectsV2Command({ Bucket: h.storage.bucket, Prefix: `listings/${listingId}/` })).then((r) => r.KeyCount)).toBe(0);
  });

  it('refuses an upload that is too large, and types other than images', async () => {
    const { h, browser } = await seller();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    // The bucket refuses it by the policy's content-length-range, as S3 does (decision 135) …
    const grant = await browser.call((c) => c.seller.presignUpload({ listingId: crypto.randomUUID(), contentType: 'image/png', index: 0 }));
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', new Blob([big], { type: 'image/png' }));
    const posted = await fetch(`http://127.0.0.1:${S3_PORT}/listing-images`, { method: 'POST', body: form });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('<Code>EntityTooLarge</Code>');
    // … and the confirm refuses it too, should it be there anyway.
    await h.storage.put(grant.fields.key!, big, 'image/png');
    await expect(browser.call((c) => c.seller.confirmUpload({ uploadId: grant.uploadId }))).rejects.toMatchObject({ message: imageTexts.tooLarge });
    await expect(browser.call((c) => c.seller.presignUpload({ listingId: crypto.randomUUID(), contentType: 'image/svg+xml' as 'image/png', index: 0 }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: imageTexts.notImageText });
  });

  it('refuses a sixth image for one listing', async () => {
    const { browser } = await seller();
    const listingId = crypto.randomUUID();
    for (let i = 0; i < 5; i += 1) await browser.call((c) => c.seller.presignUpload({ listingId, contentType: 'image/png', index: i }));
    await expect(browser.call((c) => c.seller.presignUpload({ listingId, contentType: 'image/png', index: 5 }))).rejects.toMatchObject({ message: imageTexts.tooManyText });
  });

  it('never lets one user add images to another user’s listing, or use their upload', async () => {
    const { h, browser } = await seller();
    const listingId = crypto.randomUUID();
    const own = await upload(browser, listingId);
    await browser.call((c) => c.seller.create({ id: listingId, fields, images: [{ uploadId: own.uploadId }] }));
    const other = await signedInUser(h);
    await expect(other.browser.call((c) => c.seller.presignUpload({ listingId, contentType: 'image/png', index: 0 }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const theirs = await upload(browser, crypto.randomUUID());
    await expect(other.browser.call((c) => c.seller.confirmUpload({ uploadId: theirs.uploadId }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('removes uploads never attached after a day, and keeps attached ones', async () => {
    const { h, browser } = await seller();
    const listingId = crypto.randomUUID();
    const attached = await upload(browser, listingId);
    const stray = await upload(browser, crypto.randomUUID());
    await browser.call((c) => c.seller.create({ id: listingId, fields, images: [{ uploadId: attached.uploadId }] }));
    const [strayRow] = await db.select().from(uploads).where(eq(uploads.id, stray.uploadId));
    const removed = await removeStaleUploads(h, new Date(Date.now() + 25 * 3600_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(uploads).where(eq(uploads.id, stray.uploadId))).toHaveLength(0);
    expect(await h.storage.size(strayRow!.storageKey)).toBeNull();
    expect(await db.select().from(uploads).where(eq(uploads.id, attached.uploadId))).toHaveLength(1);
  });
});

describe('submitting a listing', () => {
  it('creates a pending listing with its images in order, tells the admins, and cancels a draft reminder', async () => {
    const { h, browser, email } = await seller();
    await visitorCaller(h).seller.rememberDraft({ email, title: 'Utkast' });
    const events: string[] = [];
    h.realtime.subscribe(ADMIN_CHANNEL, (event) => events.push(event.type));
    const id = crypto.randomUUID();
    const first = await upload(browser, id, PNG, 'image/png', 0);
    const second = await upload(browser, id, PNG, 'image/png', 1);
    await browser.call((c) => c.seller.create({ id, fields: { ...fields, title: '  Godt etablert verksted  ' }, images: [{ uploadId: second.uploadId }, { uploadId: first.uploadId }] }));
    const [row] = await db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ status: 'pending', title: 'Godt etablert verksted', industry: 'craft', price: 2_500_000 });
    const images = await db.select().from(listingImages).where(eq(listingImages.listingId, id)).orderBy(listingImages.displayOrder);
    expect(images.map((i) => i.imageUrl)).toEqual([second.url, first.url]);
    expect(events).toEqual(['listings.submitted']);
    const [reminder] = await db.select().from(draftReminders).where(eq(draftReminders.email, email));
    expect(reminder?.cancelledAt).not.toBeNull();
  });

  it('follows the profile’s max_listings', async () => {
    const { browser, userId } = await seller();
    await db.update(profiles).set({ maxListings: 1 }).where(eq(profiles.id, userId));
    const make = async () => {
      const id = crypto.randomUUID();
      const image = await upload(browser, id);
      return browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] }));
    };
    await make();
    await expect(make()).rejects.toMatchObject({ code: 'FORBIDDEN', message: wizard.quotaText(1) });
  });

  it('validates with the wizard’s messages and writes nothing on bad input', async () => {
    const { browser, userId } = await seller();
    const id = crypto.randomUUID();
    const image = await upload(browser, id);
    const attempt = (changes: Partial<ListingFields>) => browser.call((c) => c.seller.create({ id, fields: { ...fields, ...changes }, images: [{ uploadId: image.uploadId }] }));
    await expect(attempt({ title: 'Kort' })).rejects.toMatchObject({ message: 'Tittelen må være minst 5 tegn' });
    await expect(attempt({ location: ' ' })).rejects.toMatchObject({ message: 'Sted er påkrevd' });
    await expect(attempt({ description: 'For kort beskrivelse.' })).rejects.toMatchObject({ message: 'Beskrivelsen må være minst 50 tegn' });
    await expect(attempt({ description: 'x'.repeat(2001) })).rejects.toMatchObject({ message: 'Beskrivelsen må være maksimalt 2000 tegn' });
    await expect(browser.call((c) => c.seller.create({ id, fields, images: [] }))).rejects.toMatchObject({ message: 'Last opp minst ett bilde' });
    await expect(browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: crypto.randomUUID() }] }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await db.select().from(listings).where(eq(listings.ownerId, userId))).toHaveLength(0);
  });
});

describe('own listings', () => {
  async function withListing() {
    const s = await seller();
    const id = crypto.randomUUID();
    const image = await upload(s.browser, id);
    await s.browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] }));
    return { ...s, id, image };
  }

  it('another user can neither read it for editing, change it, mark it sold nor delete it', async () => {
    const { h, id, image } = await withListing();
    const other = await signedInUser(h);
    await expect(other.browser.call((c) => c.seller.forEdit({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.browser.call((c) => c.seller.update({ id, fields: { ...fields, title: 'Kapret annonse' }, images: [{ uploadId: image.uploadId }] }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.browser.call((c) => c.seller.markSold({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.browser.call((c) => c.seller.delete({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [row] = await db.select().from(listings).where(eq(listings.id, id));
    expect(row?.title).toBe(fields.title);
    expect((await other.browser.call((c) => c.seller.mine())).items).toHaveLength(0);
  });

  it('an edit of a rejected listing sends it back to review and keeps or replaces images (a published one: revisions.test.ts)', async () => {
    const { h, browser, id } = await withListing();
    await db.update(listings).set({ status: 'rejected' }).where(eq(listings.id, id));
    const loaded = await browser.call((c) => c.seller.forEdit({ id }));
    expect(loaded.images).toHaveLength(1);
    const added = await upload(browser, id, PNG, 'image/png', 1);
    const saved = await browser.call((c) => c.seller.update({ id, fields: { ...fields, title: 'Nytt navn på verkstedet' }, images: [{ uploadId: added.uploadId }] }));
    expect(saved.status).toBe('pending');
    const images = await db.select().from(listingImages).where(eq(listingImages.listingId, id));
    expect(images.map((i) => i.imageUrl)).toEqual([added.url]);
    expect(await h.storage.size(loaded.images[0]!.url.replace('/images/', ''))).toBeNull();
  });

  it('saving the same form twice gives the same result (a retried save)', async () => {
    const { h, browser, id, image } = await withListing();
    const added = await upload(browser, id, PNG, 'image/png', 1);
    const form = { id, fields: { ...fields, title: 'Samme skjema to ganger' }, images: [{ uploadId: image.uploadId }, { uploadId: added.uploadId }] };
    const first = await browser.call((c) => c.seller.update(form));
    const rows = () => db.select({ url: listingImages.imageUrl, order: listingImages.displayOrder }).from(listingImages).where(eq(listingImages.listingId, id)).orderBy(listingImages.displayOrder);
    const before = await rows();
    expect(before.map((r) => r.url)).toEqual([image.url, added.url]);
    expect(await browser.call((c) => c.seller.update(form))).toEqual(first);
    expect(await rows()).toEqual(before);
    expect(await h.storage.size(image.url.replace('/images/', ''))).toBeGreaterThan(0);
    // An upload the seller has since removed cannot come back through an old form.
    await browser.call((c) => c.seller.update({ ...form, images: [{ uploadId: added.uploadId }] }));
    await expect(browser.call((c) => c.seller.update(form))).rejects.toMatchObject({ message: wizard.imageGone });
    expect((await rows()).map((r) => r.url)).toEqual([added.url]);
  });

  it('lists own listings newest first, marks sold, and deletes with the images', async () => {
    const { h, browser, id, image } = await withListing();
    const mine = await browser.call((c) => c.seller.mine());
    expect(mine).toMatchObject({ maxListings: 3, items: [{ id, status: 'pending', imageUrl: image.url }] });
    await expect(browser.call((c) => c.seller.markSold({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, id));
    await browser.call((c) => c.seller.markSold({ id }));
    expect((await browser.call((c) => c.seller.mine())).items[0]?.status).toBe('sold');
    await browser.call((c) => c.seller.delete({ id }));
    expect(await db.select().from(listings).where(eq(listings.id, id))).toHaveLength(0);
    expect(await h.storage.size(image.url.replace('/images/', ''))).toBeNull();
  });
});

describe('profile', () => {
  it('saves name, company and a Norwegian or international phone; refuses a bad number', async () => {
    const { browser, email } = await seller();
    const saved = await browser.call((c) => c.profile.update({ fullName: ' Kari Nordmann ', companyName: '', phone: '912 34 567' }));
    expect(saved).toMatchObject({ fullName: 'Kari Nordmann', companyName: null, phone: '+4791234567', email, userType: 'individual', plan: 'free', maxListings: 3 });
    expect((await browser.call((c) => c.profile.update({ fullName: null, companyName: null, phone: '+46 70 123 45 67' }))).phone).toBe('+46701234567');
    await expect(browser.call((c) => c.profile.update({ fullName: null, companyName: null, phone: '12345' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Ugyldig telefonnummer. Bruk 8 siffer, eller + og landskode.' });
  });
});

describe('the settings’ quota and the review clock', () => {
  const make = async (browser: Browser) => {
    const id = crypto.randomUUID();
    const image = await upload(browser, id);
    return browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] }));
  };
  afterEach(() => db.update(appSettings).set({ maxActiveListings: DEFAULT_SETTINGS.maxActiveListings }).where(eq(appSettings.id, 1)));

  it('a lower "Maks annonser per bruker" stops the next submit; sold listings do not count; a profile’s own grant wins', async () => {
    const { browser, userId } = await seller();
    const first = await make(browser);
    await db.update(appSettings).set({ maxActiveListings: 1 }).where(eq(appSettings.id, 1));
    await expect(make(browser)).rejects.toMatchObject({ code: 'FORBIDDEN', message: wizard.quotaText(1) });
    expect((await browser.call((c) => c.seller.mine())).maxListings).toBe(1);
    await db.update(listings).set({ status: 'sold' }).where(eq(listings.id, first.id));
    await make(browser);
    await db.update(profiles).set({ maxListings: 5 }).where(eq(profiles.id, userId));
    await make(browser);
    expect(await db.select().from(listings).where(eq(listings.ownerId, userId))).toHaveLength(3);
  });

  it('an expired listing edited before renewal stays expired, its edit a revision for review (decision 086)', async () => {
    const s = await seller();
    const { id } = await make(s.browser);
    await db.update(listings).set({ status: 'expired' }).where(eq(listings.id, id));
    const loaded = await s.browser.call((c) => c.seller.forEdit({ id }));
    expect(await s.browser.call((c) => c.seller.update({ id, fields: { ...fields, title: 'Fornyet med nye tall' }, images: [{ imageId: loaded.images[0]!.id }] }))).toEqual({ id, status: 'expired', revision: true });
  });

  it('sets submitted_at on submit and again when an edit re-submits, so the queue’s clock restarts', async () => {
    const { browser, id } = await (async () => {
      const s = await seller();
      const created = await make(s.browser);
      return { ...s, id: created.id };
    })();
    const [created] = await db.select().from(listings).where(eq(listings.id, id));
    expect(Math.abs(created!.submittedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const longAgo = new Date(Date.now() - 30 * 3_600_000);
    await db.update(listings).set({ status: 'rejected', createdAt: longAgo, submittedAt: longAgo, reviewAlertedAt: longAgo }).where(eq(listings.id, id));
    const loaded = await browser.call((c) => c.seller.forEdit({ id }));
    await browser.call((c) => c.seller.update({ id, fields: { ...fields, title: 'Nytt navn på verkstedet' }, images: [{ imageId: loaded.images[0]!.id }] }));
    const [after] = await db.select().from(listings).where(eq(listings.id, id));
    expect(after).toMatchObject({ status: 'pending', createdAt: longAgo, reviewAlertedAt: null });
    expect(Math.abs(after!.submittedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
