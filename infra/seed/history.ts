import type { listingViews } from '@bedriftstorget/core/listing/listing.sql';
import type { listingReviews } from '@bedriftstorget/core/settings/settings.sql';
import type { SeedListing } from './data';

/**
 * What a fresh install has already lived through, so /statistikk and /admin/statistikk show real
 * curves from the first start instead of flat zeros: view events of the last 30 days for public
 * listings, and one review decision for each listing that has had one. Deterministic (the same
 * install every time), so the demo and the browser tests see the same numbers.
 */
export interface SeededListing {
  id: string;
  listing: SeedListing;
  createdAt: Date;
  /** When its review was decided (see decidedAt); null while pending. */
  decidedAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** As /statistikk shows them: the last 30 days, today included. */
const VIEW_DAYS = 30;
/** Hours each review waited, in turn: mostly well inside the promise (48 hours by default), now and then near or past 24. */
const REVIEW_WAIT_HOURS = [2, 5, 9, 3, 14, 20, 7, 29, 4, 11];

/**
 * The seed's listings with their times: created `ageHours` ago, and (unless pending) decided after
 * the hours their review waited, cut short at `now` for a listing sent in only hours ago. An
 * approved listing was published when it was decided.
 */
export function seededListings(all: SeedListing[], now: Date): SeededListing[] {
  return all.map((listing, n) => {
    const createdAt = new Date(now.getTime() - listing.ageHours * HOUR_MS);
    const waited = REVIEW_WAIT_HOURS[n % REVIEW_WAIT_HOURS.length]! * HOUR_MS;
    const decidedAt = listing.status === 'pending' ? null : new Date(Math.min(createdAt.getTime() + waited, now.getTime()));
    return { id: crypto.randomUUID(), listing, createdAt, decidedAt };
  });
}

/**
 * View events (one row per visitor, listing and day, as recordView writes them) for each public
 * listing, a few a day since it was published, never more in all than the listing's own counter,
 * which counts the same events (older ones are pruned after 31 days in a real install).
 */
export function seedViewEvents(rows: SeededListing[], now: Date): (typeof listingViews.$inferInsert)[] {
  const events: (typeof listingViews.$inferInsert)[] = [];
  for (const [n, { id, listing, decidedAt: published }] of rows.entries()) {
    if ((listing.status !== 'active' && listing.status !== 'sold') || !published) continue;
    let left = listing.views;
    for (let back = 0; back < VIEW_DAYS && left > 0; back += 1) {
      const day = new Date(now.getTime() - back * DAY_MS);
      const iso = day.toISOString().slice(0, 10);
      if (iso < published.toISOString().slice(0, 10)) break; // not seen before it was published
      // A weekly rhythm plus a listing's own level, so the chart has a shape and listings differ.
      const weekday = day.getUTCDay();
      const perDay = Math.min(left, ((n * 7 + back * 3) % 4) + (weekday === 0 || weekday === 6 ? 0 : 2));
      for (let visitor = 0; visitor < perDay; visitor += 1) events.push({ listingId: id, visitorKey: `seed:${n}:${visitor}`, day: iso });
      left -= perDay;
    }
  }
  return events;
}

/** Whether a listing has ever been public: approved at some point (active, sold, or taken down since). */
export function wasPublished(listing: SeedListing): boolean {
  return listing.status !== 'pending' && listing.status !== 'rejected';
}

/**
 * Each listing's view counter and the part of it older than the events above (decision 058): the
 * counter is the archived views plus its events, as `recountViews` rebuilds it. Only a listing
 * published before the events' 30 days can have older views; one published since has exactly its
 * events, so 'last 30 days' is never more than 'in total' and nothing was seen before publication.
 */
export function viewCounters(rows: SeededListing[], events: (typeof listingViews.$inferInsert)[], now: Date): Map<string, { views: number; archived: number }> {
  const own = new Map<string, number>();
  for (const event of events) own.set(event.listingId, (own.get(event.listingId) ?? 0) + 1);
  const firstDay = new Date(now.getTime() - (VIEW_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return new Map(rows.map(({ id, listing, decidedAt: published }) => {
    const recent = own.get(id) ?? 0;
    const older = wasPublished(listing) && published && published.toISOString().slice(0, 10) < firstDay ? Math.max(0, listing.views - recent) : 0;
    return [id, { views: older + recent, archived: older }];
  }));
}

/**
 * One decision per listing that has been through review (published, sold, archived after being
 * public, or rejected), with the submission it answered. Pending ones have none.
 */
export function seedReviews(rows: SeededListing[], adminId: string): (typeof listingReviews.$inferInsert)[] {
  return rows.flatMap(({ id, listing, createdAt, decidedAt: decided }) =>
    decided ? [{ listingId: id, adminId, decision: listing.status === 'rejected' ? ('reject' as const) : ('approve' as const), submittedAt: createdAt, decidedAt: decided }] : [],
  );
}
