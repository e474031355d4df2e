import { TRPCError } from '@trpc/server';
import { isDocumentKey } from '@bedriftstorget/core/data-room/limits';
import { documentKeysOf } from '../data-room/cleanup';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import * as z from 'zod';
import { ADMIN_PAGE_SIZE } from '@bedriftstorget/core/admin/rules';
import type { AdminListingFields, BulkAction, adminListingFilterSchema } from '@bedriftstorget/core/admin/schemas';
import { listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { adminListings, loggedActions } from '@bedriftstorget/core/texts/admin';
import type { Services } from '../context';
import type { Database } from '../db/client';
import { freshPeriod } from '../listing/lifecycle';
import { countWalk, planSearch, removeListingTerms, searchCondition, syncListingTerms } from '../listing/search';
import { writeLog, type Tx } from './log';
import { deliverNow } from '../mail/deliver';
import { queueOwnerMails, recordReviews, type Reviewed } from './review';
import { afterCursor, pageOf } from '../paging/newest-first';
import { refuseFlaggedOutsideQueue } from '../company/approval';
import { rebaseRevision } from '../seller/revisions';

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
  const where = isId ? filterCondition(filter) : and(base, plan.kind === 'candidates' ? and(inArray(listings.id, plan.ids), plan.rest) : plan.kind === 'walk' ? plan.condition : undefined);
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
  // Made active: a new 90-day period (decision 045). Sold: no longer 'Under bud', so the browse filter never hides it.
  if (status === 'active') return { publishedAt: sql`COALESCE(${listings.publishedAt}, ${now})`, ...freshPeriod(now) };
  if (status === 'sold') return { publishedAt: sql`COALESCE(${listings.publishedAt}, ${now})`, underOfferAt: null };
  // Sent back to review by an admin: the clock and the alert start again.
  if (status === 'pending') return { reviewAlertedAt: null, submittedAt: now };
  return {};
}

/** The edit dialog and the quick actions: one partial update and its 'Oppdaterte annonse' entry. */
export async function updateAdminListing(
  services: Pick<Services, 'db' | 'mailer' | 'config'>,
  adminId: string,
  id: string,
  patch: Partial<AdminListingFields>,
  now = new Date(),
): Promise<void> {
  if (patch.status === 'active' || patch.status === 'sold') await refuseFlaggedOutsideQueue(services.db, [id]);
  const mailIds = await services.db.transaction(async (tx) => {
    const [current] = await lockListings(tx, [id]);
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(patch)) {
      const before = current![key as keyof typeof current];
      if (before !== value) changes[key] = key === 'description' ? 'changed' : { from: before, to: value };
    }
    // Only a change of status moves the clocks: saving other fields of a pending listing keeps its place in the queue.
    const newStatus = patch.status === current!.status ? undefined : patch.status;
    await tx.update(listings).set({ ...patch, ...statusChange(newStatus, now) }).where(eq(listings.id, id));
    // A revision waiting meanwhile takes staff's changed fields, so its approval cannot undo them (decision 087).
    const { status: _status, featured: _featured, ...text } = patch;
    await rebaseRevision(tx, id, Object.fromEntries(Object.entries(text).filter(([key, value]) => current![key as keyof typeof current] !== value)));
    await syncListingTerms(tx, [id]);
    await writeLog(tx, adminId, { action: loggedActions.updatedListing, targetType: 'listing', targetId: id, details: { changes } });
    const approved = await approvePending(tx, adminId, [current!], patch.status, now);
    return queueOwnerMails(tx, services.config.appUrl, approved, 'approve');
  });
  await deliverNow(services, mailIds);
}

/** 'Sett aktiv' (or sold) on a pending listing is an approval: recorded, logged and mailed as the queue's 'Godkjenn' (decision 086). */
async function approvePending(tx: Tx, adminId: string, rows: Awaited<ReturnType<typeof lockListings>>, status: string | undefined, now: Date): Promise<Reviewed[]> {
  if (status !== 'active' && status !== 'sold') return [];
  const pending = rows.filter((row) => row.status === 'pending');
  if (pending.length === 0) return [];
  await recordReviews(tx, adminId, pending, 'approve', now);
  const one = pending.length === 1 ? pending[0]! : null;
  await writeLog(tx, adminId, {
    action: one ? loggedActions.approvedListing : loggedActions.bulk('approve'),
    targetType: 'listing',
    targetId: one?.id ?? null,
    details: one ? { title: one.title } : { ids: pending.map((row) => row.id), titles: pending.map((row) => row.title) },
  });
  return pending;
}

/** Deletes in the transaction with the log entry; the image files go after the commit. */
export async function deleteAdminListing(services: Pick<Services, 'db' | 'storage' | 'documents'>, adminId: string, id: string): Promise<void> {
  const keys = await services.db.transaction(async (tx) => {
    const [current] = await lockListings(tx, [id]);
    const keys = await imageKeys(tx, [id]);
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
  archive: () => ({ status: 'archived' }),
  // There is no bulk un-feature (docs/product.md, 'Admin details').
  feature: () => ({ featured: true }),
};

/** All or nothing: an unknown id, or any failure, leaves every listing as it was and no entry. */
export async function bulkAdminListings(
  services: Pick<Services, 'db' | 'storage' | 'documents' | 'mailer' | 'config'>,
  adminId: string,
  ids: string[],
  action: BulkAction,
  now = new Date(),
): Promise<number> {
  const wanted = [...new Set(ids)];
  if (action === 'active' || action === 'sold') await refuseFlaggedOutsideQueue(services.db, wanted);
  const { keys, mailIds } = await services.db.transaction(async (tx) => {
    const locked = await lockListings(tx, wanted);
    const approved = await approvePending(tx, adminId, locked, action, now);
    const mailIds = await queueOwnerMails(tx, services.config.appUrl, approved, 'approve');
    let keys: string[] = [];
    if (action === 'delete') {
      keys = await imageKeys(tx, wanted);
      await removeListingTerms(tx, wanted);
      await tx.delete(listings).where(inArray(listings.id, wanted));
      await tx.delete(uploads).where(inArray(uploads.listingId, wanted));
    } else {
      await tx.update(listings).set(BULK_SET[action](now)).where(inArray(listings.id, wanted));
      await syncListingTerms(tx, wanted);
    }
    await writeLog(tx, adminId, { action: loggedActions.bulk(action), targetType: 'listing', targetId: null, details: { ids: wanted, titles: locked.map((row) => row.title), count: wanted.length } });
    return { keys, mailIds };
  });
  await deleteFiles(services, keys);
  await deliverNow(services, mailIds);
  return wanted.length;
}

/** The listings' images and data-room documents (decision 097): every object that goes with them. */
async function imageKeys(tx: Tx, ids: string[]): Promise<string[]> {
  const rows = await tx.select({ key: listingImages.storageKey }).from(listingImages).where(inArray(listingImages.listingId, ids));
  return [...rows.flatMap((row) => (row.key ? [row.key] : [])), ...(await documentKeysOf(tx, ids))];
}

async function deleteFiles(services: Pick<Services, 'storage' | 'documents'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    await (isDocumentKey(key) ? services.documents : services.storage).delete(key).catch((error: unknown) => console.error(`could not delete ${key}`, error));
  }
}
