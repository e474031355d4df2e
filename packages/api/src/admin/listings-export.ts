import { TRPCError } from '@trpc/server';
import { desc, eq } from 'drizzle-orm';
import { listingsCsv } from '@bedriftstorget/core/admin/csv';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { CSV_MAX_ROWS, csvTexts } from '@bedriftstorget/core/texts/numbers';
import type { Database } from '../db/client';
import { filterCondition, rowColumns, type Filter } from './listings';

/**
 * Every row the filters select (not just the page on screen), as annonser.csv's text, with the
 * price, the owner's e-mail and the listing's absolute link (appUrl from configuration) so staff
 * can follow up from the spreadsheet. Capped: the CSV is built in memory and sent in one response,
 * so past CSV_MAX_ROWS the export is refused with a message saying so (filter to fewer) instead of
 * growing without bound.
 */
export async function exportAdminListings(db: Database, appUrl: string, filter: Filter, max = CSV_MAX_ROWS): Promise<string> {
  const rows = await db
    .select({ ...rowColumns, ownerEmail: users.email })
    .from(listings)
    .leftJoin(users, eq(users.id, listings.ownerId))
    .where(filterCondition(filter))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(max + 1);
  if (rows.length > max) throw new TRPCError({ code: 'BAD_REQUEST', message: csvTexts.tooMany(max) });
  return listingsCsv(rows.map((row) => ({ ...row, link: `${appUrl}/bedrift/${row.id}` })));
}
