import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import { createListing } from './fixtures';
import { createHarness, db, deliverMail, signedInUser } from './harness';
import { outboxTo } from './mail-helpers';

/**
 * 'Slett konto' and the seller's mail about the buyer's 'Be om tilgang' (decision 107): the buyer's
 * name, address and message leave the outbox at once, and a mail not yet sent is never sent.
 */
describe("a deleted buyer's access request in the seller's mail", () => {
  it('is scrubbed at once: the queued mail is never sent, and no row keeps the name, address or message', async () => {
    const h = createHarness();
    const [seller, buyer] = await Promise.all([signedInUser(h), signedInUser(h)]);
    await db.update(profiles).set({ fullName: 'Bente Bortreist' }).where(eq(profiles.id, buyer.userId));
    const listingId = await createListing(seller.userId, { status: 'active', confidential: true, title: 'Hemmelig bakeri' });
    const message = 'Jeg vil gjerne se regnskapet for 2024 før vi møtes.';
    await buyer.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version, message }));
    // SES was busy: the mail waits in the outbox for the job.
    const [queued] = (await outboxTo(seller.email)).filter((row) => row.kind === 'access_request');
    expect(queued?.body).toContain(message);
    await db.update(mailOutbox).set({ status: 'pending', sentAt: null }).where(eq(mailOutbox.id, queued!.id));
    const sentBefore = h.mailer.to(seller.email).length;

    await buyer.browser.call((c) => c.profile.deleteAccount({ password: buyer.password }));

    const [after] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.id, queued!.id)));
    expect(after?.status).toBe('suppressed');
    for (const needle of ['Bente Bortreist', buyer.email, message]) expect(JSON.stringify(after), needle).not.toContain(needle);
    await deliverMail(h);
    expect(h.mailer.to(seller.email)).toHaveLength(sentBefore);
  });
});
