import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runListingExpiry as expiryStep } from '@bedriftstorget/api/jobs/listing-expiry';
import { RENEW_LINK_DAYS } from '@bedriftstorget/api/listing/lifecycle';
import { listingTerms, listings } from '@bedriftstorget/core/listing/listing.sql';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { expiry, underOffer } from '@bedriftstorget/core/texts/lifecycle';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { listingRow, seen, signedInAdmin } from './admin-helpers';
import { createListing, uniqueWord } from './fixtures';
import { Browser, createHarness, db, deliverMail, signedInUser, type Harness } from './harness';

/** The expiry step and the outbox step after it, as one run of the job. */
async function runListingExpiry(h: Harness, now: Date) {
  const result = await expiryStep(h, now);
  await deliverMail(h, now);
  return result;
}

const DAY = 86_400_000;
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY);

/** The public is_public of a listing's search terms (every term has the same value). */
async function termsPublic(id: string): Promise<boolean[]> {
  const rows = await db.selectDistinct({ isPublic: listingTerms.isPublic }).from(listingTerms).where(eq(listingTerms.listingId, id));
  return rows.map((row) => Boolean(row.isPublic));
}

const warningsTo = (h: Harness, email: string) => h.mailer.to(email).filter((mail) => mail.subject === expiry.mailSubject);
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe("'Under bud'", () => {
  it('the owner marks an active listing and back; it stays public and searchable, shows the badge, and browse can hide it', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const word = uniqueWord();
    const marked = await createListing(owner.userId, { title: `Bakeri ${word}` });
    const other = await createListing(owner.userId, { title: `Kafé ${word}` });

    expect(await owner.browser.call((c) => c.seller.setUnderOffer({ id: marked, underOffer: true }))).toEqual({ underOffer: true });
    const visitor = new Browser(h);
    const all = await visitor.call((c) => c.listing.browse({ q: word }));
    expect(all.items.map((item) => [item.id, item.underOffer]).sort()).toEqual([[marked, true], [other, false]].sort());
    expect(all.total).toBe(2);
    const hidden = await visitor.call((c) => c.listing.browse({ q: word, hideUnderOffer: true }));
    expect(hidden.items.map((item) => item.id)).toEqual([other]);
    expect(hidden.total).toBe(1);
    expect((await visitor.call((c) => c.listing.detail({ id: marked }))).listing.underOffer).toBe(true);
    expect(await termsPublic(marked)).toEqual([true]);
    expect((await listingRow(marked))?.status).toBe('active');
    expect((await owner.browser.call((c) => c.seller.mine())).items.find((item) => item.id === marked)?.underOffer).toBe(true);

    await owner.browser.call((c) => c.seller.setUnderOffer({ id: marked, underOffer: false }));
    expect((await visitor.call((c) => c.listing.browse({ q: word, hideUnderOffer: true }))).items.map((item) => item.id).sort()).toEqual([marked, other].sort());
    expect((await visitor.call((c) => c.listing.detail({ id: marked }))).listing.underOffer).toBe(false);
  });

  it('refuses other users and listings that are not active, changing nothing', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const stranger = await signedInUser(h);
    const active = await createListing(owner.userId);
    const pending = await createListing(owner.userId, { status: 'pending' });
    const sold = await createListing(owner.userId, { status: 'sold' });

    await expect(stranger.browser.call((c) => c.seller.setUnderOffer({ id: active, underOffer: true }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: detail.notFound });
    await expect(new Browser(h).call((c) => c.seller.setUnderOffer({ id: active, underOffer: true }))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    for (const id of [pending, sold]) {
      await expect(owner.browser.call((c) => c.seller.setUnderOffer({ id, underOffer: true }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: underOffer.onlyActive });
    }
    for (const id of [active, pending, sold]) expect((await listingRow(id))?.underOfferAt).toBeNull();
  });

  it('a listing marked sold is no longer under offer, so the filter does not hide it', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const id = await createListing(owner.userId);
    await owner.browser.call((c) => c.seller.setUnderOffer({ id, underOffer: true }));
    await owner.browser.call((c) => c.seller.markSold({ id }));
    expect((await listingRow(id))?.underOfferAt).toBeNull();
  });
});

