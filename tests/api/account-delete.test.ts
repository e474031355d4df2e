/**
 * 'Slett konto' (decision 088): after the deletion no text column of any table holds the person's
 * e-mail, name or phone — every table and column is read from information_schema, so a table
 * added later is covered without touching this test — while the other party's inbox keeps the
 * conversation and the inquiry, from 'Slettet bruker'. Images go from the local S3 as well.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressSubject } from '@bedriftstorget/api/auth/rate-limit';
import { sessions, users } from '@bedriftstorget/core/auth/auth.sql';
import { listingImages, listings, storageDeletions } from '@bedriftstorget/core/listing/listing.sql';
import { accountDeletion, accountDeletionMail } from '@bedriftstorget/core/texts/account';
import { createListing } from './fixtures';
import { signedInAdmin } from './admin-helpers';
import { Browser, db, signedInUser, uniqueEmail } from './harness';
import { fields, harness, upload } from './seller-helpers';

/** Every text-like column of every table of this database, and the rows of each that contain `needle`. */
async function tablesHolding(needle: string): Promise<string[]> {
  const listed: unknown = await db.execute(sql`
    SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS
    WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE IN ('char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext', 'json', 'enum', 'set')`);
  const [columns] = listed as [{ t: string; c: string }[]];
  expect(columns.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const { t, c } of columns) {
    const counted: unknown = await db.execute(sql`SELECT COUNT(*) AS n FROM ${sql.identifier(t)} WHERE LOCATE(${needle}, CAST(${sql.identifier(c)} AS CHAR)) > 0`);
    const [rows] = counted as [{ n: number }[]];
    if (Number(rows[0]?.n) > 0) found.push(`${t}.${c}`);
  }
  return found;
}

async function objectCount(h: ReturnType<typeof harness>, prefix: string): Promise<number> {
  const listed = await (await h.storage.client()).send(new ListObjectsV2Command({ Bucket: h.storage.bucket, Prefix: prefix }));
  return listed.KeyCount ?? 0;
}

