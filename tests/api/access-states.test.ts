import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isGranted } from '@bedriftstorget/api/access/has-access';
import { ACCESS_CHANGED } from '@bedriftstorget/api/access/notify';
import { userChannel } from '@bedriftstorget/api/realtime/channels';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { accessMail, accessRequest as texts, nda } from '@bedriftstorget/core/texts/access';
import { createListing } from './fixtures';
import { Browser, createHarness, db, signedInUser, uniqueEmail } from './harness';

/**
 * What each side is told of a request while its state changes (decisions 096, 101), and that every
 * answer reaches the other person at once — mailed now, not at the job's next run, and an event on
 * both people's channels — and only once. Breaking any of these on purpose went unnoticed before.
 */
const h = createHarness();
type User = Awaited<ReturnType<typeof signedInUser>>;
let seller: User;

beforeAll(async () => {
  seller = await signedInUser(h);
});

const refusal = (call: Promise<unknown>) => call.then(() => ({ code: 'OK', message: '' }), (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));

async function requested(title = 'Regnskapsbyrå i vekst') {
  const buyer = await signedInUser(h);
  const listingId = await createListing(seller.userId, { status: 'active', confidential: true, title });
  await buyer.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version }));
  const [row] = await db.select({ id: accessRequests.id }).from(accessRequests).where(eq(accessRequests.listingId, listingId));
  return { buyer, listingId, id: row!.id, title };
}

/** The seller's row, the buyer's own view of it and the grant as the listing page reads it. */
async function views(r: Awaited<ReturnType<typeof requested>>) {
  const row = (await seller.browser.call((c) => c.access.forSeller())).find((item) => item.id === r.id)!;
  const mine = await r.buyer.browser.call((c) => c.access.mine({ listingId: r.listingId }));
  const viewer = await r.buyer.browser.call((c) => c.listing.viewer({ id: r.listingId }));
  return {
    seller: { forSale: row.forSale, documentsOpen: row.documentsOpen, answered: typeof row.answeredAt },
    buyer: { status: mine?.status, documentsOpen: mine?.documentsOpen },
    granted: await isGranted(db, r.listingId, r.buyer.userId),
    disclosed: viewer.disclosure !== null,
  };
}

/** Events on both people's channels while `act` runs. */
async function events(r: { buyer: User }, act: () => Promise<unknown>) {
  const seen: string[] = [];
  const stops = [seller, r.buyer].map((who) => h.realtime.subscribe(userChannel(who.userId), (event) => seen.push(`${who === seller ? 'seller' : 'buyer'}:${event.type}`)));
  await act();
  for (const stop of stops) stop();
  return seen.sort();
}

describe('what the seller and the buyer are told of a request', () => {
  it('waiting, granted, withdrawn, and granted again after the sale: documents open only while granted and for sale, or reopened', async () => {
    const r = await requested();
    expect(await views(r)).toEqual({ seller: { forSale: true, documentsOpen: false, answered: 'object' }, buyer: { status: 'pending', documentsOpen: false }, granted: false, disclosed: false });
    await seller.browser.call((c) => c.access.grant({ id: r.id }));
    expect(await views(r)).toEqual({ seller: { forSale: true, documentsOpen: true, answered: 'string' }, buyer: { status: 'granted', documentsOpen: true }, granted: true, disclosed: true });
    await seller.browser.call((c) => c.access.withdraw({ id: r.id }));
    expect(await views(r)).toEqual({ seller: { forSale: true, documentsOpen: false, answered: 'string' }, buyer: { status: 'withdrawn', documentsOpen: false }, granted: false, disclosed: false });
    await seller.browser.call((c) => c.seller.markSold({ id: r.listingId }));
    await seller.browser.call((c) => c.access.grant({ id: r.id }));
    expect(await views(r)).toEqual({ seller: { forSale: false, documentsOpen: true, answered: 'string' }, buyer: { status: 'granted', documentsOpen: true }, granted: true, disclosed: true });
  });

  it('a granted buyer who asks again is told the request exists, not that it was answered', async () => {
    const r = await requested();
    await seller.browser.call((c) => c.access.grant({ id: r.id }));
    expect(await refusal(r.buyer.browser.call((c) => c.access.request({ listingId: r.listingId, acceptNda: true, ndaVersion: nda.version })))).toEqual({ code: 'CONFLICT', message: texts.alreadyRequested });
  });
});

