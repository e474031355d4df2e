import { and, count, eq, type SQL } from 'drizzle-orm';
import type { browseInputSchema } from '@bedriftstorget/core/listing/schemas';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { cardColumns, toCards, type ListingCard } from './cards';
import { cachedCount } from './count-cache';
import { decodeCursor, encodeCursor, keyOf, phasesFrom, SORTS } from './keyset';
import { searchCondition } from './search';

export interface BrowsePage {
  items: ListingCard[];
  total: number;
  nextCursor: string | null;
}

/** Only active and sold listings, ever (DESIGN §2): the generated is_public column leads every index. */
export const isPublic = eq(listings.isPublic, true);

function filters(input: z.output<typeof browseInputSchema>): SQL | undefined {
  return and(
    isPublic,
    input.industry ? eq(listings.industry, input.industry) : undefined,
    input.location ? eq(listings.location, input.location) : undefined,
    searchCondition(input.q),
  );
}

export async function browse(db: Database, input: z.output<typeof browseInputSchema>): Promise<BrowsePage> {
  const spec = SORTS[input.sort];
  const where = filters(input);
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;

  // One row more than a page tells whether there is a next page.
  const wanted = input.limit + 1;
  const rows: (Awaited<ReturnType<typeof readPhase>>[number] & { phase: 1 | 2 })[] = [];
  for (const phase of phasesFrom(spec, cursor)) {
    if (rows.length >= wanted) break;
    const found = await readPhase(db, and(where, phase.where), phase.orderBy, wanted - rows.length);
    rows.push(...found.map((row) => ({ ...row, phase: phase.phase })));
  }
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last ? encodeCursor({ p: last.phase, v: last.phase === 1 ? keyOf(spec, last) : null, id: last.id }) : null;

  const countKey = JSON.stringify([input.q ?? '', input.industry ?? '', input.location ?? '']);
  const total = await cachedCount(countKey, async () => (await db.select({ n: count() }).from(listings).where(where))[0]?.n ?? 0);
  return { items: await toCards(db, page), total, nextCursor };
}

function readPhase(db: Database, where: SQL | undefined, orderBy: SQL[], limit: number) {
  return db.select(cardColumns).from(listings).where(where).orderBy(...orderBy).limit(limit);
}
