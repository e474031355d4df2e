import { TRPCError } from '@trpc/server';
import { isDocumentKey } from '@bedriftstorget/core/data-room/limits';
import { documentKeysOf } from '../data-room/cleanup';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import * as z from 'zod';
import { ADMIN_PAGE_SIZE } from '@bedriftstorget/core/admin/rules';
import type { AdminListingFields, BulkAction, adminListingFilterSchema } from '@bedriftstorget/core/admin/schemas';
import { listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { adminListings, loggedActions } from '@bedriftstorget/core/texts/admin';
import type { Services } from '../context';
import type { Database } from '../db/client';
import { nextContentVersion } from '../listing/content-version';
import { freshPeriod } from '../listing/lifecycle';
import { announceClosed, closeStandingOffers, NOTHING_CLOSED } from '../offers/close';
import { dropOpenOffers } from '../offers/records';
import { countWalk, inIds, planSearch, removeListingTerms, searchCondition, syncListingTerms } from '../listing/search';
import { writeLog, type Tx } from './log';
import { afterCursor, pageOf } from '../paging/newest-first';
import { refuseFlaggedOutsideQueue } from '../company/approval';
import { rebaseRevision } from '../seller/revisions';
import { keepSellersAnonymous } from '../message/anonymous-sellers';

export type Filter = z.output<typeof adminListingFilterSchema>;

/** Applied on the server: the filters narrow the query itself, never just what the browser shows. */
export function filterCondition(filter: Filter): SQL | undefined {
  const byId = filter.q && z.uuid().safeParse(filter.q).success ? eq(listings.id, filter.q) : undefined;
  return and(
    filter.status === 'all' ? undefined : eq(listings.status, filter.status),
    filter.industry === 'all' ? undefined : eq(listings.industry, filter.industry),
    // The browse search (title, description, location, industry names), or an exact listing id.
    byId ? or(byId, searchCondition(filter.q)) : searchCondition(filter.q),
  );
}

/** The columns of a row in the admin listings table (and its CSV export). */
export const rowColumns = {
  id: listings.id,
  title: listings.title,
  industry: listings.industry,
  location: listings.location,
  price: listings.price,
  revenue: listings.revenue,
  profit: listings.profit,
  status: listings.status,
  featured: listings.featured,
  createdAt: listings.createdAt,
};

/**
 * A page newest first and the total (decision record 040). Words go through the browse search's
 * plan over every status: a rare word's few listings are read by id, common words walk the
 * (status, industry, created_at) indexes and are counted from the rarest word's terms — a full
 * check of every listing per request (1.7 s at 100 000) before. An id keeps the old path.
 */
export async function listAdminListings(db: Database, filter: Filter & { cursor?: string | undefined }) {
  const isId = Boolean(filter.q && z.uuid().safeParse(filter.q).success);
  const plan = isId ? ({ kind: 'none' } as const) : await planSearch(db, filter.q, 'any');
  if (plan.kind === 'empty') return { items: [], nextCursor: null, total: 0 };
  const base = and(filter.status === 'all' ? undefined : eq(listings.status, filter.status), filter.industry === 'all' ? undefined : eq(listings.industry, filter.industry));
  const where = isId ? filterCondition(filter) : and(base, plan.kind === 'candidates' ? and(inIds(listings.id, plan.ids), plan.rest) : plan.kind === 'walk' ? plan.condition : undefined);
  const [rows, total] = await Promise.all([
    db
      .select(rowColumns)
      .from(listings)
      .where(and(where, afterCursor(listings.createdAt, listings.id, filter.cursor)))
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(ADMIN_PAGE_SIZE + 1),
    plan.kind === 'walk' ? countWalk(db, plan, base) : db.select({ n: count() }).from(listings).where(where).then(([row]) => Number(row?.n ?? 0)),
  ]);
  const page = pageOf(rows, ADMIN_PAGE_SIZE);
  return { items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), nextCursor: page.nextCursor, total };
}

/** The dialog's fields by name (decision 061): exactly what it edits, plus the id. */
const dialogColumns = {
  id: listings.id,
  title: listings.title,
  industry: listings.industry,
  location: listings.location,
  price: listings.price,
  revenue: listings.revenue,
  profit: listings.profit,
  employees: listings.employees,
  established: listings.established,
  description: listings.description,
  status: listings.status,
  featured: listings.featured,
} satisfies Record<keyof AdminListingFields | 'id', MySqlColumn>;