describe('each answer reaches the other person at once, and only once', () => {
  it('the request is mailed to the seller now, with the link to /mine-annonser', async () => {
    const r = await requested('Bakeri med kunder');
    const mail = h.mailer.last(seller.email);
    expect([mail.subject, mail.links]).toEqual([accessMail.requestSubject('Bakeri med kunder'), [`${h.config.appUrl}/mine-annonser`]]);
    expect(mail.text).toContain(r.buyer.email);
  });

  it('grant and decline: the buyer is mailed its own answer now and both are told live; a repeat sends and tells nothing', async () => {
    const link = (r: { listingId: string }) => [`${h.config.appUrl}/bedrift/${r.listingId}`];
    const granted = await requested('Frisør i sentrum');
    expect(await events(granted, () => seller.browser.call((c) => c.access.grant({ id: granted.id })))).toEqual([`buyer:${ACCESS_CHANGED}`, `seller:${ACCESS_CHANGED}`]);
    expect([h.mailer.last(granted.buyer.email).subject, h.mailer.last(granted.buyer.email).links]).toEqual([accessMail.grantedSubject('Frisør i sentrum'), link(granted)]);
    const mailed = h.mailer.to(granted.buyer.email).length;
    expect(await events(granted, () => seller.browser.call((c) => c.access.grant({ id: granted.id })))).toEqual([]);
    expect(h.mailer.to(granted.buyer.email)).toHaveLength(mailed);

    const declined = await requested('Blomsterbutikk');
    expect(await events(declined, () => seller.browser.call((c) => c.access.decline({ id: declined.id })))).toEqual([`buyer:${ACCESS_CHANGED}`, `seller:${ACCESS_CHANGED}`]);
    expect([h.mailer.last(declined.buyer.email).subject, h.mailer.last(declined.buyer.email).links]).toEqual([accessMail.declinedSubject('Blomsterbutikk'), link(declined)]);
  });

  it('a withdrawal is told live but not mailed; reopening after the sale is mailed now, once', async () => {
    const r = await requested('Sykkelverksted');
    await seller.browser.call((c) => c.access.grant({ id: r.id }));
    const mailed = h.mailer.to(r.buyer.email).length;
    expect(await events(r, () => seller.browser.call((c) => c.access.withdraw({ id: r.id })))).toEqual([`buyer:${ACCESS_CHANGED}`, `seller:${ACCESS_CHANGED}`]);
    expect(h.mailer.to(r.buyer.email)).toHaveLength(mailed);

    const sold = await requested('Kiosk ved kaia');
    await seller.browser.call((c) => c.access.grant({ id: sold.id }));
    await seller.browser.call((c) => c.seller.markSold({ id: sold.listingId }));
    expect(await events(sold, () => seller.browser.call((c) => c.access.reopen({ id: sold.id })))).toEqual([`buyer:${ACCESS_CHANGED}`, `seller:${ACCESS_CHANGED}`]);
    expect([h.mailer.last(sold.buyer.email).subject, h.mailer.last(sold.buyer.email).links]).toEqual([accessMail.reopenedSubject('Kiosk ved kaia'), [`${h.config.appUrl}/bedrift/${sold.listingId}`]]);
    expect(await events(sold, () => seller.browser.call((c) => c.access.reopen({ id: sold.id })))).toEqual([]);
  });
});

describe('a request from odd but valid input', () => {
  it('a buyer named only by a long address: the record keeps the first 100 characters of the name', async () => {
    const local = `k${'j'.repeat(139)}`;
    const buyer = await signedInUser(h, uniqueEmail(local));
    const listingId = await createListing(seller.userId, { status: 'active', confidential: true });
    expect(await buyer.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version }))).toEqual({ status: 'pending' });
    const [row] = await db.select({ ndaName: accessRequests.ndaName }).from(accessRequests).where(eq(accessRequests.listingId, listingId));
    expect(row!.ndaName).toBe(local.slice(0, 100));
  });

  it('a network address longer than the column (an IPv6 with its zone) is cut, not a failure', async () => {
    const buyer = await signedInUser(h);
    const scoped = new Browser(h, `fe80::1%${'grensesnitt'.repeat(7)}`);
    scoped.cookies = new Map(buyer.browser.cookies);
    const listingId = await createListing(seller.userId, { status: 'active', confidential: true });
    expect(await scoped.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version }))).toEqual({ status: 'pending' });
    const [row] = await db.select({ from: accessRequests.ndaAcceptedFrom }).from(accessRequests).where(eq(accessRequests.listingId, listingId));
    expect(row!.from).toBe(scoped.ip.slice(0, 64));
  });
});

/**
 * Waits until another connection of this database runs its insert into access_requests: with the
 * other tab's row uncommitted, it can only wait there. The processlist, not innodb_trx: MariaDB
 * does not always list a transaction waiting on a duplicate-key check there (seen in CI: the insert
 * in state 'Update' for 20 s, innodb_trx showing only the holder).
 */
async function lockWaitOnRequests(): Promise<void> {
  for (let tries = 0; tries < 1000; tries += 1) {
    const waiting: unknown = await db.execute(sql`SELECT COUNT(*) AS n FROM information_schema.processlist
      WHERE db = DATABASE() AND id <> CONNECTION_ID() AND command IN ('Query', 'Execute') AND info LIKE 'insert into \`access_requests\`%'`);
    const [rows] = waiting as [{ n: number }[]];
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the request never reached its insert');
}

describe('two tabs asking at once', () => {
  it("the unique key keeps one request; the tab whose insert lost is told it exists, not a server error", async () => {
    const buyer = await signedInUser(h);
    const listingId = await createListing(seller.userId, { status: 'active', confidential: true });
    let second: Promise<{ code: string; message: string }> | undefined;
    await db.transaction(async (tx) => {
      // The other tab's row, not yet committed: this tab's read does not see it, and its insert waits on the key.
      await tx.insert(accessRequests).values({ id: crypto.randomUUID(), listingId, buyerId: buyer.userId, ndaVersion: nda.version, ndaAcceptedAt: new Date(), ndaAcceptedFrom: buyer.browser.ip });
      second = refusal(buyer.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version })));
      await lockWaitOnRequests();
    });
    expect(await second).toEqual({ code: 'CONFLICT', message: texts.alreadyRequested });
    expect(await db.select().from(accessRequests).where(eq(accessRequests.listingId, listingId))).toHaveLength(1);
  });
});
