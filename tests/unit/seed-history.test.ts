import { describe, expect, it } from 'vitest';
import { generatedListings, sampleListings } from '../../infra/seed/data';
import { seededListings, seedReviews, seedViewEvents, viewCounters, wasPublished } from '../../infra/seed/history';

const now = new Date('2026-11-25T12:00:00Z');
const rows = seededListings([...sampleListings, ...generatedListings()], now);

describe('the seed has a history for the statistics pages', () => {
  const events = seedViewEvents(rows, now);

  it('gives public listings views in the last 30 days, within their counters and after publication', () => {
    const day30 = new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
    for (const { id, listing, decidedAt: published } of rows) {
      expect(published === null).toBe(listing.status === 'pending');
      const own = events.filter((event) => event.listingId === id);
      expect(own.length).toBeLessThanOrEqual(listing.views);
      if (listing.status !== 'active' && listing.status !== 'sold') expect(own).toHaveLength(0);
      for (const event of own) {
        expect(event.day >= published!.toISOString().slice(0, 10) && event.day >= day30).toBe(true);
        expect(event.day <= now.toISOString().slice(0, 10)).toBe(true);
      }
    }
    // One row per visitor, listing and day, as the primary key demands.
    expect(new Set(events.map((event) => `${event.listingId}|${event.visitorKey}|${event.day}`)).size).toBe(events.length);
    // Enough that the chart has a shape: most days of the 30 have views.
    expect(new Set(events.map((event) => event.day)).size).toBeGreaterThan(20);
  });

  it('gives each listing a counter that recountViews rebuilds: archived views plus events; none before publication', () => {
    const counters = viewCounters(rows, events, now);
    const day30 = new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
    for (const { id, listing, decidedAt: published } of rows) {
      const own = events.filter((event) => event.listingId === id).length;
      const { views, archived } = counters.get(id)!;
      expect(archived).toBeGreaterThanOrEqual(0);
      expect(archived + own).toBe(views);
      // Statistics that could happen: the last 30 days never more than in total…
      expect(own).toBeLessThanOrEqual(views);
      // …no views older than 30 days on a listing published within them…
      if (published && published.toISOString().slice(0, 10) >= day30) expect(archived).toBe(0);
      // …and nothing on a listing never published.
      if (!wasPublished(listing)) expect(views).toBe(0);
    }
    // Listings published long ago keep views older than the 30 days, so the two columns differ.
    expect([...counters.values()].some(({ archived }) => archived > 0)).toBe(true);
  });

  it('has no inquiries on a listing never published, and a publication date exactly for those that were', () => {
    for (const { listing, decidedAt } of rows) {
      if (!wasPublished(listing)) expect(listing.leadsCount).toBe(0);
      expect(decidedAt !== null).toBe(listing.status !== 'pending');
    }
    expect(rows.some(({ listing }) => listing.status === 'pending')).toBe(true);
  });

  it('has one review per listing that has been through review, none for pending ones, some past 24 hours', () => {
    const reviews = seedReviews(rows, 'admin');
    expect(reviews).toHaveLength(rows.filter((row) => row.listing.status !== 'pending').length);
    for (const review of reviews) expect(review.decidedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    // Decided after the listing was sent in, not at the same moment: new listings and approvals are two curves.
    const waits = reviews.map((review) => (review.decidedAt.getTime() - review.submittedAt.getTime()) / 3_600_000);
    expect(Math.min(...waits)).toBeGreaterThan(0);
    expect(waits.filter((hours) => hours > 24).length).toBeGreaterThan(0);
    expect(waits.filter((hours) => hours <= 24).length).toBeGreaterThan(waits.length / 2);
  });
});
