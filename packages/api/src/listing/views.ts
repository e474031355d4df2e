import { and, eq, lt, sql } from 'drizzle-orm';
import { listingViews, listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Context } from '../context';
import { affectedRows, type Database } from '../db/client';

/**
 * Who is viewing: the signed-in user, else the visitor's network address (decision record 016).
 * A cookie would be the client's word: dropping or forging it made every request a new visitor.
 * IPv6 counts by its /64, which one household or phone gets whole.
 */
export function visitorKey(ctx: Pick<Context, 'user' | 'ip'>): string {
  if (ctx.user) return `u:${ctx.user.id}`;
  const ip = ctx.ip.replace(/^::ffff:/, '');
  if (!ip.includes(':')) return `ip:${ip}`;
  const groups = ip.split('::')[0]!.split(':');
  const head = ip.includes('::') && groups.length < 4 ? [...groups, ...Array<string>(4 - groups.length).fill('0')] : groups;
  return `ip6:${head.slice(0, 4).map((g) => g.toLowerCase() || '0').join(':')}::/64`;
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
  await ctx.db.update(listings).set({ views: sql`${listings.views} + 1`, updatedAt: sql`${listings.updatedAt}` }) // a view is no edit: 'Sist endret' stays.where(eq(listings.id, listingId));
  return { counted: true };
}

/** The rows are also the sellers' views per day (/statistikk shows 30 days); older ones only take space. */
export const VIEW_DAYS_KEPT = 31;

export async function pruneViews(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - VIEW_DAYS_KEPT * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return affectedRows(await db.delete(listingViews).where(and(lt(listingViews.day, cutoff))));
}
