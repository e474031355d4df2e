/**
 * A common word's newest page read from its own dated terms (decision 151, listing/term-order.ts):
 * when the read is taken and when it declines, and, for a word of two spellings, the same pages as
 * the walk it replaces, every listing with either spelling once; the other words checked on each
 * term row, before its listing is read (decision 157).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { browse } from '@bedriftstorget/api/listing/browse';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { rememberCommon } from '@bedriftstorget/api/listing/common-tokens';
import { planSearch, type SearchPlan } from '@bedriftstorget/api/listing/search';
import { datedOrder, datedRead } from '@bedriftstorget/api/listing/term-order';
import { browseInputSchema } from '@bedriftstorget/core/listing/schemas';
import { drizzle } from 'drizzle-orm/mysql2';
import { schema, type Database } from '@bedriftstorget/api/db/client';
import { createSessionPool } from '@bedriftstorget/api/db/session';
import { testDatabaseUrl } from '../setup/test-db';
import { createHarness, db, signedInUser, slot } from './harness';
import { createListing, uniqueWord } from './fixtures';

const h = createHarness();

afterEach(() => {
  datedOrder.enabled = true;
});

const walkPlan = (words: string[] | null, n = 5_000, scope: 'public' | 'any' = 'public'): SearchPlan => ({
  kind: 'walk', condition: sql`1`, tokens: [{ token: 'ord', n, words }], scope, readFrom: 'sort', complete: [],
});

describe('a common word\'s dated read (decision 151)', () => {
  it('serves public newest-first walks of known spellings, and declines everything else', () => {
    const read = (plan: SearchPlan, sort: 'newest' | 'price_asc' = 'newest') => datedRead(plan, sort, undefined, null, 13) !== null;
    expect(read(walkPlan(['ord']))).toBe(true);
    // A word of many listings with one spelling is still one index range.
    expect(read(walkPlan(['ord'], datedOrder.sortLimit + 1))).toBe(true);
    expect(read(walkPlan(['ord', 'ordet'], datedOrder.sortLimit))).toBe(true);
    // Several spellings past the limit: the newest index finds a page in a few rows.
    expect(read(walkPlan(['ord', 'ordet'], datedOrder.sortLimit + 1))).toBe(false);
    // Other sorts, staff's search over every status, words not known to the counts.
    expect(read(walkPlan(['ord']), 'price_asc')).toBe(false);
    expect(read(walkPlan(['ord'], 5_000, 'any'))).toBe(false);
    expect(read(walkPlan(null))).toBe(false);
    expect(read(walkPlan([]))).toBe(false);
    expect(read({ kind: 'candidates', ids: [], rest: undefined, tokens: [{ token: 'ord', n: 1, words: ['ord'] }], complete: [] })).toBe(false);
    expect(read({ kind: 'none' })).toBe(false);
    datedOrder.enabled = false;
    expect(read(walkPlan(['ord']))).toBe(false);
  });

  it('a word of two spellings: the walk\'s pages, every listing with either spelling once', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const hourAgo = Date.now() - 3_600_000;
    // One spelling each, both, and ties on the date across spellings.
    const titles = [`Salong ${word}`, `${word}salong i sentrum`, `${word} og ${word}salong`, `Gamle ${word}`, `Nye ${word}salong`];
    const ids: string[] = [];
    for (const [i, title] of titles.entries()) ids.push(await createListing(userId, { title, createdAt: new Date(hourAgo + (i < 2 ? 0 : i * 1000)), images: 0 }));
    clearCountCache();
    rememberCommon('public', word);
    const plan = await planSearch(db, word);
    expect(plan.kind === 'walk' && plan.tokens[0]!.words?.sort()).toEqual([word, `${word}salong`]);
    expect(datedRead(plan, 'newest', undefined, null, 2)).not.toBeNull();

    const pages = async (limit: number) => {
      const seen: string[][] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i += 1) {
        const page = await browse(db, browseInputSchema.parse({ q: word, limit, cursor }), 60_000);
        seen.push(page.items.map((item) => item.id));
        if (!page.nextCursor) return seen;
        cursor = page.nextCursor;
      }
      throw new Error('no last page');
    };
    for (const limit of [1, 2, 48]) {
      const dated = await pages(limit);
      datedOrder.enabled = false;
      const walked = await pages(limit);
      datedOrder.enabled = true;
      expect(dated, `pages of ${limit}`).toEqual(walked);
      expect(dated.flat().sort()).toEqual([...ids].sort());
    }
  });

  it('checks the other words on each term row, so only the listings kept are read (decision 157)', async () => {
    const { userId } = await signedInUser(h);
    const [rare, other] = [uniqueWord(), uniqueWord()];
    const hourAgo = Date.now() - 3_600_000;
    // 12 listings with the rarer word, 3 of them with the other word too, which 15 more have alone.
    // The other word has two spellings, as 'bergen' has ('berg', 'bergen'): a single spelling's
    // EXISTS becomes a semi-join, which MariaDB and MySQL place after the listing whatever it names.
    for (let i = 0; i < 12; i += 1) await createListing(userId, { title: `${rare} ${i < 3 ? `${other}salong` : 'alene'}`, createdAt: new Date(hourAgo + i * 1000), images: 0 });
    for (let i = 0; i < 15; i += 1) await createListing(userId, { title: `${other} nr ${i}`, images: 0 });
    clearCountCache();
    rememberCommon('public', rare);
    rememberCommon('public', other);
    // The statements browse sends, over a client that records them.
    const pool = createSessionPool({ uri: testDatabaseUrl(slot), timezone: 'Z', connectionLimit: 1, charset: 'utf8mb4' });
    const sent: { sql: string; params: unknown[] }[] = [];
    const recording = drizzle(pool, { schema, mode: 'planetscale', logger: { logQuery: (sql, params) => sent.push({ sql, params }) } }) as unknown as Database;
    try {
      const page = await browse(recording, browseInputSchema.parse({ q: `${other} ${rare}` }), 60_000);
      expect(page.items).toHaveLength(3);
      const dated = sent.find(({ sql }) => sql.includes('AS `dated_terms` STRAIGHT_JOIN'));
      expect(dated, 'a dated read').toBeDefined();
      const [[analyzed]] = (await pool.query(`ANALYZE FORMAT=JSON ${dated!.sql}`, dated!.params)) as unknown as [[Record<string, string>]];
      const tables = tablesOf(JSON.parse(Object.values(analyzed)[0]!));
      // Every term row of the rarer word is walked; a listing is read only for the three with both words.
      expect(tables.find((t) => t.table_name === 'dated_terms')?.r_rows).toBe(12);
      expect(tables.find((t) => t.table_name === 'listings')?.r_loops).toBe(3);
    } finally {
      await pool.end();
    }
  });
});

/** The tables of MariaDB's ANALYZE FORMAT=JSON, wherever they sit in its tree. */
function tablesOf(node: unknown): { table_name: string; r_loops?: number; r_rows?: number }[] {
  if (!node || typeof node !== 'object') return [];
  const here = 'table_name' in node ? [node as { table_name: string }] : [];
  return [...here, ...Object.values(node).flatMap(tablesOf)];
}