/** The fields of the 'Rediger annonse' dialog, read fresh when it opens. */
export async function adminListing(db: Database, id: string): Promise<AdminListingFields & { id: string; rawStatus: string }> {
  const [row] = await db.select(dialogColumns).from(listings).where(eq(listings.id, id));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: adminListings.notFound });
  const { status, ...fields } = row;
  // A rejected or unpublished listing opens as pending: the dialog offers only four statuses (docs/product.md, 'Admin details').
  const editable = status === 'active' || status === 'sold' || status === 'archived' ? status : 'pending';
  return { ...fields, status: editable, rawStatus: status };
}

async function lockListings(tx: Tx, ids: string[]) {
  const rows = await tx
    .select({ id: listings.id, title: listings.title, ownerId: listings.ownerId, status: listings.status, submittedAt: listings.submittedAt, publishedAt: listings.publishedAt, ...editableColumns })
    .from(listings)
    .where(inArray(listings.id, ids))
    .for('update');
  if (rows.length < new Set(ids).size) throw new TRPCError({ code: 'NOT_FOUND', message: adminListings.notFound });
  return rows;
}

const editableColumns = {
  industry: listings.industry,
  location: listings.location,
  price: listings.price,
  revenue: listings.revenue,
  profit: listings.profit,
  employees: listings.employees,
  established: listings.established,
  featured: listings.featured,
  description: listings.description,
};

/** A listing that becomes public is published now unless it was before; one sent back to review may be alerted again. */
function statusChange(status: string | undefined, now: Date) {
  // A new status ends a report's deactivation: its reason and note no longer describe the listing (decision 140).
  return status ? { inactiveReason: null, inactiveNote: null, ...clocksFor(status, now) } : {};
}

function clocksFor(status: string, now: Date) {
  // Made active: a new 90-day period (decision 045). Sold: no longer 'Under bud', so the browse filter never hides it.
  if (status === 'active') return { publishedAt: sql`COALESCE(${listings.publishedAt}, ${now})`, ...freshPeriod(now) };
  if (status === 'sold') return { publishedAt: sql`COALESCE(${listings.publishedAt}, ${now})`, underOfferAt: null };
  // Sent back to review by an admin: the clock and the alert start again.
  if (status === 'pending') return { reviewAlertedAt: null, submittedAt: now };
  return {};
}

/** The edit dialog and the quick actions: one partial update and its 'Oppdaterte annonse' entry. */
export async function updateAdminListing(
  services: Pick<Services, 'db' | 'mailer' | 'config' | 'realtime'>,
  adminId: string,
  id: string,
  patch: Partial<AdminListingFields>,
  now = new Date(),
): Promise<void> {
  if (patch.status === 'active' || patch.status === 'sold') await refuseFlaggedOutsideQueue(services.db, [id]);
  const closed = await services.db.transaction(async (tx) => {
    const [current] = await lockListings(tx, [id]);
    refusePendingOutsideQueue([current!], patch.status);
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(patch)) {
      const before = current![key as keyof typeof current];
      if (before !== value) changes[key] = key === 'description' ? 'changed' : { from: before, to: value };
    }
    // Only a change of status moves the clocks: saving other fields of a pending listing keeps its place in the queue.
    const newStatus = patch.status === current!.status ? undefined : patch.status;
    const { status: _status, featured: _featured, ...text } = patch;
    const changedText = Object.fromEntries(Object.entries(text).filter(([key, value]) => current![key as keyof typeof current] !== value));
    // Staff's change of the text is a new version: an approval naming the one before is refused (decision 106).
    const version = Object.keys(changedText).length > 0 ? nextContentVersion() : {};
    await tx.update(listings).set({ ...patch, ...statusChange(newStatus, now), ...version }).where(eq(listings.id, id));
    // A revision waiting meanwhile takes staff's changed fields, so its approval cannot undo them (decision 087).
    await rebaseRevision(tx, id, changedText);
    await syncListingTerms(tx, [id]);
    await writeLog(tx, adminId, { action: loggedActions.updatedListing, targetType: 'listing', targetId: id, details: { changes } });
    // Off sale: its standing offers close now, after the listing's row (decision 128).
    return newStatus && newStatus !== 'active' ? closeStandingOffers(tx, services.config.appUrl, { listingIds: [id] }, newStatus === 'sold' ? 'sold' : 'offSale', now) : NOTHING_CLOSED;
  });
  await announceClosed(services, closed);
}

/**
 * 'Sett aktiv' / 'Marker solgt' on a listing waiting for review would publish text staff did not read
 * here, in a version nobody named: only the queue approves (decision 106, addendum). The whole
 * batch is refused, naming every waiting title, and nothing changes.
 */
function refusePendingOutsideQueue(rows: Awaited<ReturnType<typeof lockListings>>, status: string | undefined): void {
  if (status !== 'active' && status !== 'sold') return;
  const waiting = rows.filter((row) => row.status === 'pending').map((row) => row.title).sort();
  if (waiting.length > 0) throw new TRPCError({ code: 'BAD_REQUEST', message: adminListings.approveInQueue(waiting) });
}

