import { count, eq, lt, sql } from 'drizzle-orm';
import { listingViews, listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Context } from '../context';
import { affectedRows, type Database } from '../db/client';
import { networkKey } from '../http/network';

/**
 * Who is viewing: the signed-in user, else the visitor's network (decision record 016).
 * A cookie would be the client's word: dropping or forging it made every request a new visitor.
 */
export function visitorKey(ctx: Pick<Context, 'user' | 'ip'>): string {
  return ctx.user ? visitorKeyOf(ctx.user.id) : networkKey(ctx.ip);
}

/** A signed-in user's views are kept under this key (the export reads them by it). */
export const visitorKeyOf = (userId: string) => `u:${userId}`;

/**
 * Counts a view at most once per visitor, listing and (UTC) day, and never the owner's own.
 * INSERT IGNORE on the (listing, visitor, day) key decides, so parallel requests count once.
 */
export async function recordView(ctx: Context, listingId: string): Promise<{ counted: boolean }> {
  const [row] = await ctx.db.select({ ownerId: listings.ownerId, isPublic: listings.isPublic }).from(listings).where(eq(listings.id, listingId));
  if (!row?.isPublic || row.ownerId === ctx.user?.id) return { counted: false };
  const day = new Date().toISOString().slice(0, 10);
  const inserted = await ctx.db.insert(listingViews).ignore().values({ listingId, visitorKey: visitorKey(ctx), day });
  if (affectedRows(inserted) !== 1) return { counted: false };
  // This listing's row only (decision 058). A view is no edit: 'Sist endret' (updatedAt) stays.
  await ctx.db
    .update(listings)
    .set({ views: sql`${listings.views} + 1`, updatedAt: sql`${listings.updatedAt}` })
    .where(eq(listings.id, listingId));
  return { counted: true };
}

/**
 * Days of rows kept: today and the 29 before it — exactly the days /statistikk shows. A row holds
 * a visitor's network address (visitorKey) from some time on its day, so a row of the day 30 days
 * ago is deleted by the first run of today: no address is kept 30 days (decision 089).
 */
export const VIEW_DAYS_KEPT = 30;

/** The oldest day kept; rows of earlier days are folded into views_archived and deleted. */
function cutoffDay(now: Date): string {
  return new Date(now.getTime() - (VIEW_DAYS_KEPT - 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Deletes view rows older than VIEW_DAYS_KEPT days, first adding what they counted to each listing's
 * views_archived, so `views = views_archived + rows` still holds afterwards (decision 058). The old
 * rows are locked first: a second run at the same time waits, then finds none and counts nothing twice.
 */
export async function pruneViews(db: Database, now = new Date()): Promise<number> {
  const cutoff = cutoffDay(now);
  return db.transaction(async (tx) => {
    const [old] = await tx.select({ n: count() }).from(listingViews).where(lt(listingViews.day, cutoff)).for('update');
    if (!old?.n) return 0;
    await tx.execute(sql`
      UPDATE listings SET
        views_archived = views_archived + (SELECT COUNT(*) FROM listing_views v WHERE v.listing_id = listings.id AND v.day < ${cutoff}),
        updated_at = updated_at
      WHERE id IN (SELECT listing_id FROM listing_views WHERE day < ${cutoff})`);
    return affectedRows(await tx.delete(listingViews).where(lt(listingViews.day, cutoff)));
  });
}

/**
 * Sets every listing's views to views_archived + its rows in listing_views: what is known about
 * its views. Absolute, not relative, so running it twice changes nothing the second time; it
 * repairs counts a faulty write moved (`npm run ops -- recount-views`, README). Returns the
 * listings whose count changed.
 */
export async function recountViews(db: Database): Promise<number> {
  const known = sql`views_archived + (SELECT COUNT(*) FROM listing_views v WHERE v.listing_id = listings.id)`;
  // Every listing is checked on purpose: the repair cannot know which counts a faulty write moved.
  return affectedRows(await db.execute(sql`UPDATE listings SET views = ${known}, updated_at = updated_at WHERE views <> ${known}`));
}
