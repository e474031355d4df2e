import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { images as imageTexts, wizard } from '@bedriftstorget/core/texts/seller';
import { ADMIN_CHANNEL } from '@bedriftstorget/api/realtime/channels';
import { removeStaleUploads } from '@bedriftstorget/api/seller/uploads';
import { createHarness, db, signedInUser, slot, testConfig, visitorCaller, type Browser, type Harness } from './harness';

// A real S3 protocol server for the uploads (STACK-NOTES: s3rver enforces no policy, so the server's checks are what is tested).
const S3_PORT = 4700 + slot;
let s3: S3rver;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bt-s3-'));
  s3 = new S3rver({ port: S3_PORT, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: 'listing-images', configs: [] }] });
  await s3.run();
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

function harness(): Harness {
  const local = testConfig().local!;
  return createHarness({ config: { local: { ...local, s3Port: S3_PORT } } });
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);

const fields: ListingFields = {
  title: 'Godt etablert verksted',
  industry: 'craft',
  location: 'Bergen',
  description: 'Et godt etablert verksted med faste kunder, moderne maskiner og erfarne ansatte som blir med.',
  price: 2_500_000, revenue: 6_000_000, profit: 700_000, ownerSalary: null, debt: null, equityPercent: 100, growthPercent: null,
  employees: 6, established: 2004, premisesSize: 300, ownPremises: false, companyForm: 'as', activeCustomers: true,
  recurringRevenue: false, ownerDependency: 'medium', contractObligations: null, includedInSale: ['Inventar'], ownerComment: null,
};

/** Presign, post the bytes as a browser would (straight to s3rver here), and confirm. */
async function upload(browser: Browser, listingId: string, bytes: Uint8Array<ArrayBuffer> = PNG, contentType: 'image/png' | 'image/jpeg' = 'image/png', index = 0) {
  const grant = await browser.call((c) => c.seller.presignUpload({ listingId, contentType, index }));
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: contentType }));
  const response = await fetch(`http://127.0.0.1:${S3_PORT}/listing-images`, { method: 'POST', body: form });
  expect(response.status).toBeLessThan(300);
  return browser.call((c) => c.seller.confirmUpload({ uploadId: grant.uploadId }));
}

async function seller(h = harness()) {
  return { h, ...(await signedInUser(h)) };
}

describe('images', () => {
  it('accepts a real image under the user’s own prefix and serves it at /images', async () => {
    const { h, browser, userId } = await seller();
    const listingId = crypto.randomUUID();
    const result = await upload(browser, listingId);
    expect(result.url).toMatch(new RegExp(`^/images/${userId}/${listingId}_\\d+_0\\.png$`));
    const [row] = await db.select().from(uploads).where(eq(uploads.id, result.uploadId));
    expect(row).toMatchObject({ status: 'verified', size: PNG.length, userId });
    expect(await h.storage.size(row!.storageKey)).toBe(PNG.length);
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
  });

  it('refuses an upload that is too large, and types other than images', async () => {
    const { browser } = await seller();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    await expect(upload(browser, crypto.randomUUID(), big)).rejects.toMatchObject({ message: imageTexts.tooLarge });
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

  it('is idempotent: a retried submit with the same id is one listing', async () => {
    const { browser, userId } = await seller();
    const id = crypto.randomUUID();
    const image = await upload(browser, id);
    const submit = () => browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] }));
    const results = await Promise.all([submit(), submit(), submit()]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await db.select().from(listings).where(and(eq(listings.id, id), eq(listings.ownerId, userId)))).toHaveLength(1);
  });

  it('holds the quota under 10 concurrent submits', async () => {
    const { browser, userId } = await seller();
    const submits = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const id = crypto.randomUUID();
        const image = await upload(browser, id);
        return browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] })).then(() => 'ok', (e: { message: string }) => e.message);
      }),
    );
    expect(submits.filter((s) => s === 'ok')).toHaveLength(3);
    expect(submits.filter((s) => s === wizard.quotaText(3))).toHaveLength(7);
    expect(await db.select().from(listings).where(eq(listings.ownerId, userId))).toHaveLength(3);
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

  it('an edit of a published listing sends it back to review and keeps or replaces images', async () => {
    const { h, browser, id } = await withListing();
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, id));
    const loaded = await browser.call((c) => c.seller.forEdit({ id }));
    expect(loaded.images).toHaveLength(1);
    const added = await upload(browser, id, PNG, 'image/png', 1);
    const saved = await browser.call((c) => c.seller.update({ id, fields: { ...fields, title: 'Nytt navn på verkstedet' }, images: [{ uploadId: added.uploadId }] }));
    expect(saved.status).toBe('pending');
    const images = await db.select().from(listingImages).where(eq(listingImages.listingId, id));
    expect(images.map((i) => i.imageUrl)).toEqual([added.url]);
    expect(await h.storage.size(loaded.images[0]!.url.replace('/images/', ''))).toBeNull();
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
