import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runReviewQueue } from '@bedriftstorget/api/admin/review-queue';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { rejectDialog, reviewMail } from '@bedriftstorget/core/texts/admin';
import { hoursBefore, seen } from './admin-helpers';
import { db, deliverMail, type MemoryMailer } from './harness';
import { edit, published, revisions, row, type World } from './revision-helpers';
import { fields } from './seller-helpers';

/**
 * Decision 087: a waiting revision is part of the review promise (the 20-hour alert), an admin's
 * edit made while it waits survives its approval, and the seller sees a rejection's reason.
 */
const alertsAbout = (mailer: MemoryMailer, adminEmail: string, id: string) => mailer.to(adminEmail).filter((mail) => mail.links.some((l) => l.endsWith(`/bedrift/${id}`)));
const submittedBefore = (id: string, at: Date) => db.update(listingRevisions).set({ submittedAt: at }).where(eq(listingRevisions.listingId, id));
const mineItem = async (w: World) => (await w.browser.call((c) => c.seller.mine())).items.find((item) => item.id === w.id)!;

describe('the review alert', () => {
  it('alerts the admins once about a revision waiting 20 hours from its submission, counts it overdue after 24, and again after a new save', async () => {
    const near = await published('active');
    const young = await published('sold');
    await edit(near, 'Endring som har ventet lenge');
    await edit(young, 'Endring som er ganske ny');
    const now = new Date();
    await submittedBefore(near.id, hoursBefore(now, 20.5));
    await submittedBefore(young.id, hoursBefore(now, 19.9));
    const admin = near.admin;

    const first = await runReviewQueue(near.h, now);
    await deliverMail(near.h, now);
    expect(first.alerted).toBeGreaterThanOrEqual(1);
    expect(alertsAbout(near.h.mailer, admin.email, near.id)).toHaveLength(1);
    expect(alertsAbout(near.h.mailer, admin.email, young.id)).toHaveLength(0);
    expect(alertsAbout(near.h.mailer, admin.email, near.id)[0]!.text).toContain(`${reviewMail.alertRevisionTitle(`Godkjent ${near.word}`)} (20 timer)`);
    expect((await revisions(near.id))[0]!.reviewAlertedAt).toEqual(now);
    // The listing itself is public and waits for nothing: its own alert mark stays unset.
    expect((await row(near.id)).reviewAlertedAt).toBeNull();

    // Claimed: a rerun sends nothing more about it.
    await runReviewQueue(near.h, now);
    await deliverMail(near.h, now);
    expect(alertsAbout(near.h.mailer, admin.email, near.id)).toHaveLength(1);

    // Past the promise (the default setting) it is overdue: exactly one more than when it was fresh.
    await submittedBefore(near.id, hoursBefore(now, DEFAULT_SETTINGS.reviewPromiseHours + 6));
    const overdue = (await runReviewQueue(near.h, now)).overdue;
    await submittedBefore(near.id, hoursBefore(now, 1));
    expect(overdue - (await runReviewQueue(near.h, now)).overdue).toBe(1);

    // A new save is a new submission: the clock and the alert start again.
    await edit(near, 'Endring som ble lagret på nytt');
    expect((await revisions(near.id))[0]!.reviewAlertedAt).toBeNull();
    const later = new Date(Date.now() + 21 * 3_600_000);
    await runReviewQueue(near.h, later);
    await deliverMail(near.h, later);
    expect(alertsAbout(near.h.mailer, admin.email, near.id)).toHaveLength(2);
    expect(alertsAbout(near.h.mailer, admin.email, young.id)).toHaveLength(1);
  });
});

describe("an admin's edit while a revision waits", () => {
  it('survives the approval: the fields staff changed stay theirs, the ones only the seller changed become public', async () => {
    const w = await published('active');
    await edit(w, 'Selgerens nye tittel');
    // The dialog sends every field back; staff change the price and the description.
    const { rawStatus: _raw, id: _id, ...dialog } = await w.admin.browser.call((c) => c.admin.listings.get({ id: w.id }));
    const staffText = `${fields.description} Rettet av Bedriftstorget.`;
    await w.admin.browser.call((c) => c.admin.listings.update({ id: w.id, patch: { ...dialog, price: 1_950_000, description: staffText } }));
    // The seller's wizard opens the revision: staff's changes are in it.
    expect(await w.browser.call((c) => c.seller.forEdit({ id: w.id }))).toMatchObject({ title: 'Selgerens nye tittel', price: 1_950_000, description: staffText, pendingRevision: true });

    await w.admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([w.id])) }));
    expect(await row(w.id)).toMatchObject({ title: 'Selgerens nye tittel', price: 1_950_000, description: staffText, status: 'active' });
  });

  it('that changes no text leaves the revision as the seller saved it', async () => {
    const w = await published('active');
    await edit(w, 'Selgerens andre tittel');
    const [before] = await revisions(w.id);
    await w.admin.browser.call((c) => c.admin.listings.update({ id: w.id, patch: { featured: true } }));
    expect((await revisions(w.id))[0]!.fields).toEqual(before!.fields);
  });
});

describe('a rejection in Mine annonser', () => {
  it("of a listing shows the reason and note until it is sent in again", async () => {
    const w = await published('pending');
    expect((await mineItem(w)).rejection).toBeNull();
    await w.admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([w.id])), reason: 'incomplete', note: 'Legg ved regnskapstall.' }));
    expect(await mineItem(w)).toMatchObject({ status: 'rejected', rejection: { reason: rejectDialog.reasons.incomplete, note: 'Legg ved regnskapstall.' } });
    await edit(w, 'Rettet og sendt inn igjen');
    expect(await mineItem(w)).toMatchObject({ status: 'pending', rejection: null });
  });

  it("of a revision shows its reason on the public listing until a newer revision waits or is approved", async () => {
    const w = await published('active');
    await edit(w, 'Første forslag til endring');
    await w.admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([w.id])), reason: 'misleading' }));
    expect(await mineItem(w)).toMatchObject({ status: 'active', pendingRevision: false, rejection: { reason: rejectDialog.reasons.misleading, note: null } });
    // Another user's rejection is not theirs to see.
    expect((await w.admin.browser.call((c) => c.seller.mine())).items.some((item) => item.id === w.id)).toBe(false);

    await edit(w, 'Andre forslag til endring');
    expect(await mineItem(w)).toMatchObject({ pendingRevision: true, rejection: null });
    await w.admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([w.id])) }));
    expect(await mineItem(w)).toMatchObject({ title: 'Andre forslag til endring', pendingRevision: false, rejection: null });
  });
});
