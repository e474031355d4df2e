import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { accessAnswer, accessRequest as texts, nda } from '@bedriftstorget/core/texts/access';
import { userChannel } from '@bedriftstorget/api/realtime/channels';
import type { RealtimeEvent } from '@bedriftstorget/api/realtime/channels';
import { signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller } from './harness';
import { outboxTo } from './mail-helpers';
import { unlabelledKeys } from './export-summary-words';
import { ADMIN_PAGE_SIZE } from '@bedriftstorget/core/admin/rules';

/**
 * 'Be om tilgang' and the Taushetserklæring (decision 096): who may ask and answer, what is stored
 * (the version, time and network address of the acceptance), the mails, and the account's export
 * and deletion.
 */
const h = createHarness();
let seller: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

type Who = { browser: { call: typeof seller.browser.call } };
const ask = (who: Who, listingId: string, extra: Record<string, unknown> = {}) =>
  who.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version, ...extra } as never));
const refusal = (call: Promise<unknown>) => call.then(() => ({ code: 'OK', message: '' }), (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));
const confidentialListing = (overrides: Parameters<typeof createListing>[1] = {}) => createListing(seller.userId, { status: 'active', confidential: true, title: 'Hemmelig kafé', ...overrides });
const requestRow = async (listingId: string, buyerId: string) => (await db.select().from(accessRequests).where(eq(accessRequests.listingId, listingId))).find((row) => row.buyerId === buyerId);
const requestId = async (listingId: string, buyerId = buyer.userId) => (await requestRow(listingId, buyerId))!.id;

beforeAll(async () => {
  [seller, buyer, other, admin] = await Promise.all([signedInUser(h), signedInUser(h), signedInUser(h), signedInAdmin(h)]);
  await db.update(profiles).set({ fullName: 'Kari Kjøper' }).where(eq(profiles.id, buyer.userId));
});

describe('asking for access', () => {
  it('needs the box ticked: refused in Norwegian, nothing stored', async () => {
    const listingId = await confidentialListing();
    for (const extra of [{ acceptNda: false }, { acceptNda: undefined }]) {
      expect(await refusal(ask(buyer, listingId, extra))).toEqual({ code: 'BAD_REQUEST', message: texts.acceptRequired });
    }
    expect(await refusal(ask(buyer, listingId, { ndaVersion: '2020-01-1' }))).toEqual({ code: 'BAD_REQUEST', message: texts.acceptRequired });
    expect(await requestRow(listingId, buyer.userId)).toBeUndefined();
  });

  it('stores the Taushetserklæring’s version, the time and the caller’s network address; the buyer sees it pending; the seller is mailed and told live', async () => {
    const listingId = await confidentialListing({ title: 'Kafé med hemmeligheter' });
    const events: RealtimeEvent[] = [];
    const stop = h.realtime.subscribe(userChannel(seller.userId), (event) => events.push(event));
    const before = Date.now();
    expect(await ask(buyer, listingId, { message: '  Jeg vil gjerne se regnskapet.  ' })).toEqual({ status: 'pending' });
    stop();
    const row = await requestRow(listingId, buyer.userId);
    expect(row).toMatchObject({ status: 'pending', message: 'Jeg vil gjerne se regnskapet.', ndaVersion: nda.version, ndaAcceptedFrom: buyer.browser.ip, answeredAt: null });
    expect(row!.ndaAcceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await buyer.browser.call((c) => c.access.mine({ listingId }))).toMatchObject({ status: 'pending' });
    expect(await other.browser.call((c) => c.access.mine({ listingId }))).toBeNull();
    const mails = (await outboxTo(seller.email)).filter((mail) => mail.kind === 'access_request');
    expect(mails.at(-1)?.subject).toContain('Kafé med hemmeligheter');
    expect(mails.at(-1)?.body).toContain('Kari Kjøper');
    expect(mails.at(-1)?.body).toContain('Jeg vil gjerne se regnskapet.');
    expect(events.map((event) => event.type)).toContain('access.changed');
  });

  it('once per buyer and listing: a second request is refused and the first acceptance stays as it was', async () => {
    const listingId = await confidentialListing();
    await ask(buyer, listingId);
    const first = await requestRow(listingId, buyer.userId);
    expect(await refusal(ask(buyer, listingId, { message: 'Igjen' }))).toEqual({ code: 'CONFLICT', message: texts.alreadyRequested });
    await seller.browser.call((c) => c.access.decline({ id: first!.id }));
    expect(await refusal(ask(buyer, listingId))).toEqual({ code: 'CONFLICT', message: texts.answered });
    expect(await requestRow(listingId, buyer.userId)).toMatchObject({ ndaAcceptedAt: first!.ndaAcceptedAt, ndaAcceptedFrom: first!.ndaAcceptedFrom, message: null, status: 'declined' });
  });

  it('visitors are refused; the owner cannot ask for their own', async () => {
    const listingId = await confidentialListing();
    expect((await refusal(visitorCaller(h).access.request({ listingId, acceptNda: true, ndaVersion: nda.version }))).code).toBe('UNAUTHORIZED');
    expect(await refusal(ask(seller, listingId))).toEqual({ code: 'BAD_REQUEST', message: texts.ownListing });
  });

  it('only public listings for sale that are confidential or have documents take requests; one not public is not found', async () => {
    const plain = await createListing(seller.userId, { status: 'active' });
    expect(await refusal(ask(buyer, plain))).toEqual({ code: 'BAD_REQUEST', message: texts.notOffered });
    const withDocuments = await createListing(seller.userId, { status: 'active' });
    await db.update(listings).set({ documentCount: 2 }).where(eq(listings.id, withDocuments));
    expect(await ask(buyer, withDocuments)).toEqual({ status: 'pending' });
    const sold = await confidentialListing({ status: 'sold' });
    expect(await refusal(ask(buyer, sold))).toEqual({ code: 'BAD_REQUEST', message: texts.notForSale });
    for (const status of ['pending', 'archived', 'rejected', 'expired'] as const) {
      expect((await refusal(ask(buyer, await confidentialListing({ status })))).code).toBe('NOT_FOUND');
    }
    expect((await refusal(ask(buyer, crypto.randomUUID()))).code).toBe('NOT_FOUND');
    const underOffer = await confidentialListing({ underOfferAt: new Date() });
    expect(await ask(buyer, underOffer)).toEqual({ status: 'pending' });
  });

  it('a message longer than 1000 characters is refused in Norwegian', async () => {
    const listingId = await confidentialListing();
    expect(await refusal(ask(buyer, listingId, { message: 'x'.repeat(1001) }))).toEqual({ code: 'BAD_REQUEST', message: texts.messageTooLong });
  });
});

