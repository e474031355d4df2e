import { asc, eq, inArray, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pruneViews, recountViews, VIEW_DAYS_KEPT } from '@bedriftstorget/api/listing/views';
import { listings, listingViews } from '@bedriftstorget/core/listing/listing.sql';
import { createListing } from './fixtures';
import { Browser, createHarness, db, signedInUser } from './harness';

/**
 * Views are counted into one listing's row only, and the count can always be rebuilt from what is
 * known: views = views_archived + the listing's rows in listing_views (decision 058).
 */
async function everyOtherListing(except: string) {
  return db.select({ id: listings.id, views: listings.views, updatedAt: listings.updatedAt }).from(listings).where(ne(listings.id, except)).orderBy(asc(listings.id));
}

async function countsOf(ids: string[]) {
  const rows = await db.select({ id: listings.id, views: listings.views, archived: listings.viewsArchived }).from(listings).where(inArray(listings.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, { views: row.views, archived: row.archived }]));
}

const DAY_MS = 86_400_000;
const dayBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);

describe('a counted view', () => {
  it('moves the viewed listing by one and leaves every other listing as it was', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const viewed = await createListing(userId, { views: 7 });
    // Neighbours of every kind: public, pending, sold, with and without views.
    await createListing(userId, { views: 3 });
    await createListing(userId, { status: 'pending' });
    await createListing(userId, { status: 'sold', views: 40 });
    const [before] = await db.select({ updatedAt: listings.updatedAt }).from(listings).where(eq(listings.id, viewed));
    const others = await everyOtherListing(viewed);
    expect(others.length).toBeGreaterThanOrEqual(3);

    expect(await new Browser(h).call((c) => c.listing.recordView({ id: viewed }))).toEqual({ counted: true });

    expect(await everyOtherListing(viewed)).toEqual(others);
    const [after] = await db.select({ views: listings.views, updatedAt: listings.updatedAt }).from(listings).where(eq(listings.id, viewed));
    expect(after).toEqual({ views: 8, updatedAt: before!.updatedAt });
  });
});

describe('who counts as a visitor', () => {
  it('counts each signed-in user apart, even from one network', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const id = await createListing(userId);
    for (let i = 0; i < 2; i += 1) {
      const { browser } = await signedInUser(h);
      const sameNetwork = new Browser(h, '10.20.30.40');
      sameNetwork.cookies = browser.cookies;
      expect(await sameNetwork.call((c) => c.listing.recordView({ id }))).toEqual({ counted: true });
    }
    expect((await countsOf([id]))[id]!.views).toBe(2);
  });

  it('counts nothing, and does not fail, for a listing that does not exist', async () => {
    const h = createHarness();
    expect(await new Browser(h).call((c) => c.listing.recordView({ id: crypto.randomUUID() }))).toEqual({ counted: false });
  });
});

describe('recountViews (npm run ops -- recount-views)', () => {
  it('rebuilds every count from views_archived and the view rows, and a second run changes nothing', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const a = await createListing(userId);
    const b = await createListing(userId);
    const c = await createListing(userId, { status: 'pending' });
    const today = new Date().toISOString().slice(0, 10);
    await db.insert(listingViews).values([
      { listingId: a, visitorKey: 'v:1', day: today },
      { listingId: a, visitorKey: 'v:2', day: today },
      { listingId: b, visitorKey: 'v:1', day: today },
    ]);
    // What the faulty UPDATE left behind: counts moved on listings nobody viewed.
    await db.update(listings).set({ views: 1000, viewsArchived: 10 }).where(eq(listings.id, a));
    await db.update(listings).set({ views: 1000 }).where(eq(listings.id, b));
    await db.update(listings).set({ views: 1000 }).where(eq(listings.id, c));

    expect(await recountViews(db)).toBeGreaterThanOrEqual(3);
    expect(await countsOf([a, b, c])).toEqual({ [a]: { views: 12, archived: 10 }, [b]: { views: 1, archived: 0 }, [c]: { views: 0, archived: 0 } });
    expect(await recountViews(db)).toBe(0);
    expect(await countsOf([a, b, c])).toEqual({ [a]: { views: 12, archived: 10 }, [b]: { views: 1, archived: 0 }, [c]: { views: 0, archived: 0 } });
  });
});

describe('pruning old view rows', () => {
  it(`folds rows older than ${VIEW_DAYS_KEPT} days into views_archived, so the count stays and can still be rebuilt`, async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const now = new Date();
    const a = await createListing(userId, { views: 4, viewsArchived: 1 });
    const b = await createListing(userId, { views: 1 });
    await db.insert(listingViews).values([
      { listingId: a, visitorKey: 'v:old1', day: dayBefore(now, VIEW_DAYS_KEPT + 3) },
      { listingId: a, visitorKey: 'v:old2', day: dayBefore(now, VIEW_DAYS_KEPT + 1) },
      { listingId: a, visitorKey: 'v:new', day: dayBefore(now, 2) },
      { listingId: b, visitorKey: 'v:new', day: dayBefore(now, VIEW_DAYS_KEPT - 1) },
    ]);
    // Two runs at once (the job is safe to run twice): the old rows are counted once.
    const pruned = await Promise.all([pruneViews(db, now), pruneViews(db, now)]);
    expect(Math.min(...pruned)).toBe(0);
    expect(Math.max(...pruned)).toBeGreaterThanOrEqual(2);
    expect(await countsOf([a, b])).toEqual({ [a]: { views: 4, archived: 3 }, [b]: { views: 1, archived: 0 } });
    const left = await db.select({ key: listingViews.visitorKey }).from(listingViews).where(inArray(listingViews.listingId, [a, b]));
    expect(left.map((row) => row.key).sort()).toEqual(['v:new', 'v:new']);
    await recountViews(db);
    expect(await countsOf([a, b])).toEqual({ [a]: { views: 4, archived: 3 }, [b]: { views: 1, archived: 0 } });
  });
});
