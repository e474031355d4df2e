/**
 * 'Slett konto' (decision 088), the rows it keeps and whom it refuses: staff naming an account that
 * does not exist, an eraser who is not staff; the Taushetserklæring's record named as the account was
 * (decision 100); the inquiries and valuations kept without the person's name and address.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eraseAccount } from '@bedriftstorget/api/privacy/delete';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { leads } from '@bedriftstorget/core/message/message.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import { adminUsers } from '@bedriftstorget/core/texts/admin';
import { admin as adminTexts } from '@bedriftstorget/core/texts/nb';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { db, signedInUser } from './harness';
import { harness } from './seller-helpers';

async function deletedAt(userId: string) {
  const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return row?.deletedAt ?? null;
}

describe('who may delete', () => {
  it('tells staff an unknown account is not found, in Norwegian', async () => {
    const h = harness();
    const admin = await signedInAdmin(h);
    await expect(admin.browser.call((c) => c.admin.users.remove({ id: crypto.randomUUID() }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: adminUsers.notFound });
  });

  it('refuses an eraser who is not staff, even while other admins exist, and deletes nothing', async () => {
    const h = harness();
    await signedInAdmin(h);
    const [notStaff, target] = await Promise.all([signedInUser(h), signedInUser(h)]);
    await expect(eraseAccount(h, target.userId, { kind: 'admin', adminId: notStaff.userId })).rejects.toMatchObject({ code: 'FORBIDDEN', message: adminTexts.noAccessText });
    expect(await deletedAt(target.userId)).toBeNull();
    expect(await target.browser.call((c) => c.auth.me())).toMatchObject({ id: target.userId });
  });
});

describe('what stays, named as it was', () => {
  /** A request from before names were recorded with the acceptance (ndaName and ndaEmail NULL). */
  async function olderRequest(buyerId: string) {
    const seller = await signedInUser(harness());
    const listingId = await createListing(seller.userId, { confidential: true });
    const acceptedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 86_400_000);
    const [row] = await db.insert(accessRequests).values({ listingId, buyerId, status: 'granted', message: 'Gammel forespørsel', ndaVersion: nda.version, ndaAcceptedAt: acceptedAt, ndaAcceptedFrom: '203.0.113.7', answeredAt: acceptedAt }).$returningId();
    return { id: row!.id, acceptedAt };
  }

  it("keeps the Taushetserklæring's record under the person's name, else the firm's, with the exact address, version and time", async () => {
    const h = harness();
    const [person, firm] = await Promise.all([signedInUser(h), signedInUser(h)]);
    await person.browser.call((c) => c.profile.update({ fullName: 'Petra Personnavn', companyName: 'Petras Firma AS', phone: null }));
    await firm.browser.call((c) => c.profile.update({ fullName: null, companyName: 'Bare Firma AS', phone: null }));
    const [personRequest, firmRequest] = [await olderRequest(person.userId), await olderRequest(firm.userId)];

    await eraseAccount(h, person.userId, { kind: 'self' });
    await eraseAccount(h, firm.userId, { kind: 'self' });
    const [kept] = await db.select().from(accessRequests).where(eq(accessRequests.id, personRequest.id));
    expect(kept).toMatchObject({ ndaName: 'Petra Personnavn', ndaEmail: person.email, ndaVersion: nda.version, ndaAcceptedAt: personRequest.acceptedAt, ndaAcceptedFrom: '203.0.113.7', message: null });
    const [keptFirm] = await db.select().from(accessRequests).where(eq(accessRequests.id, firmRequest.id));
    expect(keptFirm).toMatchObject({ ndaName: 'Bare Firma AS', ndaEmail: firm.email, ndaAcceptedAt: firmRequest.acceptedAt, message: null });
  });

  it('keeps the inquiries for the seller and the valuations for staff without the name and address', async () => {
    const h = harness();
    const [buyer, seller] = await Promise.all([signedInUser(h), signedInUser(h)]);
    const listingId = await createListing(seller.userId, { status: 'active' });
    await buyer.browser.call((c) => c.message.sendInquiry({ listingId, message: 'Kan jeg se tallene?', name: 'Vilde Verdi' }));
    await buyer.browser.call((c) => c.valuation.estimate({ industry: 'services', revenue: 2_000_000, profit: 400_000, email: buyer.email }));
    const before = await db.select().from(valuationRequests).where(eq(valuationRequests.userId, buyer.userId));
    expect(before).toHaveLength(1);

    await eraseAccount(h, buyer.userId, { kind: 'self' });
    const inquiries = await db.select({ name: leads.buyerName, email: leads.buyerEmail, message: leads.message }).from(leads).where(eq(leads.listingId, listingId));
    expect(inquiries).toEqual([{ name: '', email: '', message: 'Kan jeg se tallene?' }]);
    const [valuation] = await db.select().from(valuationRequests).where(eq(valuationRequests.id, before[0]!.id));
    expect(valuation).toMatchObject({ email: null, userId: null, industry: 'services' });
  });
});
