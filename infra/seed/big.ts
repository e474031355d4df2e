/**
 * `npm run ops -- seed --listings 100000`: a big, realistic data set for benchmarks — listings
 * with Norwegian text, towns across Norway, figures, dates over two years, views and images, and
 * users, favourites and conversations in proportion. Multi-row INSERTs over two connections;
 * ids are derived from the row's number, so a second run (or one after a crash) adds only what
 * is missing. Refuses a non-local DATABASE_URL unless forced.
 */
import { createHash } from 'node:crypto';
import type { Pool as MysqlPool, RowDataPacket } from 'mysql2/promise';
import { createSessionPool } from '@bedriftstorget/api/db/session';
import { industries, type Industry, type ListingStatus } from '@bedriftstorget/core/listing/listing.sql';
import { townCounties } from '@bedriftstorget/core/listing/places';
import { listingTerms } from '@bedriftstorget/core/listing/search-terms';
import { adjectives, businesses, commonSentences, firstNames, lastNames, messageTexts, nameEnds, nameParts, ownerComments } from './vocabulary';
import { random } from './random';

const TWO_YEARS_MS = 2 * 365 * 24 * 3_600_000;
const BATCH = 1_000;

export function isLocalUrl(url: string): boolean {
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(url).hostname);
}

/** A UUID-shaped id from a name: the same row gets the same id on every run. */
export function stableId(name: string): string {
  const h = createHash('sha1').update(`bedriftstorget-big:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}


const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
// Bigger towns first in townCounties' order get more listings (a rough population weight).
const towns = Object.keys(townCounties);
const townOf = (r: () => number) => towns[Math.floor(towns.length * r() ** 2.2)]!;

function statusOf(x: number): ListingStatus {
  if (x < 0.85) return 'active';
  if (x < 0.92) return 'sold';
  if (x < 0.96) return 'pending';
  return x < 0.98 ? 'archived' : 'rejected';
}

export function bigListing(i: number, now: number) {
  const r = random(i + 1);
  const industry: Industry = industries[Math.floor(r() * industries.length)]!;
  const { nouns, sentences } = businesses[industry];
  const noun = pick(r, nouns);
  const town = townOf(r);
  const name = `${pick(r, nameParts)}${pick(r, nameEnds)}`;
  const shape = r();
  const title = (shape < 0.4 ? `${name} ${noun} AS` : shape < 0.7 ? `${pick(r, adjectives)} ${noun} i ${town}` : `${noun[0]!.toUpperCase()}${noun.slice(1)} til salgs i ${town}`).slice(0, 100);
  const own = [...sentences].sort(() => r() - 0.5).slice(0, 2 + Math.floor(r() * 3));
  const shared = commonSentences.filter((s) => r() < s.share).map((s) => s.text);
  const established = 1970 + Math.floor(r() * 54);
  const employees = 1 + Math.floor(r() ** 2 * 40);
  const description = [`${name} er en ${noun} i ${town}, etablert i ${established}, med ${employees} ansatte.`, ...own, ...shared].join(' ');
  const revenue = r() < 0.06 ? null : Math.round(300_000 * 100 ** r() / 1000) * 1000;
  const profit = revenue === null ? null : Math.round(revenue * (r() * 0.3 - 0.06) / 1000) * 1000;
  const price = r() < 0.08 ? null : Math.round(((revenue ?? 2_000_000) * (0.2 + r() * 1.2)) / 10_000) * 10_000;
  const status = statusOf(r());
  const createdAt = new Date(now - Math.floor(r() * TWO_YEARS_MS));
  const views = Math.floor(r() ** 3 * 3000);
  return {
    id: stableId(`listing:${i}`), title, industry, location: town, description, price, revenue, profit, employees, established, status,
    // A listing never published has never been viewed.
    views: status === 'pending' || status === 'rejected' ? 0 : views, leadsCount: Math.floor(r() ** 4 * 12), images: 1 + Math.floor(r() * 5),
    ownerComment: r() < 0.3 ? pick(r, ownerComments) : null, companyForm: shape < 0.4 ? 'as' : r() < 0.5 ? 'enk' : 'as', createdAt,
  };
}

export interface BigSeedCounts { listings: number; users: number; favourites: number; messages: number; reused?: boolean }

/** Sellers own about three listings each; buyers are half as many as listings. */
export function proportions(listings: number): BigSeedCounts {
  return { listings, users: Math.ceil(listings / 3) + Math.ceil(listings / 2), favourites: listings * 2, messages: Math.ceil(listings / 4) * 4 };
}

type Pool = MysqlPool;

async function insertRows(pool: Pool, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH * 5) {
    await pool.query(`INSERT IGNORE INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [rows.slice(i, i + BATCH * 5)]);
  }
}

