/**
 * Saved-search alerts at scale (decisions 046, 048): BENCH_SAVED_SEARCHES (default 100 000) saved searches
 * over the bench's users, shaped like real ones — words taken from listing titles (so common
 * words are common), places, industries, price ranges, a few with no filter at all — then the
 * scheduled job's two steps for BENCH_ALERT_APPROVALS (default 1 000) just-approved listings:
 * stamping and matching (buckets + browse's WHERE, decision 082's watermarks) and queueing every due
 * search's mail in the outbox. Reports the rows the job added and its time per 1,000 approvals.
 */
import { performance } from 'node:perf_hooks';
import type { RowDataPacket } from 'mysql2';
import { and, count, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { clockNow } from '@bedriftstorget/api/saved-search/clock';
import { candidatesFor, matchQueuedListings } from '@bedriftstorget/api/saved-search/match';
import { bucketsOf } from '@bedriftstorget/api/saved-search/buckets';
import { digestTime, sendSavedSearchAlerts } from '@bedriftstorget/api/saved-search/send';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { industries } from '@bedriftstorget/core/listing/enums';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { counties, townCounties } from '@bedriftstorget/core/listing/places';
import { words } from '@bedriftstorget/core/listing/search-terms';
import { savedSearches, savedSearchQueue } from '@bedriftstorget/core/saved-search/saved-search.sql';
import type { SavedFilters } from '@bedriftstorget/core/saved-search/schemas';
import { percentiles, type Bench } from './setup';

const TOTAL = Number(process.env.BENCH_SAVED_SEARCHES ?? 100_000);
/** Listings approved, as it were, in the measured run (per 1,000 approvals is the issue's unit). */
const APPROVALS = Number(process.env.BENCH_ALERT_APPROVALS ?? 1_000);
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

/** Rows in the tables the alert job writes, to count what a run adds (the outbox apart: one row per mail). */
async function rowCounts(bench: Bench) {
  const query = async (text: string) => (await bench.pool.query<RowDataPacket[]>(text))[0];
  const tables = (await query(`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE 'saved\\_search%'`)).map((row) => String(row.t));
  const counts: Record<string, number> = {};
  // Exact counts (information_schema's table_rows is an estimate).
  for (const table of tables) counts[table] = Number((await query(`SELECT COUNT(*) AS n FROM \`${table}\``))[0]?.n ?? 0);
  return counts;
}

const added = (before: Record<string, number>, after: Record<string, number>) =>
  Object.keys({ ...before, ...after }).reduce((sum, table) => sum + Math.max(0, (after[table] ?? 0) - (before[table] ?? 0)), 0);

export async function benchSavedSearches(bench: Bench): Promise<string> {
  const started = performance.now();
  const addedSearches = await ensureSearches(bench);
  const setupSeconds = (performance.now() - started) / 1000;
  const sample = await bench.db
    .select({ id: listings.id, ownerId: listings.ownerId, location: listings.location, industry: listings.industry })
    .from(listings)
    .where(eq(listings.status, 'active'))
    .orderBy(sql`RAND(42)`)
    .limit(APPROVALS);
  const ids = sample.map((row) => row.id);
  // As if just approved (published now, never stamped, queued as the approval queues them); every search saved before them, nothing waiting.
  const approvedAt = new Date();
  for (let i = 0; i < ids.length; i += 1_000) {
    await bench.db.update(listings).set({ alertSeq: null, publishedAt: approvedAt, updatedAt: sql`${listings.updatedAt}` }).where(inArray(listings.id, ids.slice(i, i + 1_000)));
  }
  await bench.db.update(savedSearches).set({ createdAt: new Date(approvedAt.getTime() - 60_000) }).where(eq(savedSearches.name, NAME));
  await bench.db.update(savedSearches).set({ seenSeq: await clockNow(bench.db), pendingSeq: null, lastSentAt: null, sendingUntil: null }).where(eq(savedSearches.name, NAME));
  // The bench's own database: its queue emptied whole, so only the sample is matched.
  // eslint-disable-next-line drizzle/enforce-delete-with-where
  await bench.db.delete(savedSearchQueue);
  let candidates = 0;
  for (const listing of sample.slice(0, 100)) candidates += (await candidatesFor(bench.db, listing)).length;
  for (let i = 0; i < ids.length; i += 1_000) await bench.db.insert(savedSearchQueue).values(ids.slice(i, i + 1_000).map((listingId) => ({ listingId })));
  const rowsBefore = await rowCounts(bench);

  const perListing: number[] = [];
  let matches = 0;
  const matchStarted = performance.now();
  // One listing per job call, so each listing's time is its own.
  for (let i = 0; i < ids.length; i += 1) {
    const t = performance.now();
    matches += (await matchQueuedListings(bench.db, 1)).matched;
    perListing.push(performance.now() - t);
  }
  const matchMs = performance.now() - matchStarted;

  // Every due search mailed: runs of the mail step (200 searches each) until none is due; after
  // 07:00 Oslo time, so the 'Daglig' searches' digests go too.
  let mails = 0;
  let runs = 0;
  const sendStarted = performance.now();
  const now = new Date(digestTime(new Date()).getTime() + 60_000);
  const waiting = async () =>
    (await bench.db.select({ n: count() }).from(savedSearches).where(and(isNotNull(savedSearches.pendingSeq), ne(savedSearches.alerts, 'never'))))[0]?.n ?? 0;
  for (;;) {
    const { queued } = await sendSavedSearchAlerts(bench.services, now);
    runs += 1;
    mails += queued;
    if ((queued === 0 && (await waiting()) === 0) || Date.now() > bench.deadline) break;
  }
  const sendMs = performance.now() - sendStarted;
  const rowsAfter = await rowCounts(bench);
  // The mails are queued in the outbox (decision 070), which this bench does not send: drop them.
  await bench.db.delete(mailOutbox).where(and(eq(mailOutbox.kind, 'saved_search'), eq(mailOutbox.status, 'pending'), gte(mailOutbox.createdAt, new Date(Date.now() - sendMs - 60_000))));
  const left = await waiting();
  const p = percentiles(perListing);
  const n = ids.length;
  const per1000 = (x: number) => (x * 1_000) / n;
  const rows = added(rowsBefore, rowsAfter);
  const jobSeconds = (matchMs + sendMs) / 1000;
  bench.figures.push(
    { what: `saved-search rows added per 1,000 approvals at ${TOTAL.toLocaleString('en-US')} searches`, measured: `${per1000(rows).toFixed(0)} (hits table before: ${per1000(matches).toFixed(0)})`, target: 'no growth with searches × listings', met: rows <= n },
    // Mailing costs per mail (one per search with news, however many listings), not per approval: reported as such.
    {
      what: `alert job per 1,000 approvals at ${TOTAL.toLocaleString('en-US')} searches (${n} approvals run)`,
      measured: `matching ${per1000(matchMs / 1000).toFixed(0)} s; mailing ${mails ? (sendMs / mails).toFixed(1) : '—'} ms a mail (${mails.toLocaleString('en-US')} mails${left ? `, ${left.toLocaleString('en-US')} searches left at the time limit` : ''})`,
      target: '— (report)',
      met: null,
    },
  );
  const lines = [
    `- saved searches: ${TOTAL.toLocaleString('en-US')} (${addedSearches.toLocaleString('en-US')} added this run in ${setupSeconds.toFixed(1)} s): 45 % with words, 27 % place, 23 % industry, 5 % price only or nothing; 60 % 'Straks', 15 % 'Daglig', 25 % 'Aldri' (BENCH_SAVED_SEARCHES)`,
    `- ${n.toLocaleString('en-US')} active listings approved at once, as it were (BENCH_ALERT_APPROVALS): ${(candidates / Math.min(n, 100)).toFixed(0)} candidate searches per listing from the buckets, ${(matches / n).toFixed(1)} matches per listing`,
    `- rows added to the saved_search_* tables: ${rows.toLocaleString('en-US')} (${per1000(rows).toFixed(0)} per 1,000 approvals; ${JSON.stringify(Object.fromEntries(Object.keys(rowsAfter).map((t) => [t, (rowsAfter[t] ?? 0) - (rowsBefore[t] ?? 0)])))}) — a hits row per match would have been ${matches.toLocaleString('en-US')} (${per1000(matches).toFixed(0)} per 1,000). The outbox gets one row per mail, as before.`,
    `- stamping and matching (job step savedSearchMatch) per approved listing: mean ${(matchMs / n).toFixed(1)} ms, p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms`,
    `- mailing (job step savedSearchAlerts, queued in the outbox): ${mails.toLocaleString('en-US')} mails in ${runs} runs of the step, ${(sendMs / 1000).toFixed(1)} s (${mails ? (sendMs / mails).toFixed(1) : '—'} ms per mail)${left ? `; ${left} searches still waiting when the time limit ended` : ''}`,
    `- job time for the ${n.toLocaleString('en-US')} approvals (both steps): ${jobSeconds.toFixed(1)} s${left ? ' (mailing cut at the time limit)' : `, ${per1000(jobSeconds).toFixed(0)} s per 1,000 approvals`}`,
  ];
  console.log(lines.join('\n'));
  return lines.join('\n');
}
