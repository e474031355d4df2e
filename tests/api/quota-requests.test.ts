import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLogs } from '@bedriftstorget/core/admin/admin.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { quotaRequests } from '@bedriftstorget/core/profile/quota-request.sql';
import { adminQuotaRequests, quotaRequestMail } from '@bedriftstorget/core/texts/admin';
import { quotaRequestTexts, wizard } from '@bedriftstorget/core/texts/seller';
import { signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser } from './harness';
import { unlabelledKeys } from './export-summary-words';

/**
 * 'Be om flere annonser' (decision 141): the quota's way forward. A seller asks for more; staff see it
 * in /admin/brukere and answer with a new limit and plan, or a decline, always with a note the user
 * is mailed; the answer is logged, kept in the export and erased with the account.
 */
const rowsOf = (userId: string) => db.select().from(quotaRequests).where(eq(quotaRequests.userId, userId));

describe('seller.requestMoreListings', () => {
  it('stores one waiting request, refuses a second while it waits and a number no higher than the limit; Mine annonser shows plan and request', async () => {
    const h = createHarness();
    const seller = await signedInUser(h);
    await expect(seller.browser.call((c) => c.seller.requestMoreListings({ wanted: 3 }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: quotaRequestTexts.wantedNotMore(3) });
    await expect(seller.browser.call((c) => c.seller.requestMoreListings({ wanted: 0 }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: quotaRequestTexts.wantedInvalid });
    expect(await rowsOf(seller.userId)).toEqual([]);

    await seller.browser.call((c) => c.seller.requestMoreListings({ wanted: 8, message: '  Jeg selger tre kafeer.  ' }));
    await expect(seller.browser.call((c) => c.seller.requestMoreListings({ wanted: 9 }))).rejects.toMatchObject({ code: 'CONFLICT', message: quotaRequestTexts.alreadyOpen });
    expect(await rowsOf(seller.userId)).toMatchObject([{ wanted: 8, message: 'Jeg selger tre kafeer.', status: 'open', openFor: seller.userId }]);
    expect(await seller.browser.call((c) => c.seller.mine())).toMatchObject({ plan: 'free', maxListings: 3, quotaRequest: { status: 'open', wanted: 8, answerNote: null } });
  });

  it('two sends at once store one', async () => {
    const h = createHarness();
    const seller = await signedInUser(h);
    const results = await Promise.allSettled([5, 6, 7].map((wanted) => seller.browser.call((c) => c.seller.requestMoreListings({ wanted }))));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await rowsOf(seller.userId)).toHaveLength(1);
  });
});

describe('admin.users.answerRequest', () => {
  it('a grant raises the limit and plan, mails the note, logs it, closes the request; the seller can submit again', async () => {
    const h = createHarness();
    const staff = await signedInAdmin(h);
    const seller = await signedInUser(h);
    for (let i = 0; i < 3; i += 1) await createListing(seller.userId, { status: 'active' });
    await seller.browser.call((c) => c.seller.requestMoreListings({ wanted: 10, message: 'Flere kafeer.' }));
    const listed = await staff.browser.call((c) => c.admin.users.list({ q: seller.email, requests: true }));
    const request = listed.items[0]!.openRequest!;
    expect(request).toMatchObject({ wanted: 10, message: 'Flere kafeer.' });
    const others = await staff.browser.call((c) => c.admin.users.list({ q: staff.email, requests: true }));
    expect(others.items).toEqual([]);

    // A grant needs the new limit and plan, and every answer a note: refused answers change nothing.
    await expect(staff.browser.call((c) => c.admin.users.answerRequest({ id: request.id, decision: 'grant', plan: 'pro', note: 'Ok.' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: adminQuotaRequests.maxInvalid });
    await expect(staff.browser.call((c) => c.admin.users.answerRequest({ id: request.id, decision: 'grant', maxListings: 10, plan: 'pro', note: ' ' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: adminQuotaRequests.noteRequired });
    expect(await rowsOf(seller.userId)).toMatchObject([{ status: 'open' }]);

    await staff.browser.call((c) => c.admin.users.answerRequest({ id: request.id, decision: 'grant', maxListings: 10, plan: 'pro', note: 'Velkommen som Pro.' }));
    const [profile] = await db.select({ maxListings: profiles.maxListings, plan: profiles.plan }).from(profiles).where(eq(profiles.id, seller.userId));
    expect(profile).toEqual({ maxListings: 10, plan: 'pro' });
    expect(await rowsOf(seller.userId)).toMatchObject([{ status: 'granted', openFor: null, grantedMax: 10, grantedPlan: 'pro', answerNote: 'Velkommen som Pro.', answeredBy: staff.userId }]);
    const mail = h.mailer.last(seller.email);
    expect(mail).toMatchObject({ subject: quotaRequestMail.grantedSubject, links: [`${h.config.appUrl}/legg-ut-annonse`] });
    expect(mail.text).toContain('Melding fra Bedriftstorget: Velkommen som Pro.');
    const [entry] = await db.select().from(adminLogs).where(eq(adminLogs.targetId, seller.userId));
    expect(entry).toMatchObject({ action: adminQuotaRequests.loggedAction, adminId: staff.userId });
    expect(await seller.browser.call((c) => c.seller.mine())).toMatchObject({ plan: 'pro', maxListings: 10, quotaUsed: 3, quotaRequest: { status: 'granted', answerNote: 'Velkommen som Pro.' } });
    // Answered once: a second answer is refused; and the seller may ask again.
    await expect(staff.browser.call((c) => c.admin.users.answerRequest({ id: request.id, decision: 'decline', note: 'Nei.' }))).rejects.toMatchObject({ code: 'CONFLICT', message: adminQuotaRequests.alreadyAnswered });
    await seller.browser.call((c) => c.seller.requestMoreListings({ wanted: 20 }));
    expect((await seller.browser.call((c) => c.seller.mine())).quotaRequest).toMatchObject({ status: 'open', wanted: 20 });
  });

  it('a decline keeps the limit and mails the note; an unknown request is a Norwegian not-found', async () => {
    const h = createHarness();
    const staff = await signedInAdmin(h);
    const seller = await signedInUser(h);
    await seller.browser.call((c) => c.seller.requestMoreListings({ wanted: 100 }));
    const [row] = await rowsOf(seller.userId);
    await staff.browser.call((c) => c.admin.users.answerRequest({ id: row!.id, decision: 'decline', note: 'Send oss regnskapene først.' }));
    expect(h.mailer.last(seller.email)).toMatchObject({ subject: quotaRequestMail.declinedSubject, text: quotaRequestMail.declinedText(3, 'Send oss regnskapene først.', `${h.config.appUrl}/mine-annonser`) });
    expect(await seller.browser.call((c) => c.seller.mine())).toMatchObject({ maxListings: 3, plan: 'free', quotaRequest: { status: 'declined', answerNote: 'Send oss regnskapene først.' } });
    await expect(staff.browser.call((c) => c.admin.users.answerRequest({ id: crypto.randomUUID(), decision: 'decline', note: 'Nei.' }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: adminQuotaRequests.notFound });
  });

  it('the quota refusal of a submit points to the request, not to an upgrade', () => {
    expect(wizard.quotaText(3)).not.toContain('Oppgrader');
    expect(wizard.quotaText(3)).toContain('Be om flere annonser');
  });
});

describe('export and deletion', () => {
  it("'Last ned mine data' holds the requests and answers; 'Slett konto' erases them", async () => {
    const h = createHarness();
    const staff = await signedInAdmin(h);
    const seller = await signedInUser(h);
    await seller.browser.call((c) => c.seller.requestMoreListings({ wanted: 12, message: 'Sesongbedrifter.' }));
    const [row] = await rowsOf(seller.userId);
    await staff.browser.call((c) => c.admin.users.answerRequest({ id: row!.id, decision: 'decline', note: 'Ikke nå.' }));
    const data = await seller.browser.call((c) => c.profile.exportData());
    expect(unlabelledKeys(data), 'fields oversikt.html has no words for').toEqual([]);
    expect(data.quotaRequests).toMatchObject([{ wanted: 12, message: 'Sesongbedrifter.', status: 'declined', answerNote: 'Ikke nå.' }]);
    await seller.browser.call((c) => c.profile.deleteAccount({ password: seller.password }));
    expect(await rowsOf(seller.userId)).toEqual([]);
  });
});