/** Runs `work` for each batch start whose last row is missing, two batches at a time. */
async function batches(pool: Pool, total: number, lastId: (end: number) => string, table: string, work: (start: number, end: number) => Promise<void>, label: string) {
  const starts = Array.from({ length: Math.ceil(total / BATCH) }, (_, k) => k * BATCH);
  let done = 0;
  const next = async (): Promise<void> => {
    const start = starts.shift();
    if (start === undefined) return;
    const end = Math.min(total, start + BATCH);
    const [found] = await pool.query<RowDataPacket[]>(`SELECT 1 FROM \`${table}\` WHERE id = ?`, [lastId(end - 1)]);
    if (found.length === 0) await work(start, end);
    done += end - start;
    if (done % (BATCH * 20) === 0 || done === total) process.stdout.write(`\r  ${label}: ${done.toLocaleString('nb-NO')} / ${total.toLocaleString('nb-NO')}`);
    return next();
  };
  await Promise.all([next(), next()]);
  process.stdout.write('\n');
}

export async function seedBig(url: string, count: number, options: { force?: boolean; imageUrl: (industry: Industry, n: number) => string; now?: number }): Promise<BigSeedCounts> {
  if (!isLocalUrl(url) && !options.force) throw new Error(`Nekter å fylle en database som ikke er lokal (${new URL(url).hostname}); bruk --force.`);
  const now = options.now ?? Date.now();
  const sellers = Math.ceil(count / 3);
  const buyers = Math.ceil(count / 2);
  const pool = createSessionPool({ uri: url, timezone: 'Z', connectionLimit: 2, charset: 'utf8mb4' });
  const conversations = Math.ceil(count / 4);
  const counts = { listings: count, users: sellers + buyers, favourites: count * 2, messages: conversations * 4 };
  try {
    // Already complete (the last row of every table is there): reuse it as it is — a 100k set took 28 min to make.
    if (await complete(pool, count, sellers + buyers, conversations)) {
      await rebuildTermCounts(pool, { onlyWhenEmpty: true });
      await dateTerms(pool);
      return { ...counts, reused: true };
    }
    const userId = (k: number) => stableId(`user:${k}`);
    await batches(pool, sellers + buyers, userId, 'profiles', async (start, end) => {
      const users: unknown[][] = [];
      const profiles: unknown[][] = [];
      for (let k = start; k < end; k += 1) {
        const seller = k < sellers;
        const r = random(1_000_000 + k);
        users.push([userId(k), `${seller ? 'selger' : 'kjoper'}${k}@eksempel.no`, 1, new Date(now - TWO_YEARS_MS - k)]);
        profiles.push([userId(k), `${pick(r, firstNames)} ${pick(r, lastNames)}`, seller && r() < 0.4 ? `${pick(r, nameParts)}${pick(r, nameEnds)} Holding AS` : null, seller ? (r() < 0.2 ? 'broker' : 'company') : 'individual', seller ? 10 : 3]);
      }
      await insertRows(pool, 'users', ['id', 'email', 'email_verified', 'created_at'], users);
      await insertRows(pool, 'profiles', ['id', 'full_name', 'company_name', 'user_type', 'max_listings'], profiles);
    }, 'brukere');

    const listingId = (i: number) => stableId(`listing:${i}`);
    await batches(pool, count, (i) => stableId(`image:${i}:0`), 'listing_images', async (start, end) => {
      const rows: unknown[][] = [];
      const images: unknown[][] = [];
      const terms: unknown[][] = [];
      for (let i = start; i < end; i += 1) {
        const l = bigListing(i, now);
        const isPublic = l.status === 'active' || l.status === 'sold';
        rows.push([l.id, userId(i % sellers), l.title, l.industry, l.location, l.description, l.price, l.revenue, l.profit, l.employees, l.established, l.status, l.views, l.views, l.leadsCount, l.ownerComment, l.companyForm, '[]', l.createdAt, l.createdAt, isPublic ? l.createdAt : null]);
        for (let n = 0; n < l.images; n += 1) images.push([stableId(`image:${i}:${n}`), l.id, options.imageUrl(l.industry, (i + n) % 6), n, l.createdAt]);
        for (const term of listingTerms({ ...l, confidential: false })) terms.push([l.id, term, isPublic ? 1 : 0, l.createdAt]);
      }
      // Images last: the batch's last image marks it done (INSERT IGNORE makes a half-done batch safe to repeat).
      await insertRows(pool, 'listings', ['id', 'owner_id', 'title', 'industry', 'location', 'description', 'price', 'revenue', 'profit', 'employees', 'established', 'status', 'views', 'views_archived', 'leads_count', 'owner_comment', 'company_form', 'included_in_sale', 'created_at', 'updated_at', 'published_at'], rows);
      await insertRows(pool, 'listing_terms', ['listing_id', 'term', 'is_public', 'created_at'], terms);
      await insertRows(pool, 'listing_images', ['id', 'listing_id', 'image_url', 'display_order', 'created_at'], images);
    }, 'annonser');

    const favouriteId = (j: number) => stableId(`favourite:${j}`);
    await batches(pool, count * 2, favouriteId, 'favorites', async (start, end) => {
      const rows: unknown[][] = [];
      for (let j = start; j < end; j += 1) {
        const r = random(2_000_000 + j);
        rows.push([favouriteId(j), userId(sellers + (j % buyers)), listingId(Math.floor(r() * count)), new Date(now - Math.floor(r() * TWO_YEARS_MS / 2))]);
      }
      await insertRows(pool, 'favorites', ['id', 'user_id', 'listing_id', 'created_at'], rows);
    }, 'favoritter');

    const messageId = (m: number) => stableId(`message:${m}`);
    await batches(pool, conversations * 4, messageId, 'messages', async (start, end) => {
      const rows: unknown[][] = [];
      for (let m = start; m < end; m += 1) {
        const c = Math.floor(m / 4);
        const turn = m % 4;
        const r = random(3_000_000 + c);
        const i = Math.floor(r() * count);
        const buyer = userId(sellers + (c % buyers));
        const seller = userId(i % sellers);
        const [from, to] = turn % 2 === 0 ? [buyer, seller] : [seller, buyer];
        const at = new Date(now - Math.floor(r() * TWO_YEARS_MS / 2) + turn * 3_600_000);
        rows.push([messageId(m), listingId(i), from, to, messageTexts[turn]!, turn < 3 ? 1 : 0, at]);
      }
      await insertRows(pool, 'messages', ['id', 'listing_id', 'sender_id', 'receiver_id', 'message_text', 'read', 'created_at'], rows);
    }, 'meldinger');

    await rebuildTermCounts(pool, { onlyWhenEmpty: false });
    for (const table of ['users', 'profiles', 'listings', 'listing_images', 'listing_terms', 'listing_term_counts', 'favorites', 'messages']) await pool.query(`ANALYZE TABLE \`${table}\``);
    return counts;
  } finally {
    await pool.end();
  }
}

