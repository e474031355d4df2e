/**
 * Saved-search alerts at scale (decisions 046, 048): BENCH_SAVED_SEARCHES (default 100 000) saved searches
 * over the bench's users, shaped like real ones — words taken from listing titles (so common
 * words are common), places, industries, price ranges, a few with no filter at all — then the
 * scheduled job's two steps for SAMPLE just-approved listings: matching (buckets + browse's WHERE)
 * and queueing their mails in the outbox. Reports the time per approved listing; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { candidatesFor, matchQueuedListings } from '@bedriftstorget/api/saved-search/match';
import { bucketsOf } from '@bedriftstorget/api/saved-search/buckets';
import { sendSavedSearchAlerts } from '@bedriftstorget/api/saved-search/send';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { industries } from '@bedriftstorget/core/listing/enums';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { counties, townCounties } from '@bedriftstorget/core/listing/places';
import { words } from '@bedriftstorget/core/listing/search-terms';
import { savedSearches, savedSearchHits, savedSearchQueue } from '@bedriftstorget/core/saved-search/saved-search.sql';
import type { SavedFilters } from '@bedriftstorget/core/saved-search/schemas';
import { percentiles, type Bench } from './setup';

const TOTAL = Number(process.env.BENCH_SAVED_SEARCHES ?? 100_000);
const SAMPLE = 200;
const BATCH = 2_000;
const NAME = 'bench-saved-search';

function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
}

async function titleWords(bench: Bench): Promise<string[]> {
  const rows = await bench.db.select({ title: listings.title }).from(listings).where(eq(listings.isPublic, true)).limit(5_000);
  // Words people type: four letters or more, frequency as in the titles.
  return rows.flatMap((row) => words(row.title)).filter((w) => w.length >= 4 && !/^\d+$/.test(w));
}

function shapeOf(r: () => number, pool: string[]): SavedFilters {
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const place = () => (r() < 0.6 ? pick(Object.keys(townCounties)) : pick(counties));
  const price = () => (r() < 0.5 ? { maxPrice: pick([1, 2, 3, 5, 10]) * 1_000_000 } : { minPrice: pick([0.5, 1, 2]) * 1_000_000, maxPrice: pick([3, 5, 10, 20]) * 1_000_000 });
  const x = r();
  if (x < 0.45) return { q: r() < 0.8 ? pick(pool) : `${pick(pool)} ${pick(pool)}`, ...(r() < 0.3 ? { location: place() } : {}), ...(r() < 0.2 ? price() : {}) };
  if (x < 0.72) return { q: undefined, location: place(), ...(r() < 0.5 ? { industry: pick(industries) } : {}), ...(r() < 0.3 ? price() : {}) };
  if (x < 0.95) return { q: undefined, industry: pick(industries), ...(r() < 0.6 ? price() : {}) };
  return { q: undefined, ...(r() < 0.5 ? price() : {}) };
}

async function ensureSearches(bench: Bench): Promise<number> {
  const [have] = await bench.db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.name, NAME));
  const missing = TOTAL - (have?.n ?? 0);
  if (missing <= 0) return 0;
  const owners = (await bench.db.select({ id: users.id }).from(users).limit(20_000)).map((row) => row.id);
  const pool = await titleWords(bench);
  const r = random(have?.n ?? 0);
  for (let done = 0; done < missing; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, missing - done) }, () => {
      const filters = shapeOf(r, pool);
      const alerts = r() < 0.6 ? ('instant' as const) : r() < 0.75 ? ('daily' as const) : ('never' as const);
      return { userId: owners[Math.floor(r() * owners.length)]!, name: NAME, filters, alerts, unsubscribeToken: crypto.randomUUID().replace(/-/g, ''), ...bucketsOf(filters) };
    });
    await bench.db.insert(savedSearches).values(rows);
  }
  await bench.db.execute(sql`ANALYZE TABLE saved_searches`);
  return missing;
}

export async function benchSavedSearches(bench: Bench): Promise<string> {
  const started = performance.now();
  const added = await ensureSearches(bench);
  const setupSeconds = (performance.now() - started) / 1000;
  const sample = (await bench.db.select({ id: listings.id, ownerId: listings.ownerId, location: listings.location, industry: listings.industry }).from(listings).where(eq(listings.status, 'active')).orderBy(sql`RAND(42)`).limit(SAMPLE));
  const ids = sample.map((row) => row.id);
  // As if just approved: their earlier hits forgotten, queued as the approval queues them.
  await bench.db.delete(savedSearchHits).where(inArray(savedSearchHits.listingId, ids));
  // The bench's own database: its queue emptied whole, so only the sample is matched.
  // eslint-disable-next-line drizzle/enforce-delete-with-where
  await bench.db.delete(savedSearchQueue);
  let candidates = 0;
  for (const listing of sample) candidates += (await candidatesFor(bench.db, listing)).length;
  await bench.db.insert(savedSearchQueue).values(ids.map((listingId) => ({ listingId })));

  const perListing: number[] = [];
  let hits = 0;
  const matchStarted = performance.now();
  // One listing per job call, so each listing's time is its own.
  for (let i = 0; i < ids.length; i += 1) {
    const t = performance.now();
    hits += (await matchQueuedListingsOne(bench)).hits;
    perListing.push(performance.now() - t);
  }
  const matchMs = performance.now() - matchStarted;

  let mails = 0;
  const sendStarted = performance.now();
  const now = new Date();
  for (let round = 0; round < 100; round += 1) {
    const { queued } = await sendSavedSearchAlerts(bench.services, now);
    mails += queued;
    if (queued === 0) break;
  }
  const sendMs = performance.now() - sendStarted;
  // The mails are queued in the outbox (decision 070), which this bench does not send: drop them.
  await bench.db.delete(mailOutbox).where(and(eq(mailOutbox.kind, 'saved_search'), eq(mailOutbox.status, 'pending'), gte(mailOutbox.createdAt, new Date(Date.now() - sendMs - 60_000))));
  const [unsent] = await bench.db.select({ n: count() }).from(savedSearchHits).where(and(inArray(savedSearchHits.listingId, ids), sql`${savedSearchHits.sentAt} IS NULL`));
  const p = percentiles(perListing);
  const lines = [
    `- saved searches: ${TOTAL.toLocaleString('en-US')} (${added.toLocaleString('en-US')} added this run in ${setupSeconds.toFixed(1)} s): 45 % with words, 27 % place, 23 % industry, 5 % price only or nothing; 60 % 'Straks', 15 % 'Daglig', 25 % 'Aldri'`,
    `- ${SAMPLE} active listings matched as if just approved: ${(candidates / SAMPLE).toFixed(0)} candidate searches per listing from the buckets, ${(hits / SAMPLE).toFixed(1)} matches per listing`,
    `- matching (job step savedSearchMatch) per approved listing: mean ${(matchMs / SAMPLE).toFixed(1)} ms, p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms`,
    `- mailing (job step savedSearchAlerts, queued in the outbox): ${mails} mails in ${sendMs.toFixed(0)} ms (${(sendMs / SAMPLE).toFixed(1)} ms per approved listing; daily searches wait for 07:00${unsent?.n ? `, ${unsent.n} hits left for the digest` : ''})`,
    `- job time per approved listing (both steps): ${((matchMs + sendMs) / SAMPLE).toFixed(1)} ms`,
  ];
  console.log(lines.join('\n'));
  return lines.join('\n');
}

/** The job's matching step with a batch of one: the oldest queued listing. */
async function matchQueuedListingsOne(bench: Bench) {
  return matchQueuedListings(bench.db, 1);
}