/** Deletes in the transaction with the log entry; the image files go after the commit. */
export async function deleteAdminListing(services: Pick<Services, 'db' | 'storage' | 'documents'>, adminId: string, id: string): Promise<void> {
  const keys = await services.db.transaction(async (tx) => {
    const [current] = await lockListings(tx, [id]);
    const keys = await imageKeys(tx, [id]);
    await keepSellersAnonymous(tx, [id]);
    await dropOpenOffers(tx, [id]);
    await removeListingTerms(tx, [id]);
    await tx.delete(listings).where(eq(listings.id, id));
    await tx.delete(uploads).where(eq(uploads.listingId, id));
    await writeLog(tx, adminId, { action: loggedActions.deletedListing, targetType: 'listing', targetId: id, details: { title: current!.title } });
    return keys;
  });
  await deleteFiles(services, keys);
}

const BULK_SET: Record<Exclude<BulkAction, 'delete'>, (now: Date) => Record<string, unknown>> = {
  active: (now) => ({ status: 'active', ...statusChange('active', now) }),
  sold: (now) => ({ status: 'sold', ...statusChange('sold', now) }),
  archive: (now) => ({ status: 'archived', ...statusChange('archived', now) }),
  // There is no bulk un-feature (docs/product.md, 'Admin details').
  feature: () => ({ featured: true }),
};

/** All or nothing: an unknown id, or any failure, leaves every listing as it was and no entry. */
export async function bulkAdminListings(
  services: Pick<Services, 'db' | 'storage' | 'documents' | 'mailer' | 'config' | 'realtime'>,
  adminId: string,
  ids: string[],
  action: BulkAction,
  now = new Date(),
): Promise<number> {
  const wanted = [...new Set(ids)];
  if (action === 'active' || action === 'sold') await refuseFlaggedOutsideQueue(services.db, wanted);
  const { keys, closed } = await services.db.transaction(async (tx) => {
    const locked = await lockListings(tx, wanted);
    refusePendingOutsideQueue(locked, action);
    let keys: string[] = [];
    if (action === 'delete') {
      keys = await imageKeys(tx, wanted);
      await keepSellersAnonymous(tx, wanted);
      await dropOpenOffers(tx, wanted);
      await removeListingTerms(tx, wanted);
      await tx.delete(listings).where(inArray(listings.id, wanted));
      await tx.delete(uploads).where(inArray(uploads.listingId, wanted));
    } else {
      await tx.update(listings).set(BULK_SET[action](now)).where(inArray(listings.id, wanted));
      await syncListingTerms(tx, wanted);
    }
    // Sold or archived: their standing offers close now, after the listings' rows (decision 128).
    const offSale = action === 'sold' || action === 'archive';
    const closed = offSale ? await closeStandingOffers(tx, services.config.appUrl, { listingIds: wanted }, action === 'sold' ? 'sold' : 'offSale', now) : NOTHING_CLOSED;
    await writeLog(tx, adminId, { action: loggedActions.bulk(action), targetType: 'listing', targetId: null, details: { ids: wanted, titles: locked.map((row) => row.title), count: wanted.length } });
    return { keys, closed };
  });
  await deleteFiles(services, keys);
  await announceClosed(services, closed);
  return wanted.length;
}

/** The listings' images and data-room documents (decision 097): every object that goes with them. */
/** Every object the listings use: images, their uploads, revisions' images (pending or not) and documents (decision 107). */
async function imageKeys(tx: Tx, ids: string[]): Promise<string[]> {
  const rows = await tx.select({ key: listingImages.storageKey }).from(listingImages).where(inArray(listingImages.listingId, ids));
  const uploaded = await tx.select({ key: uploads.storageKey, finalKey: uploads.finalKey }).from(uploads).where(inArray(uploads.listingId, ids));
  const revised = await tx.select({ images: listingRevisions.images }).from(listingRevisions).where(inArray(listingRevisions.listingId, ids));
  const keys = [...rows.map((row) => row.key), ...uploaded.flatMap((row) => [row.key, row.finalKey]), ...revised.flatMap((row) => row.images.map((image) => image.storageKey))];
  return [...new Set(keys.filter((key): key is string => Boolean(key))), ...(await documentKeysOf(tx, ids))];
}

async function deleteFiles(services: Pick<Services, 'storage' | 'documents'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    await (isDocumentKey(key) ? services.documents : services.storage).delete(key).catch((error: unknown) => console.error(`could not delete ${key}`, error));
  }
}