/**
 * The generated set is there: the last row of each table (batches run in order, two at a time, so
 * only a crash leaves an earlier one missing) and every listing and user (counted; their ids never collide).
 */
async function complete(pool: Pool, count: number, users: number, conversations: number): Promise<boolean> {
  const lastRows: [string, string][] = [
    ['profiles', stableId(`user:${users - 1}`)],
    ['listing_images', stableId(`image:${count - 1}:0`)],
    ['favorites', stableId(`favourite:${count * 2 - 1}`)],
    ['messages', stableId(`message:${conversations * 4 - 1}`)],
  ];
  for (const [table, id] of lastRows) {
    const [found] = await pool.query<RowDataPacket[]>(`SELECT 1 FROM \`${table}\` WHERE id = ?`, [id]);
    if (found.length === 0) return false;
  }
  const [[row]] = await pool.query<RowDataPacket[]>('SELECT (SELECT COUNT(*) FROM listings) AS listings, (SELECT COUNT(*) FROM profiles) AS users');
  return Number(row?.listings) >= count && Number(row?.users) >= users;
}

/** Terms of a set made before migration 0057 hold the epoch: dated from their listings, once (decision 151). */
async function dateTerms(pool: Pool): Promise<void> {
  const [undated] = (await pool.query("SELECT 1 FROM listing_terms WHERE created_at = '1970-01-01 00:00:00.000' LIMIT 1")) as unknown as [unknown[]];
  if (undated.length === 0) return;
  await pool.query('UPDATE listing_terms t JOIN listings l ON l.id = t.listing_id SET t.created_at = l.created_at');
  await pool.query('ANALYZE TABLE `listing_terms`');
}

/**
 * listing_term_counts (migration 0008) from listing_terms in one pass: the generator writes terms
 * in bulk, not through syncListingTerms, which keeps the counts for the app's own writes.
 */
export async function rebuildTermCounts(pool: Pool, options: { onlyWhenEmpty: boolean }): Promise<void> {
  if (options.onlyWhenEmpty) {
    const [rows] = await pool.query<RowDataPacket[]>('SELECT 1 FROM listing_term_counts LIMIT 1');
    if (rows.length > 0) return;
  }
  await pool.query('DELETE FROM listing_term_counts');
  await pool.query('INSERT INTO listing_term_counts (is_public, term, n) SELECT is_public, term, COUNT(*) FROM listing_terms GROUP BY is_public, term');
}
