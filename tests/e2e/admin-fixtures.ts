import { eq } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listingImages, listings } from '@bedriftstorget/core/listing/listing.sql';
import { listingReports, type ReportReason } from '@bedriftstorget/core/report/report.sql';
import { connectMysql, type MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import { E2E } from './env';

/**
 * Rows straight into the test app's database, for states the browser cannot make quickly
 * (a listing pending for 30 hours, one changed by "another admin" behind the screen's back).
 */
let handle: MysqlHandle | null = null;

export function e2eDb() {
  handle ??= connectMysql(E2E.databaseUrl, 2);
  return handle.db;
}

export async function closeE2eDb(): Promise<void> {
  await handle?.close();
  handle = null;
}

export const DEMO_SELLER_EMAIL = 'selger@bedriftstorget.no';
export const DEMO_ADMIN = { email: 'admin@bedriftstorget.no', password: 'admin123', name: 'Ola Admin' };

export async function userId(email: string): Promise<string> {
  const [row] = await e2eDb().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

type NewListing = Partial<typeof listings.$inferInsert>;

export async function insertListing(ownerEmail: string, fields: NewListing & { title: string }): Promise<string> {
  const id = crypto.randomUUID();
  await e2eDb()
    .insert(listings)
    .values({
      id,
      ownerId: await userId(ownerEmail),
      industry: 'services',
      location: 'Oslo',
      description: 'En solid bedrift med faste kunder, gode rutiner og lang historie i markedet her.',
      status: 'pending',
      submittedAt: fields.createdAt ?? new Date(),
      ...fields,
    });
  await syncListingTerms(e2eDb(), [id]);
  await e2eDb().insert(listingImages).values({ listingId: id, imageUrl: `/images/e2e/${id}.jpg`, displayOrder: 0 });
  return id;
}

export async function setStatus(id: string, status: (typeof listings.$inferSelect)['status']): Promise<void> {
  await e2eDb().update(listings).set({ status }).where(eq(listings.id, id));
}

export async function deleteListing(id: string): Promise<void> {
  await e2eDb().delete(listings).where(eq(listings.id, id));
}

export async function listingStatus(id: string): Promise<string | null> {
  const [row] = await e2eDb().select({ status: listings.status }).from(listings).where(eq(listings.id, id));
  return row?.status ?? null;
}

export async function imageIdOf(listingId: string): Promise<string> {
  const [row] = await e2eDb().select({ id: listingImages.id }).from(listingImages).where(eq(listingImages.listingId, listingId));
  return row!.id;
}

export const daysAgo = (days: number, minutes = 0) => new Date(Date.now() - days * 86_400_000 - minutes * 60_000);

/** An open report, as 'Rapporter annonse' stores one (for screens that need one waiting). */
export async function insertReport(listingId: string, reporterEmail: string, reason: ReportReason, comment: string | null = null): Promise<void> {
  await e2eDb().insert(listingReports).values({ listingId, reporterId: await userId(reporterEmail), reason, comment });
}