describe('answering', () => {
  it('the owner sees the request with name, e-mail, message and date, and grants it: the buyer has access and is mailed', async () => {
    const listingId = await confidentialListing({ title: 'Verksted til salgs' });
    await ask(buyer, listingId, { message: 'Hei!' });
    const list = await seller.browser.call((c) => c.access.forSeller());
    expect(list.find((row) => row.listingId === listingId)).toMatchObject({ buyerName: 'Kari Kjøper', buyerEmail: buyer.email, message: 'Hei!', status: 'pending', ndaVersion: nda.version, listingTitle: 'Verksted til salgs' });
    const id = await requestId(listingId);
    expect(await seller.browser.call((c) => c.access.grant({ id }))).toEqual({ status: 'granted' });
    expect(await buyer.browser.call((c) => c.access.mine({ listingId }))).toMatchObject({ status: 'granted' });
    expect((await requestRow(listingId, buyer.userId))!.answeredAt).not.toBeNull();
    const mail = (await outboxTo(buyer.email)).filter((row) => row.kind === 'access_answer').at(-1);
    expect(mail?.subject).toContain('Verksted til salgs');
    expect(mail?.links).toEqual([`${h.config.appUrl}/bedrift/${listingId}`]);
  });

  it('another user and the buyer cannot answer: not found, nothing changes', async () => {
    const listingId = await confidentialListing();
    await ask(buyer, listingId);
    const id = await requestId(listingId);
    for (const who of [other, buyer]) {
      for (const answer of ['grant', 'decline', 'withdraw'] as const) {
        expect(await refusal(who.browser.call((c) => c.access[answer]({ id })))).toEqual({ code: 'NOT_FOUND', message: texts.notFound });
      }
    }
    expect((await other.browser.call((c) => c.access.forSeller())).some((row) => row.id === id)).toBe(false);
    expect(await requestRow(listingId, buyer.userId)).toMatchObject({ status: 'pending', answeredAt: null });
  });

  it('decline mails the buyer; grant after a grant is a no-op; withdraw only after a grant, and the seller may grant again', async () => {
    const listingId = await confidentialListing({ title: 'Butikk i sentrum' });
    await ask(buyer, listingId);
    const id = await requestId(listingId);
    expect(await refusal(seller.browser.call((c) => c.access.withdraw({ id })))).toEqual({ code: 'BAD_REQUEST', message: accessAnswer.notGranted });
    await seller.browser.call((c) => c.access.decline({ id }));
    expect(await buyer.browser.call((c) => c.access.mine({ listingId }))).toMatchObject({ status: 'declined' });
    expect((await outboxTo(buyer.email)).filter((row) => row.kind === 'access_answer').at(-1)?.subject).toContain('Butikk i sentrum');
    expect(await refusal(seller.browser.call((c) => c.access.decline({ id })))).toEqual({ code: 'OK', message: '' });
    await seller.browser.call((c) => c.access.grant({ id }));
    const mails = (await outboxTo(buyer.email)).length;
    await seller.browser.call((c) => c.access.grant({ id }));
    expect((await outboxTo(buyer.email)).length).toBe(mails);
    expect(await seller.browser.call((c) => c.access.withdraw({ id }))).toEqual({ status: 'withdrawn' });
    expect(await buyer.browser.call((c) => c.access.mine({ listingId }))).toMatchObject({ status: 'withdrawn' });
    expect(await refusal(seller.browser.call((c) => c.access.decline({ id })))).toEqual({ code: 'BAD_REQUEST', message: accessAnswer.notPending });
  });
});

