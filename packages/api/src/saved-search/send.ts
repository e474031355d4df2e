import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { publicLocation } from '@bedriftstorget/core/listing/public-location';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import type { SavedFilters } from '@bedriftstorget/core/saved-search/schemas';
import type { Services } from '../context';
import { affectedRows } from '../db/client';
import { retryOnDeadlock } from '../db/errors';
import { enqueueMail } from '../mail/outbox';
import { partsOf } from './match';
import { alertMailForSections, type AlertItem, type AlertSection } from './alert-mail';

/** Users mailed per run (each one mail for all their due searches); the rest go in the next run (every 15 minutes). */
const BATCH = 200;
/** A run's claim on a search, held only inside its transaction; kept as a bound should one ever leak. */
const CLAIM_MS = 10 * 60 * 1000;
/** Daily digests go from this hour, Oslo time, once per day. */
const DIGEST_HOUR = 7;

function osloOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Oslo', timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** Today's digest time (07:00 in Oslo) as an instant. */
export function digestTime(now: Date): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const wall = new Date(`${day}T${String(DIGEST_HOUR).padStart(2, '0')}:00:00Z`);
  return new Date(wall.getTime() - osloOffsetMinutes(wall) * 60_000);
}

/** 'Straks' at every run; 'Daglig' after today's digest time when today's digest has not gone. */
function dueCondition(now: Date) {
  const digest = digestTime(now);
  const instant = eq(savedSearches.alerts, 'instant');
  if (now < digest) return instant;
  return or(instant, and(eq(savedSearches.alerts, 'daily'), or(isNull(savedSearches.lastSentAt), lt(savedSearches.lastSentAt, digest))));
}

export { alertMailFor, alertMailForSections } from './alert-mail';

/** The listings stamped in (seen, pending] that browse would show for this search now, oldest stamp first. */
async function newListings(db: Pick<Services['db'], 'select'>, search: { userId: string; filters: SavedFilters; seenSeq: number; pendingSeq: number; alertsSince: Date }): Promise<AlertItem[]> {
  // Browse's WHERE is the AND of these parts (decision 052): the same listings browse shows.
  const browse = [...partsOf(search.filters).values()].map((build) => build());
  const rows = await db
    .select({ listingId: listings.id, title: listings.title, price: listings.price, location: listings.location, confidential: listings.confidential })
    .from(listings)
    .where(
      and(
        gt(listings.alertSeq, search.seenSeq),
        lte(listings.alertSeq, search.pendingSeq),
        ne(listings.ownerId, search.userId),
        // Only what was published since the alerts were turned on (saved, or on again after 'Aldri'): a listing
        // approved just before may be stamped just after. No publish time, no proof it is news (decision 089).
        gte(listings.publishedAt, search.alertsSince),
        ...browse,
      ),
    )
    .orderBy(asc(listings.alertSeq));
  // A confidential sale is announced with its county, never the town (decision 099).
  return rows.map(({ confidential, ...item }) => ({ ...item, location: publicLocation({ location: item.location, confidential }) }));
}

/**
 * The job's second half: one mail per user with news, however many of their searches have some
 * (decision 089). Per user, one transaction claims each due search with a conditional UPDATE
 * (decision 003), in id order so two runs lock alike, reads what each names, queues the one mail
 * in the outbox (decision 070) and moves each watermark to the `pending_seq` it read under the
 * claim (decision 082) — what this run saw, never "now": a listing stamped after that read raises
 * `pending_seq` again and goes in the next mail. Two runs at once queue each mail once; a listing
 * is never announced twice, because a watermark only grows.
 */
export async function sendSavedSearchAlerts(services: Pick<Services, 'db' | 'config'>, now = new Date()): Promise<{ queued: number }> {
  const { db } = services;
  const dueNow = and(isNotNull(savedSearches.pendingSeq), dueCondition(now));
  const owners = await db.selectDistinct({ userId: savedSearches.userId }).from(savedSearches).where(dueNow).limit(BATCH);
  let queued = 0;
  for (const { userId } of owners) {
    const claimUntil = new Date(now.getTime() + CLAIM_MS);
    // A deadlock's victim is rolled back whole (its claims and its mail too): the whole transaction runs again.
    // Read before the transaction, on purpose: its first statements must be the claims. A plain read
    // first would fix the transaction's snapshot before a claim waits for another run's commit, and
    // the mail would then miss what that run raised while the watermark moved past it.
    const due = await db.select({ id: savedSearches.id }).from(savedSearches).where(and(eq(savedSearches.userId, userId), dueNow)).orderBy(asc(savedSearches.id));
    const mailed = await retryOnDeadlock(() => db.transaction(async (tx) => {
      const claimed: string[] = [];
      for (const { id } of due) {
        const claim = await tx
          .update(savedSearches)
          .set({ sendingUntil: claimUntil })
          .where(and(eq(savedSearches.id, id), dueNow, or(isNull(savedSearches.sendingUntil), lt(savedSearches.sendingUntil, now))));
        if (affectedRows(claim) === 1) claimed.push(id);
      }
      if (claimed.length === 0) return false;
      const searches = await tx
        .select({
          id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name, filters: savedSearches.filters, alerts: savedSearches.alerts, unsubscribeToken: savedSearches.unsubscribeToken,
          seenSeq: savedSearches.seenSeq, pendingSeq: savedSearches.pendingSeq, createdAt: savedSearches.createdAt, alertsSince: savedSearches.alertsSince, email: users.email,
        })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(inArray(savedSearches.id, claimed))
        .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
      const sections: AlertSection[] = [];
      for (const search of searches) {
        const seen = search.pendingSeq;
        // A listing taken down since it matched is not in browse's answer: passed over, not announced.
        const items = seen !== null ? await newListings(tx, { ...search, pendingSeq: seen, alertsSince: search.alertsSince ?? search.createdAt }) : [];
        if (items.length) sections.push({ search, items });
        await tx
          .update(savedSearches)
          .set({ sendingUntil: null, ...(seen !== null ? { seenSeq: seen, pendingSeq: null } : {}), ...(items.length ? { lastSentAt: now } : {}) })
          .where(eq(savedSearches.id, search.id));
      }
      if (sections.length === 0) return false;
      await enqueueMail(tx, { kind: 'saved_search', ...alertMailForSections(services.config.appUrl, searches[0]!.email, sections) }, now);
      return true;
    }));
    if (mailed) queued += 1;
  }
  return { queued };
}
