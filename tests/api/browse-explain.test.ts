/**
 * Every browse query shape is served by an index: EXPLAIN of each SQL statement browse() sends
 * (page with its phases and first images, search plan, count) must show no full table scan, and no filesort
 * except over a rare word's bounded candidates (≤ CANDIDATE_LIMIT rows read by primary key).
 * Runs on its own generated data set (3 000 listings, kept between runs: the generator is
 * idempotent), where a common word has more listings than CANDIDATE_LIMIT.
 */
import { drizzle } from 'drizzle-orm/mysql2';
import type { RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Database } from '@bedriftstorget/api/db/client';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createSessionPool } from '@bedriftstorget/api/db/session';
import { listAdminListings } from '@bedriftstorget/api/admin/listings';
import { browse } from '@bedriftstorget/api/listing/browse';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { CANDIDATE_LIMIT, searchCosts } from '@bedriftstorget/api/listing/search';
import { datedOrder } from '@bedriftstorget/api/listing/term-order';
import { rememberCommon } from '@bedriftstorget/api/listing/common-tokens';
import { searchTokens } from '@bedriftstorget/core/listing/search-terms';
import { browseInputSchema, browseSorts, type BrowseInput } from '@bedriftstorget/core/listing/schemas';
import { createDatabaseIfMissing, migrateDatabase } from '../../infra/db';
import { seedBig } from '../../infra/seed/big';
import { testDatabaseUrl } from '../setup/test-db';

const url = testDatabaseUrl('explain');
const LISTINGS = 3_000;
const pool = createSessionPool({ uri: url, timezone: 'Z', connectionLimit: 2, charset: 'utf8mb4' });
const recorded: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, mode: 'planetscale', logger: { logQuery: (sql, params) => recorded.push({ sql, params }) } }) as unknown as Database;

interface PlanRow { table: string | null; type: string | null; key: string | null; rows: number | null; Extra: string | null }

beforeAll(async () => {
  await createDatabaseIfMissing(url);
  const handle = connectMysql(url, 1);
  await migrateDatabase(handle).finally(() => handle.close());
  await seedBig(url, LISTINGS, { imageUrl: (industry, n) => `/images/seed/${industry}-${n}.svg` });
}, 300_000);
afterAll(() => pool.end());

/** The statements one browse() call sends, each with its EXPLAIN rows. */
async function plans(input: BrowseInput, afterClearing: () => void = () => {}) {
  clearCountCache();
  afterClearing();
  recorded.length = 0;
  const page = await browse(db, browseInputSchema.parse(input), 60_000);
  const statements = [...recorded];
  const explained = [];
  for (const { sql, params } of statements) {
    const [rows] = await pool.query(`EXPLAIN ${sql}`, params);
    explained.push({ sql, rows: rows as PlanRow[] });
  }
  return { page, explained };
}