describe('staff, export and deletion', () => {
  it('staff see who accepted which version, when and from where', async () => {
    const listingId = await confidentialListing();
    await ask(other, listingId);
    const list = await admin.browser.call((c) => c.admin.access.list({}));
    expect(list.items.find((row) => row.listingId === listingId)).toMatchObject({ buyerEmail: other.email, ndaVersion: nda.version, ndaAcceptedFrom: other.browser.ip, status: 'pending', answeredAt: null, keptUntil: null });
    expect((await refusal(seller.browser.call((c) => c.admin.access.list({})))).code).toBe('FORBIDDEN');
  });

  it('staff page through every record, 25 at a time, newest first, none twice', async () => {
    const listingIds = await Promise.all(Array.from({ length: ADMIN_PAGE_SIZE + 2 }, () => confidentialListing()));
    const start = Date.now() + 60_000;
    await db.insert(accessRequests).values(listingIds.map((listingId, i) => ({ listingId, buyerId: other.userId, ndaVersion: nda.version, ndaAcceptedAt: new Date(), ndaAcceptedFrom: '10.0.0.1', createdAt: new Date(start + i * 1000) })));
    const first = await admin.browser.call((c) => c.admin.access.list({}));
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.items.slice(0, 3).map((row) => row.listingId)).toEqual(listingIds.slice(-3).reverse());
    const second = await admin.browser.call((c) => c.admin.access.list({ cursor: first.nextCursor! }));
    expect(second.items.slice(0, 2).map((row) => row.listingId)).toEqual(listingIds.slice(0, 2).reverse());
    expect(second.items.map((row) => row.id)).not.toEqual(expect.arrayContaining(first.items.map((row) => row.id).slice(0, 1)));
  });

  it('‘Last ned mine data’ holds the buyer’s requests with the accepted Taushetserklæring, and the seller’s received ones', async () => {
    const listingId = await confidentialListing();
    await ask(buyer, listingId, { message: 'Til eksporten' });
    const mine = await buyer.browser.call((c) => c.profile.exportData());
    expect(mine.accessRequestsSent.find((row) => row.listingId === listingId)).toMatchObject({ status: 'pending', message: 'Til eksporten', ndaVersion: nda.version, ndaAcceptedFrom: buyer.browser.ip });
    const theirs = await seller.browser.call((c) => c.profile.exportData());
    expect(unlabelledKeys([mine, theirs]), 'fields oversikt.html has no words for').toEqual([]);
    const received = theirs.accessRequestsReceived.find((row) => row.listingId === listingId);
    expect(received).toMatchObject({ status: 'pending', message: 'Til eksporten' });
    expect(JSON.stringify(received)).not.toContain(buyer.browser.ip);
  });

  it('‘Slett konto’ keeps the buyer’s acceptance only as its record (nda-records.test.ts); a deleted seller’s listings take theirs along', async () => {
    const leaving = await signedInUser(h);
    const listingId = await confidentialListing();
    await ask(leaving, listingId, { message: 'Slettes med kontoen' });
    await leaving.browser.call((c) => c.profile.deleteAccount({ password: leaving.password }));
    expect(await requestRow(listingId, leaving.userId)).toMatchObject({ ndaEmail: leaving.email, ndaVersion: nda.version, ndaAcceptedFrom: leaving.browser.ip, message: null, keptUntil: expect.any(Date) as unknown });
    const kept = (await seller.browser.call((c) => c.access.forSeller())).find((row) => row.listingId === listingId);
    expect(kept).toMatchObject({ buyerEmail: leaving.email, message: null, keptUntil: expect.any(String) as unknown });

    const leavingSeller = await signedInUser(h);
    const theirs = await createListing(leavingSeller.userId, { status: 'active', confidential: true });
    await ask(buyer, theirs);
    await leavingSeller.browser.call((c) => c.profile.deleteAccount({ password: leavingSeller.password }));
    expect(await requestRow(theirs, buyer.userId)).toBeUndefined();
  });
});
