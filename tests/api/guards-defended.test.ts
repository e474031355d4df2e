import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasAccess } from '@bedriftstorget/api/access/has-access';
import { PUBLIC_CACHE } from '@bedriftstorget/api/http/cache-policy';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { consents, sessions, users } from '@bedriftstorget/core/auth/auth.sql';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser } from './harness';

/**
 * Guards that breaking on purpose showed no test defended: each test here fails when its guard goes.
 */
const h = createHarness();

async function room() {
  const [seller, granted, withdrawn, declined, waiting] = await Promise.all([signedInUser(h), signedInUser(h), signedInUser(h), signedInUser(h), signedInUser(h)]);
  const listingId = await createListing(seller.userId, { confidential: true, title: 'Verksted med regnskap' });
  const document = (status: 'ready' | 'pending', title: string) =>
    db.insert(listingDocuments).values({ listingId, ownerId: seller.userId, status, storageKey: `documents/${listingId}/${crypto.randomUUID()}.pdf`, title, fileName: 'a.pdf', size: 1000, pages: 2 });
  await document('ready', 'Årsregnskap 2025');
  await document('pending', 'Ikke sjekket ennå');
  const requestId = async (buyer: typeof seller) => {
    await buyer.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version }));
    return (await seller.browser.call((c) => c.access.forSeller())).find((row) => row.listingId === listingId && row.buyerEmail === buyer.email)!.id;
  };
  for (const buyer of [granted, withdrawn]) {
    const id = await requestId(buyer);
    await seller.browser.call((c) => c.access.grant({ id }));
    if (buyer === withdrawn) await seller.browser.call((c) => c.access.withdraw({ id }));
  }
  const declinedId = await requestId(declined);
  await seller.browser.call((c) => c.access.decline({ id: declinedId }));
  await requestId(waiting);
  const titles = (who: typeof seller) => who.browser.call((c) => c.dataRoom.list({ listingId })).then((list) => list.documents.map((d) => d.title), (error: { code: string }) => error.code);
  return { seller, granted, withdrawn, declined, waiting, listingId, titles };
}

describe("the data room follows the request's status", () => {
  it('only a granted buyer has access: withdrawn, declined and waiting buyers have none', async () => {
    const r = await room();
    const access = await Promise.all([r.granted, r.withdrawn, r.declined, r.waiting].map((buyer) => hasAccess(db, r.listingId, buyer.userId)));
    expect(access).toEqual([true, false, false, false]);
    expect(await r.titles(r.withdrawn)).toBe('NOT_FOUND');
    expect(await r.titles(r.declined)).toBe('NOT_FOUND');
  });

  it("lists only documents the server has checked ('ready'), to the buyer and the owner alike", async () => {
    const r = await room();
    expect(await r.titles(r.granted)).toEqual(['Årsregnskap 2025']);
    expect(await r.titles(r.seller)).toEqual(['Årsregnskap 2025']);
  });
});

describe('a public batch never reads the session cookie', () => {
  it('a session due for its sliding refresh gets no Set-Cookie on a cacheable answer; a private call refreshes it', async () => {
    const user = await signedInUser(h);
    // Past half its lifetime: Lucia refreshes it on the next read.
    await db.update(sessions).set({ expiresAt: new Date(Date.now() + 24 * 3_600_000) }).where(eq(sessions.id, user.browser.sessionId!));
    const cookie = `${h.auth.sessionCookieName}=${user.browser.sessionId}`;
    const publicBatch = await handleTrpc(h, new Request(`${h.config.appUrl}/trpc/listing.landing,auth.providers?batch=1&input=${encodeURIComponent('{}')}`, { headers: { cookie } }), '10.7.0.1');
    expect([publicBatch.headers.get('cache-control'), publicBatch.headers.getSetCookie()]).toEqual([PUBLIC_CACHE, []]);
    const forged = await handleTrpc(h, new Request(`${h.config.appUrl}/trpc/listing.landing?batch=1&input=${encodeURIComponent('{}')}`, { headers: { cookie: `${h.auth.sessionCookieName}=ukjent` } }), '10.7.0.1');
    expect(forged.headers.getSetCookie()).toEqual([]);
    const me = await handleTrpc(h, new Request(`${h.config.appUrl}/trpc/auth.me`, { headers: { cookie } }), '10.7.0.1');
    expect(me.headers.getSetCookie().join()).toContain(user.browser.sessionId!);
  });
});

describe("'Slett konto' leaves no way in and no consent", () => {
  it('clears the password hash and deletes the consent rows', async () => {
    const user = await signedInUser(h);
    expect((await db.select().from(consents).where(eq(consents.userId, user.userId))).length).toBeGreaterThan(0);
    await user.browser.call((c) => c.profile.deleteAccount({ password: user.password }));
    const [row] = await db.select({ hash: users.passwordHash, googleId: users.googleId }).from(users).where(eq(users.id, user.userId));
    expect(row).toEqual({ hash: null, googleId: null });
    expect(await db.select().from(consents).where(eq(consents.userId, user.userId))).toEqual([]);
  });
});
