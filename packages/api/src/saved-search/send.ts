import { and, asc, eq, gt, gte, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { formatNok } from '@bedriftstorget/core/format/nb';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { describeFilters } from '@bedriftstorget/core/saved-search/describe';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import type { SavedFilters } from '@bedriftstorget/core/saved-search/schemas';
import { letter } from '@bedriftstorget/core/texts/mail';
import { alertMail } from '@bedriftstorget/core/texts/saved-search';
import type { OutgoingMail } from '../adapters/mailer';
import type { Services } from '../context';
import { affectedRows } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { partsOf } from './match';
import { UNSUBSCRIBE_PATH } from './paths';

/** Searches mailed per run; the rest go in the next run (every 15 minutes). */
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

interface Item {
  listingId: string;
  title: string;
  price: number | null;
  location: string;
}

export function alertMailFor(appUrl: string, to: string, search: { name: string; filters: Parameters<typeof describeFilters>[0]; alerts: string; unsubscribeToken: string }, items: Item[]): OutgoingMail {
  const links = items.map((item) => `${appUrl}/bedrift/${item.listingId}`);
  const manage = `${appUrl}/lagrede-sok`;
  const off = `${appUrl}/varsel/av?t=${search.unsubscribeToken}`;
  const oneClick = `${appUrl}${UNSUBSCRIBE_PATH}?t=${search.unsubscribeToken}`;
  const lines = items.map((item, i) => alertMail.item(item.title, item.price === null ? alertMail.noPrice : formatNok(item.price), item.location, links[i]!));
  const subject = search.alerts === 'daily' ? alertMail.digestSubject(search.name, items.length) : alertMail.subject(search.name, items.length);
  return {
    to,
    subject,
    text: letter([alertMail.intro(search.name, describeFilters(search.filters)), lines.join('\n\n'), [alertMail.manage(manage), alertMail.unsubscribe(off)].join('\n')]),
    links: [...links, manage, off],
    // RFC 2369 and RFC 8058: mail programs show their own 'unsubscribe' and POST to it, no login.
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The listings stamped in (seen, pending] that browse would show for this search now, oldest stamp first. */
async function newListings(db: Pick<Services['db'], 'select'>, search: { userId: string; filters: SavedFilters; seenSeq: number; pendingSeq: number; createdAt: Date }): Promise<Item[]> {
  // Browse's WHERE is the AND of these parts (decision 052): the same listings browse shows.
  const browse = [...partsOf(search.filters).values()].map((build) => build());
  return db
    .select({ listingId: listings.id, title: listings.title, price: listings.price, location: listings.location })
    .from(listings)
    .where(
      and(
        gt(listings.alertSeq, search.seenSeq),
        lte(listings.alertSeq, search.pendingSeq),
        ne(listings.ownerId, search.userId),
        // Only what was approved after the search was saved (a listing approved just before may be stamped just after).
        or(isNull(listings.publishedAt), gte(listings.publishedAt, search.createdAt)),
        ...browse,
      ),
    )
    .orderBy(asc(listings.alertSeq));
}

/**
 * The job's second half: one mail per due search with something pending. Each search is claimed
 * with a conditional UPDATE (decision 003) in one transaction with its mail in the outbox (decision
 * 070) and its watermark moved to the `pending_seq` it read under the claim (decision 082) — what
 * this run saw, never "now": a listing stamped after that read raises `pending_seq` again and goes
 * in the next mail, and every stamp up to it was committed before it. Two runs at once queue each
 * mail once; a listing is never announced twice, because the watermark only grows.
 */
export async function sendSavedSearchAlerts(services: Pick<Services, 'db' | 'config'>, now = new Date()): Promise<{ queued: number }> {
  const { db } = services;
  const due = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(isNotNull(savedSearches.pendingSeq), dueCondition(now)))
    .limit(BATCH);
  let queued = 0;
  for (const { id } of due) {
    const claimUntil = new Date(now.getTime() + CLAIM_MS);
    const mailed = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(savedSearches)
        .set({ sendingUntil: claimUntil })
        .where(and(eq(savedSearches.id, id), isNotNull(savedSearches.pendingSeq), or(isNull(savedSearches.sendingUntil), lt(savedSearches.sendingUntil, now)), dueCondition(now)));
      if (affectedRows(claimed) !== 1) return false;
      const [search] = await tx
        .select({
          userId: savedSearches.userId, name: savedSearches.name, filters: savedSearches.filters, alerts: savedSearches.alerts, unsubscribeToken: savedSearches.unsubscribeToken,
          seenSeq: savedSearches.seenSeq, pendingSeq: savedSearches.pendingSeq, createdAt: savedSearches.createdAt, email: users.email,
        })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(eq(savedSearches.id, id));
      const seen = search?.pendingSeq ?? null;
      // A listing taken down since it matched is not in browse's answer: passed over, not announced.
      const items = search && seen !== null ? await newListings(tx, { ...search, pendingSeq: seen }) : [];
      if (search && items.length) await enqueueMail(tx, { kind: 'saved_search', ...alertMailFor(services.config.appUrl, search.email, search, items) }, now);
      await tx
        .update(savedSearches)
        .set({ sendingUntil: null, ...(seen !== null ? { seenSeq: seen, pendingSeq: null } : {}), ...(items.length ? { lastSentAt: now } : {}) })
        .where(eq(savedSearches.id, id));
      return items.length > 0;
    });
    if (mailed) queued += 1;
  }
  return { queued };
}