describe('expiry after 90 days', () => {
  it('approval starts a 90-day period; the job stamps active listings that have none', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const pending = await createListing(owner.userId, { status: 'pending' });
    const before = Date.now();
    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([pending])) }));
    const approved = await listingRow(pending);
    expect(approved?.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 90 * DAY);
    expect(approved?.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 90 * DAY);

    const unstamped = await createListing(owner.userId);
    const now = new Date();
    await runListingExpiry(h, now);
    expect((await listingRow(unstamped))?.expiresAt).toEqual(daysFrom(now, 90));
  });

  it('mails the owner once, 7 days before, with a renew link; never less than 7 days before the expiry', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const now = new Date();
    const soon = await createListing(owner.userId, { title: 'Blomsterbutikk i Bergen', expiresAt: daysFrom(now, 6.5) });
    const late = await createListing(owner.userId, { expiresAt: daysFrom(now, 1) });
    const later = await createListing(owner.userId, { expiresAt: daysFrom(now, 8) });

    await runListingExpiry(h, now);
    await runListingExpiry(h, now);
    await runListingExpiry(h, new Date(now.getTime() + 60_000));
    const mails = warningsTo(h, owner.email);
    expect(mails).toHaveLength(2);
    const mail = mails.find((m) => m.text.includes('Blomsterbutikk i Bergen'))!;
    expect(mail.subject).toBe('Annonsen din utløper om 7 dager');
    expect(mail.links[0]).toMatch(new RegExp(`^${h.config.appUrl}/forny-annonse\\?token=[\\w-]{43}$`));
    expect(mail.links[1]).toBe(`${h.config.appUrl}/mine-annonser`);
    // The owner always gets 7 days from the mail: a run 12 hours late, or a job down for days, moves the expiry.
    expect((await listingRow(soon))?.expiresAt).toEqual(daysFrom(now, 7));
    expect((await listingRow(late))?.expiresAt).toEqual(daysFrom(now, 7));
    expect(mail.text).toContain(formatDate(daysFrom(now, 7)));
    expect((await listingRow(later))?.expiryWarnedAt).toBeNull();
    expect((await listingRow(soon))?.status).toBe('active');
  });

  it('expires a warned listing at its time: it leaves browse, search and its page; the mail link renews it', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const word = uniqueWord();
    const now = new Date();
    const id = await createListing(owner.userId, { title: `Sykkelverksted ${word}`, expiresAt: daysFrom(now, 3) });
    await runListingExpiry(h, now);
    const link = warningsTo(h, owner.email)[0]!.links[0]!;

    await runListingExpiry(h, daysFrom(now, 7.01));
    expect((await listingRow(id))?.status).toBe('expired');
    expect(await termsPublic(id)).toEqual([false]);
    const visitor = new Browser(h);
    expect((await visitor.call((c) => c.listing.browse({ q: word }))).items).toEqual([]);
    await expect(visitor.call((c) => c.listing.detail({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const renewed = await visitor.call((c) => c.listing.renewByToken({ token: tokenOf(link) }));
    expect(renewed).toMatchObject({ id, title: `Sykkelverksted ${word}` });
    const row = await listingRow(id);
    expect(row?.status).toBe('active');
    expect(row?.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 89 * DAY);
    expect(row?.expiryWarnedAt).toBeNull();
    expect(await termsPublic(id)).toEqual([true]);
    expect((await visitor.call((c) => c.listing.browse({ q: word }))).items.map((item) => item.id)).toEqual([id]);
    // The link works once (the page sends it only on the owner's click, so a scanner spends nothing).
    await expect(visitor.call((c) => c.listing.renewByToken({ token: tokenOf(link) }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: expiry.linkInvalid });
  });

  it(`a renew link works for ${RENEW_LINK_DAYS} days from its mail, and not after a renewal from Mine annonser`, async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const now = new Date();
    const late = await createListing(owner.userId, { title: `Sen fornyer ${uniqueWord()}`, expiresAt: daysFrom(now, 3) });
    const inApp = await createListing(owner.userId, { title: `Fornyet i appen ${uniqueWord()}`, expiresAt: daysFrom(now, 3) });
    await runListingExpiry(h, now);
    const tokenOfListing = async (id: string) => {
      const title = (await listingRow(id))!.title;
      return tokenOf(warningsTo(h, owner.email).find((mail) => mail.text.includes(title))!.links[0]!);
    };
    const visitor = new Browser(h);

    await owner.browser.call((c) => c.seller.renew({ id: inApp }));
    await expect(visitor.call(async (c) => c.listing.renewByToken({ token: await tokenOfListing(inApp) }))).rejects.toMatchObject({ message: expiry.linkInvalid });

    // The mail went out 15 days ago.
    await db.update(listings).set({ expiryWarnedAt: daysFrom(now, -RENEW_LINK_DAYS - 1) }).where(eq(listings.id, late));
    await expect(visitor.call(async (c) => c.listing.renewByToken({ token: await tokenOfListing(late) }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expiry.linkInvalid });
    await db.update(listings).set({ expiryWarnedAt: daysFrom(now, -RENEW_LINK_DAYS + 1) }).where(eq(listings.id, late));
    await expect(visitor.call(async (c) => c.listing.renewByToken({ token: await tokenOfListing(late) }))).resolves.toMatchObject({ id: late });
  });

  it('refuses a wrong token, and a listing an admin took down, with a Norwegian text', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const now = new Date();
    const id = await createListing(owner.userId, { expiresAt: daysFrom(now, 2) });
    await runListingExpiry(h, now);
    const link = warningsTo(h, owner.email)[0]!.links[0]!;
    const visitor = new Browser(h);
    await expect(visitor.call((c) => c.listing.renewByToken({ token: 'x'.repeat(43) }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: expiry.linkInvalid });
    await expect(visitor.call((c) => c.listing.renewByToken({ token: 'kort' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expiry.linkInvalid });
    await db.update(listings).set({ status: 'inactive' }).where(eq(listings.id, id));
    await expect(visitor.call((c) => c.listing.renewByToken({ token: tokenOf(link) }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expiry.linkInvalid });
    expect((await listingRow(id))?.status).toBe('inactive');
  });

  it('two runs at once send each warning once and expire each listing once', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const now = new Date();
    const warn = await Promise.all(Array.from({ length: 6 }, () => createListing(owner.userId, { expiresAt: daysFrom(now, 5) })));
    const due = await Promise.all(Array.from({ length: 6 }, () => createListing(owner.userId, { expiresAt: daysFrom(now, -1), expiryWarnedAt: daysFrom(now, -8) })));

    const results = await Promise.all([runListingExpiry(h, now), runListingExpiry(h, now)]);
    expect(warningsTo(h, owner.email)).toHaveLength(warn.length);
    expect(results[0].warned + results[1].warned).toBeGreaterThanOrEqual(warn.length);
    for (const id of due) expect((await listingRow(id))?.status).toBe('expired');
    for (const id of due) expect(await termsPublic(id)).toEqual([false]);
    expect(results[0].expired + results[1].expired).toBeGreaterThanOrEqual(due.length);
    const expiredOfOwner = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.ownerId, owner.userId), eq(listings.status, 'expired')));
    expect(expiredOfOwner).toHaveLength(due.length);
  });
});

describe("'Forny annonse' in /mine-annonser", () => {
  it('renews an own expired listing within the quota and refuses past it; the edit form never carries the lifecycle’s bookkeeping', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const stranger = await signedInUser(h);
    await db.update(profiles).set({ maxListings: 1 }).where(eq(profiles.id, owner.userId));
    const expired = await createListing(owner.userId, { status: 'expired' });
    const other = await createListing(owner.userId, { status: 'expired' });

    await expect(stranger.browser.call((c) => c.seller.renew({ id: expired }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const renewed = await owner.browser.call((c) => c.seller.renew({ id: expired }));
    expect(renewed.id).toBe(expired);
    expect((await listingRow(expired))?.status).toBe('active');
    expect(await termsPublic(expired)).toEqual([true]);
    await expect(owner.browser.call((c) => c.seller.renew({ id: other }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: wizard.quotaText(1) });
    expect((await listingRow(other))?.status).toBe('expired');
    const pending = await createListing(owner.userId, { status: 'pending' });
    await expect(owner.browser.call((c) => c.seller.renew({ id: pending }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expiry.notRenewable });

    const form = await owner.browser.call((c) => c.seller.forEdit({ id: other }));
    expect(form).not.toHaveProperty('renewTokenHash');
    expect(form).not.toHaveProperty('expiresAt');
  });
});