function problems(explained: { sql: string; rows: PlanRow[] }[]): string[] {
  return explained.flatMap(({ sql, rows }) =>
    rows.flatMap((row) => {
      const found: string[] = [];
      const candidates = /`listings`\.`id` in \(/.test(sql);
      // A fairly rare word read from the term index (decision 057): its range, materialized, then
      // the listings by primary key and sorted. planSearch bounds it by the word's count.
      const termRead = /`listings`\.`id` IN \(SELECT `listing_terms`\.`listing_id`/.test(sql);
      // A search's early page (decision 093): a word's first CANDIDATE_LIMIT + 1 ids, a LIMIT in a derived table.
      const firstIds = /\(SELECT DISTINCT `listing_terms`\.`listing_id` AS listing_id FROM `listing_terms` WHERE .* LIMIT 601\) AS `first_ids` STRAIGHT_JOIN `listings`/.test(sql);
      // A common word's newest page from its dated terms (decision 151): several spellings' ranges
      // sorted together, index entries only, bounded by the word's count (datedOrder.sortLimit).
      // (Several spellings: each spelling's first page in its range's order, then those few rows sorted.)
      const datedSort = /AS `dated_terms` STRAIGHT_JOIN `listings`/.test(sql) && (/UNION ALL/.test(sql) ? row.table?.startsWith('<derived') === true : row.table === 'dated_terms' && row.key === 'listing_terms_newest_idx');
      const bounded = datedSort || (candidates && row.key === 'PRIMARY' && (row.rows ?? 0) <= CANDIDATE_LIMIT) || (firstIds && row.table?.startsWith('<derived') === true && (row.rows ?? 0) <= CANDIDATE_LIMIT + 1) || (termRead && (row.table?.startsWith('<subquery') || row.key === 'PRIMARY' || row.key === 'listing_terms_newest_idx'));
      // A derived table is a page's rows, at most LIMIT of them, read back for their first images (decision 078).
      const pageRows = row.table?.startsWith('<derived') === true;
      if (row.type === 'ALL' && !(termRead && row.table?.startsWith('<subquery')) && !pageRows) found.push(`full scan of ${row.table}`);
      if (row.Extra?.includes('filesort') && !bounded) found.push(`filesort on ${row.table} (${row.key})`);
      return found.map((f) => `${f}: ${sql.slice(0, 160)}`);
    }),
  );
}

/** The cursor of page `pages` + 1, or of the last page when there are fewer. */
async function cursorAfter(input: BrowseInput, pages: number): Promise<string> {
  let cursor: string | undefined;
  for (let i = 0; i < pages; i += 1) {
    const next = (await browse(db, browseInputSchema.parse({ ...input, cursor }), 60_000)).nextCursor;
    if (!next) break;
    cursor = next;
  }
  if (!cursor) throw new Error('no next page');
  return cursor;
}

const shapes: [string, BrowseInput][] = [
  ...browseSorts.map((sort): [string, BrowseInput] => [`sort ${sort}`, { sort }]),
  ['industry', { industry: 'tech' }],
  ['industry, by price', { industry: 'tech', sort: 'price_desc' }],
  ['town', { location: 'Bergen' }],
  ['county', { location: 'Vestland', sort: 'revenue_desc' }],
  ['town + industry', { location: 'Oslo', industry: 'craft' }],
  ['price range, by price', { minPrice: 1_000_000, maxPrice: 5_000_000, sort: 'price_asc' }],
  ['revenue and result ranges, newest', { minRevenue: 2_000_000, minProfit: 100_000 }],
  ['common word, newest', { q: 'lønnsom' }],
  ['common word, by revenue', { q: 'lønnsom', sort: 'revenue_desc' }],
  ['two common words + industry', { q: 'lønnsom regnskapet', industry: 'services' }],
  ['three common words', { q: 'lønnsom ryddig regnskapet' }],
  ['three common words, by price', { q: 'god mulighet eier', sort: 'price_desc' }],
  ['two-letter token', { q: 'as' }],
  ['industry name token', { q: 'it' }],
  ['stopword token', { q: 'en' }],
  ['rare word', { q: 'kebabsjappe' }],
  ['absent token', { q: 'ab' }],
];

describe('browse at scale: every query shape uses an index', () => {
  it('has common and rare words on both sides of the candidate limit', async () => {
    const [rows] = await pool.query<RowDataPacket[]>(
      "SELECT term, COUNT(*) AS n FROM listing_terms WHERE is_public = 1 AND term IN ('lønnsom', 'as', 'kebabsjappe') GROUP BY term",
    );
    const n = Object.fromEntries(rows.map((row) => [row.term as string, Number(row.n)]));
    expect(n['lønnsom']).toBeGreaterThan(CANDIDATE_LIMIT);
    expect(n['as']).toBeGreaterThan(CANDIDATE_LIMIT);
    expect(n['kebabsjappe']).toBeLessThanOrEqual(CANDIDATE_LIMIT);
  });

  for (const [name, input] of shapes) {
    it(`${name}: page 1 and a deep page`, async () => {
      const first = await plans(input);
      expect(problems(first.explained)).toEqual([]);
      if (first.page.nextCursor) {
        const deep = await plans({ ...input, cursor: await cursorAfter(input, 5) });
        expect(problems(deep.explained)).toEqual([]);
      }
    }, 60_000);
  }

  it('a deep keyset page by price or revenue descending seeks to the cursor', async () => {
    for (const sort of ['price_desc', 'revenue_desc'] as const) {
      const { explained } = await plans({ sort, cursor: await cursorAfter({ sort }, 20) });
      const page = explained.find((e) => e.sql.includes('order by'))!;
      // Rows the optimizer expects to read: about a page, not everything before the cursor.
      expect(page.rows[0]!.key).toBe(`listings_browse_${sort}_idx`);
    }
  }, 60_000);
});

describe('a search of common words counts from the rarest word (decision 039)', () => {
  it('the count reads the rarest word\'s term range, whatever the order typed', async () => {
    const [rows] = await pool.query<RowDataPacket[]>("SELECT term, n FROM listing_term_counts WHERE is_public = 1 AND term IN ('lønnsom', 'ryddig')");
    const n = Object.fromEntries(rows.map((row) => [row.term as string, Number(row.n)]));
    expect(n['lønnsom']).toBeLessThan(n['ryddig']!);
    const { explained } = await plans({ q: 'ryddig lønnsom' });
    const counting = explained.find((e) => /count\(distinct/i.test(e.sql))!;
    expect(counting.rows[0]).toMatchObject({ table: 'listing_terms', key: 'listing_terms_newest_idx' });
    const params = recordedParams(counting.sql);
    // The rarest word's range is read (LIKE on the term index); the other word is checked by equality on its known words.
    expect(params).toContain('lønnsom%');
    expect(params).not.toContain('ryddig%');
    expect(params).toContain('ryddig');
    // … a seek on the whole (listing_id, term) key per entry, not a read of all of a listing's terms.
    expect(counting.rows.find((row) => row.table === 'other_terms')).toMatchObject({ type: 'eq_ref', key: 'PRIMARY' });
  }, 60_000);
});

function recordedParams(sql: string): unknown[] {
  return recorded.find((r) => r.sql === sql)?.params ?? [];
}

/** The statements one admin listings call sends, each with its EXPLAIN rows. */
async function adminPlans(filter: { q?: string; status?: 'all' | 'pending' | 'active'; industry?: 'all' | 'tech' | 'services' }) {
  recorded.length = 0;
  await listAdminListings(db, { status: 'all', industry: 'all', q: undefined, ...filter });
  const explained = [];
  for (const { sql, params } of [...recorded]) {
    const [rows] = await pool.query(`EXPLAIN ${sql}`, params);
    explained.push({ sql, rows: rows as PlanRow[] });
  }
  return explained;
}

describe('admin listings at scale: filters and words are served by indexes (decision 040)', () => {
  const adminShapes: [string, Parameters<typeof adminPlans>[0]][] = [
    ['everything', {}],
    ['status', { status: 'pending' }],
    ['industry', { industry: 'tech' }],
    ['status + industry', { status: 'active', industry: 'tech' }],
    ['common word', { q: 'lønnsom' }],
    ['two common words + industry', { q: 'lønnsom regnskapet', industry: 'services' }],
    ['rare word', { q: 'kebabsjappe' }],
    ['absent token', { q: 'ab' }],
  ];
  for (const [name, filter] of adminShapes) {
    it(name, async () => {
      expect(problems(await adminPlans(filter))).toEqual([]);
    }, 60_000);
  }
});

/** Decision 057, on a data set too small to choose it: every walk made to read from the term index. */
async function withTermRead<T>(fn: () => Promise<T>): Promise<T> {
  const factor = searchCosts.termReadFactor;
  searchCosts.termReadFactor = 1e12;
  try {
    return await fn();
  } finally {
    searchCosts.termReadFactor = factor;
  }
}

describe('a fairly rare word read from the term index (decision 057)', () => {
  const wordShapes = shapes.filter(([name]) => /word|token/.test(name));

  for (const [name, input] of wordShapes) {
    it(`${name}: the same pages and total as the walk, from indexes`, async () => {
      const pagesOf = async () => {
        const seen: string[][] = [];
        let cursor: string | undefined;
        let total: number | null = null;
        for (let i = 0; i < 3; i += 1) {
          const page = await browse(db, browseInputSchema.parse({ ...input, cursor }), 60_000);
          total ??= page.total;
          seen.push(page.items.map((item) => item.id));
          if (!page.nextCursor) break;
          cursor = page.nextCursor;
        }
        clearCountCache();
        return { seen, total };
      };
      clearCountCache();
      const walked = await pagesOf();
      const read = await withTermRead(pagesOf);
      expect(read).toEqual(walked);
      const { explained } = await withTermRead(() => plans(input));
      expect(problems(explained)).toEqual([]);
    }, 60_000);
  }

  it('is what a walk becomes when the rarest word is rare enough', async () => {
    const { explained } = await withTermRead(() => plans({ q: 'lønnsom', sort: 'price_desc' }));
    expect(explained.some(({ sql }) => sql.includes('`listings`.`id` IN (SELECT `listing_terms`.`listing_id`') && sql.includes('order by'))).toBe(true);
    expect(explained.some(({ sql }) => sql.includes('FORCE INDEX'))).toBe(false);
  }, 60_000);
});

/** Decision 151: the walk itself, with no dated read. */
async function withoutDatedTerms<T>(fn: () => Promise<T>): Promise<T> {
  datedOrder.enabled = false;
  try {
    return await fn();
  } finally {
    datedOrder.enabled = true;
  }
}

/** Every word of `q` taken as common (decision 126), so a word rare in 3 000 listings is walked as at 100 000. */
const asCommon = (q: string | undefined) => () => {
  for (const token of searchTokens(q ?? '')) rememberCommon('public', token);
};

describe('a common word\'s newest page from its dated terms (decision 151)', () => {
  const newestWords: [string, BrowseInput][] = [
    ...shapes.filter(([name, input]) => /word|token/.test(name) && !name.startsWith('absent') && (input.sort ?? 'newest') === 'newest'),
    ['a word of several spellings', { q: 'frisør' }],
    ['a word of several spellings + a town', { q: 'frisør', location: 'Bergen' }],
    ['a word + a county + under offer hidden', { q: 'lønnsom', location: 'Vestland', hideUnderOffer: true }],
  ];

  for (const [name, input] of newestWords) {
    it(`${name}: the same pages as the walk, four pages deep, from indexes`, async () => {
      const pagesOf = async () => {
        const seen: string[][] = [];
        let cursor: string | undefined;
        for (let i = 0; i < 4; i += 1) {
          const page = await browse(db, browseInputSchema.parse({ ...input, cursor }), 60_000);
          seen.push(page.items.map((item) => item.id));
          if (!page.nextCursor) break;
          cursor = page.nextCursor;
        }
        clearCountCache();
        asCommon(input.q)();
        return seen;
      };
      clearCountCache();
      asCommon(input.q)();
      const walked = await withoutDatedTerms(pagesOf);
      expect(walked.flat().length).toBeGreaterThan(0);
      expect(await pagesOf()).toEqual(walked);
      const { explained } = await plans(input, asCommon(input.q));
      expect(problems(explained)).toEqual([]);
    }, 60_000);
  }

  it('reads a common word\'s newest page from its dated terms, and a word of several spellings once per listing', async () => {
    for (const q of ['lønnsom', 'frisør']) {
      const { page, explained } = await plans({ q }, asCommon(q));
      const dated = explained.find(({ sql }) => sql.includes('AS `dated_terms` STRAIGHT_JOIN'));
      expect(dated?.rows.filter((row) => row.table === 'dated_terms').map((row) => row.key)).toContain('listing_terms_newest_idx');
      // Each spelling's range is read in its own order: no sort of the word's entries.
      expect(dated?.rows.filter((row) => row.table === 'dated_terms').some((row) => row.Extra?.includes('filesort'))).toBe(false);
      const ids = page.items.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  }, 60_000);
});
