import { and, eq, lt, sql } from 'drizzle-orm';
import { listingViews, listings } from '@bedriftstorget/core/listing/listing.sql';
import { setHttpOnlyCookie } from '../auth/session';
import type { Context } from '../context';
import { affectedRows, type Database } from '../db/client';

const VISITOR_COOKIE = 'bt_vid';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Who is viewing: the user, or a random id kept in an httpOnly cookie for visitors. */
function visitorKey(ctx: Context): string {
  if (ctx.user) return `u:${ctx.user.id}`;
  const existing = ctx.cookies[VISITOR_COOKIE];
  if (existing && /^[0-9a-f-]{36}$/.test(existing)) return `v:${existing}`;
  const id = crypto.randomUUID();
  setHttpOnlyCookie(ctx, VISITOR_COOKIE, id, YEAR_SECONDS);
  return `v:${id}`;
}

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
  await ctx.db.update(listings).set({ views: sql`${listings.views} + 1` }).where(eq(listings.id, listingId));
  return { counted: true };
}

/** Yesterday's rows still guard today's count near midnight; older ones only take space. */
export async function pruneViews(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return affectedRows(await db.delete(listingViews).where(and(lt(listingViews.day, cutoff))));
}
