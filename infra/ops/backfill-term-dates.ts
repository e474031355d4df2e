import { sql } from 'drizzle-orm';
import type { MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';

const BATCH = 500;

/**
 * Search terms whose date is not their listing's: every row written before migration 0057 (the
 * epoch), and any written since by code older than it. A search's newest-first page reads a word's
 * terms in that date order (decision 151). 500 listings a statement; a second run finds none.
 */
export async function fillTermDates(handle: MysqlHandle): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await handle.db
      .selectDistinct({ id: listingTerms.listingId })
      .from(listingTerms)
      .innerJoin(listings, sql`${listings.id} = ${listingTerms.listingId}`)
      .where(sql`${listingTerms.createdAt} <> ${listings.createdAt}`)
      .limit(BATCH);
    if (rows.length === 0) return filled;
    const ids = sql.join(rows.map((row) => sql`${row.id}`), sql`, `);
    await handle.mysql2.execute(
      sql`UPDATE ${listingTerms} JOIN ${listings} ON ${listings.id} = ${listingTerms.listingId} SET ${listingTerms.createdAt} = ${listings.createdAt} WHERE ${listingTerms.listingId} IN (${ids})`,
    );
    filled += rows.length;
  }
}