describe('Slett konto', () => {
  it("leaves no column of any table holding the user's e-mail, name or phone, and the other party keeps the conversation", async () => {
    const h = harness();
    const tag = crypto.randomUUID().slice(0, 6);
    const name = `Sigrid Slett${tag}`;
    const company = `Slettes${tag} AS`;
    const phone = `+479${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const leaving = await signedInUser(h);
    const other = await signedInUser(h);
    const admin = await signedInAdmin(h);
    await leaving.browser.call((c) => c.profile.update({ fullName: name, companyName: null, phone: null }));
    await other.browser.call((c) => c.profile.update({ fullName: 'Olav Motpart', companyName: null, phone: null }));

    // Their own listing, with a real image in the local S3, and one of the other party's.
    const ownId = crypto.randomUUID();
    const image = await upload(leaving.browser, ownId);
    await leaving.browser.call((c) => c.seller.create({ id: ownId, fields, images: [{ uploadId: image.uploadId }] }));
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, ownId));
    const [stored] = await db.select({ key: listingImages.storageKey }).from(listingImages).where(eq(listingImages.listingId, ownId));
    expect(await h.storage.size(stored!.key!)).not.toBeNull();
    const theirs = await createListing(other.userId, { title: `Motparts verksted ${tag}` });

    // Everything next door: favourites, a saved search, messages both ways, inquiries both ways,
    // a report each way, a valuation, a reminder, limits counted by address, the admin's edit.
    await leaving.browser.call((c) => c.favorite.add({ listingId: theirs }));
    await leaving.browser.call((c) => c.savedSearch.create({ name: `Søk ${tag}`, alerts: 'instant', filters: { q: 'verksted' } }));
    await leaving.browser.call((c) => c.message.contactSeller({ listingId: theirs, text: 'Er verkstedet fortsatt til salgs?', clientMessageId: crypto.randomUUID() }));
    await other.browser.call((c) => c.message.reply({ listingId: theirs, counterpartId: leaving.userId, text: 'Ja, det er det.', clientMessageId: crypto.randomUUID() }));
    await leaving.browser.call((c) => c.message.reply({ listingId: theirs, counterpartId: other.userId, text: 'Flott, jeg tar kontakt.', clientMessageId: crypto.randomUUID() }));
    await other.browser.call((c) => c.message.contactSeller({ listingId: ownId, text: 'Hei, er denne ledig?', clientMessageId: crypto.randomUUID() }));
    await leaving.browser.call((c) => c.message.sendInquiry({ listingId: theirs, message: 'Kan jeg få se regnskapet?' }));
    await other.browser.call((c) => c.message.sendInquiry({ listingId: ownId, message: 'Forespørsel om din annonse' }));
    await leaving.browser.call((c) => c.report.create({ listingId: theirs, reason: 'wrong_info', comment: 'Feil tall' }));
    await other.browser.call((c) => c.report.create({ listingId: ownId, reason: 'wrong_info', comment: 'Feil pris' }));
    await leaving.browser.call((c) => c.valuation.estimate({ industry: 'services', revenue: 2_000_000, profit: 400_000, email: leaving.email }));
    await new Browser(h).call((c) => c.seller.rememberDraft({ email: leaving.email, title: 'Utkast' }));
    await new Browser(h).call((c) => c.auth.requestPasswordReset({ email: leaving.email }));
    await admin.browser.call((c) => c.admin.users.update({ id: leaving.userId, fullName: name, companyName: company, phone, userType: 'company', plan: 'free', maxListings: 3 }));
    const secondBrowser = new Browser(h);
    await secondBrowser.call((c) => c.auth.signIn({ email: leaving.email, password: leaving.password }));

    // Before: the scan finds each in several tables (profile, inquiry, mails, admin log …).
    expect(await tablesHolding(leaving.email)).toEqual(expect.arrayContaining(['mail_outbox.to_address', 'mail_outbox.body', 'leads.buyer_email', 'valuation_requests.email', 'draft_reminders.email']));
    // The reset's window counts by the address's keyed hash (decision 134), which names nobody but is still the account's.
    const keyedAddress = addressSubject(h.config, leaving.email);
    expect(await tablesHolding(keyedAddress)).toEqual(['rate_limits.key']);
    expect(await tablesHolding(name)).toEqual(expect.arrayContaining(['profiles.full_name', 'leads.buyer_name', 'mail_outbox.body']));
    expect(await tablesHolding(phone)).toEqual(expect.arrayContaining(['profiles.phone', 'admin_logs.details']));

    await leaving.browser.call((c) => c.profile.deleteAccount({ password: leaving.password }));

    for (const needle of [leaving.email, name, company, phone, keyedAddress]) expect(await tablesHolding(needle), needle).toEqual([]);

    // Both browsers are signed out; this one's cookie is cleared.
    expect(leaving.browser.sessionId).toBeUndefined();
    expect(await secondBrowser.call((c) => c.auth.me())).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.userId))).toEqual([]);
    // The listing and its image are gone, in storage too, with nothing left for the job.
    expect(await db.select().from(listings).where(eq(listings.ownerId, leaving.userId))).toEqual([]);
    expect(await objectCount(h, `listings/${ownId}/`)).toBe(0);
    expect(await db.select().from(storageDeletions)).toEqual([]);
    // The goodbye mail went to the address it had.
    expect(h.mailer.last(leaving.email)).toMatchObject({ subject: accountDeletionMail.deletedSubject });

    // The other party's inbox keeps both conversations, from 'Slettet bruker', and the inquiry.
    const inbox = await other.browser.call((c) => c.message.conversations());
    const withDeleted = inbox.items.filter((item) => item.counterpartId === leaving.userId);
    expect(withDeleted).toHaveLength(2);
    expect(withDeleted.map((item) => item.counterpartName)).toEqual([accountDeletion.deletedUser, accountDeletion.deletedUser]);
    const thread = await other.browser.call((c) => c.message.thread({ listingId: theirs, counterpartId: leaving.userId }));
    expect(thread.counterpart.name).toBe(accountDeletion.deletedUser);
    expect(thread.messages.map((message) => message.text)).toEqual(['Er verkstedet fortsatt til salgs?', 'Ja, det er det.', 'Flott, jeg tar kontakt.']);
    const inquiries = await other.browser.call((c) => c.message.inquiries({}));
    expect(inquiries.items.map((item) => [item.buyerName, item.buyerEmail, item.message])).toEqual([[accountDeletion.deletedUser, null, 'Kan jeg få se regnskapet?']]);
    // …and cannot reply into the void.
    await expect(
      other.browser.call((c) => c.message.reply({ listingId: theirs, counterpartId: leaving.userId, text: 'Hallo?', clientMessageId: crypto.randomUUID() })),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: accountDeletion.replyToDeleted });

    // The address can sign up again, as a new account.
    const again = await signedInUser(h, leaving.email, 'nyttpassord1');
    expect(again.userId).not.toBe(leaving.userId);
    const [tombstone] = await db.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, leaving.userId));
    expect(tombstone!.deletedAt).not.toBeNull();
    expect(tombstone!.email).not.toContain('@');
  });

  it('keeps a signed-up-again address separate from the old conversations', async () => {
    const h = harness();
    const email = uniqueEmail('igjen');
    const first = await signedInUser(h, email);
    const seller = await signedInUser(h);
    const listing = await createListing(seller.userId, { title: 'Til salgs' });
    await first.browser.call((c) => c.message.contactSeller({ listingId: listing, text: 'Første konto', clientMessageId: crypto.randomUUID() }));
    await first.browser.call((c) => c.profile.deleteAccount({ password: first.password }));
    const second = await signedInUser(h, email);
    expect((await second.browser.call((c) => c.message.conversations())).items).toEqual([]);
  });
});
