import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasAccess, isGranted } from '@bedriftstorget/api/access/has-access';
import { deleteEndedNdaRecords, ndaRecordKeptUntil } from '@bedriftstorget/api/access/nda-records';
import { runHousekeeping } from '@bedriftstorget/api/jobs/housekeeping';
import { STEPS } from '@bedriftstorget/api/jobs/scheduled';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import { signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser } from './harness';

/**
 * The Taushetserklæring's record outlives the account (decision 100): kept two years after the buyer
 * deletes the account — name, e-mail, version, time, network address — for staff and the seller,
 * useless for anything else, and deleted by the scheduled job when the term ends.
 */
const YEAR = 365 * 24 * 60 * 60 * 1000;

async function deletedBuyer() {
  const h = createHarness();
  const [seller, buyer, admin] = await Promise.all([signedInUser(h), signedInUser(h), signedInAdmin(h)]);
  await buyer.browser.call((c) => c.profile.update({ fullName: 'Gunnhild Gåttut', companyName: null, phone: null }));
  const listingId = await createListing(seller.userId, { confidential: true });
  await buyer.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version, message: 'Interessert' }));
  const [request] = await db.select().from(accessRequests).where(eq(accessRequests.listingId, listingId));
  await seller.browser.call((c) => c.access.grant({ id: request!.id }));
  await buyer.browser.call((c) => c.profile.deleteAccount({ password: buyer.password }));
  const [deleted] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, buyer.userId));
  return { h, seller, buyer, admin, listingId, id: request!.id, deletedAt: deleted!.deletedAt! };
}

describe('an accepted Taushetserklæring after the buyer deletes the account', () => {
  it('is kept until the same time of the same calendar date two years on, in UTC (a leap day to 1 March)', () => {
    expect(ndaRecordKeptUntil(new Date('2026-11-29T23:30:00.000Z')).toISOString()).toBe('2028-11-29T23:30:00.000Z');
    expect(ndaRecordKeptUntil(new Date('2028-02-29T12:00:00.000Z')).toISOString()).toBe('2030-03-01T12:00:00.000Z');
  });

  it('is kept two years with name, e-mail, version, time and address; the message goes; it opens nothing', async () => {
    const r = await deletedBuyer();
    const [row] = await db.select().from(accessRequests).where(eq(accessRequests.id, r.id));
    expect(row).toMatchObject({ ndaName: 'Gunnhild Gåttut', ndaEmail: r.buyer.email, ndaVersion: nda.version, ndaAcceptedFrom: r.buyer.browser.ip, message: null, status: 'granted' });
    expect(row!.keptUntil).toEqual(ndaRecordKeptUntil(r.deletedAt));
    expect(row!.keptUntil!.getTime() - r.deletedAt.getTime()).toBeGreaterThanOrEqual(2 * YEAR);
    expect([await isGranted(db, r.listingId, r.buyer.userId), await hasAccess(db, r.listingId, r.buyer.userId)]).toEqual([false, false]);
    // The seller can no longer answer it: it is a record, not a request.
    await expect(r.seller.browser.call((c) => c.access.withdraw({ id: r.id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(r.seller.browser.call((c) => c.access.reopen({ id: r.id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('staff still see it in /admin/tilgang, the seller in /mine-annonser (never the address)', async () => {
    const r = await deletedBuyer();
    const staff = (await r.admin.browser.call((c) => c.admin.access.list({}))).items.find((item) => item.id === r.id);
    expect(staff).toMatchObject({ buyerName: 'Gunnhild Gåttut', buyerEmail: r.buyer.email, ndaVersion: nda.version, ndaAcceptedFrom: r.buyer.browser.ip, keptUntil: ndaRecordKeptUntil(r.deletedAt).toISOString() });
    const seller = (await r.seller.browser.call((c) => c.access.forSeller())).find((item) => item.id === r.id);
    expect(seller).toMatchObject({ buyerName: 'Gunnhild Gåttut', buyerEmail: r.buyer.email, ndaVersion: nda.version, message: null, documentsOpen: false });
    expect(JSON.stringify(seller)).not.toContain(r.buyer.browser.ip);
  });

  it('outlives the 30-day retention of network addresses, and the job deletes it when the term ends (twice is once)', async () => {
    const r = await deletedBuyer();
    expect(STEPS.map(([name]) => name)).toContain('ndaRecords');
    await runHousekeeping(db, new Date(r.deletedAt.getTime() + 40 * 24 * 60 * 60 * 1000));
    const until = ndaRecordKeptUntil(r.deletedAt);
    await deleteEndedNdaRecords(db, new Date(until.getTime() - 1));
    expect((await db.select({ from: accessRequests.ndaAcceptedFrom }).from(accessRequests).where(eq(accessRequests.id, r.id)))[0]).toEqual({ from: r.buyer.browser.ip });
    const after = new Date(until.getTime() + 1);
    const [first, second] = await Promise.all([deleteEndedNdaRecords(db, after), deleteEndedNdaRecords(db, after)]);
    expect(first.deleted + second.deleted).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(accessRequests).where(eq(accessRequests.id, r.id))).toEqual([]);
    expect((await deleteEndedNdaRecords(db, after)).deleted).toBe(0);
  });

  it('a request from before names were recorded gets them from the account at the deletion', async () => {
    const h = createHarness();
    const [seller, buyer] = await Promise.all([signedInUser(h), signedInUser(h)]);
    await buyer.browser.call((c) => c.profile.update({ fullName: 'Eldre Rad', companyName: null, phone: null }));
    const listingId = await createListing(seller.userId, { confidential: true });
    const id = crypto.randomUUID();
    await db.insert(accessRequests).values({ id, listingId, buyerId: buyer.userId, ndaVersion: '2026-11-1', ndaAcceptedAt: new Date(), ndaAcceptedFrom: '10.1.2.3' });
    await buyer.browser.call((c) => c.profile.deleteAccount({ password: buyer.password }));
    expect((await db.select().from(accessRequests).where(eq(accessRequests.id, id)))[0]).toMatchObject({ ndaName: 'Eldre Rad', ndaEmail: buyer.email, ndaAcceptedFrom: '10.1.2.3' });
  });
});
