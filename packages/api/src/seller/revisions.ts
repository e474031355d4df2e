import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ListingFields, ListingSubmit } from '@bedriftstorget/core/listing/form-schema';
import { listingRevisions, type RevisionImage } from '@bedriftstorget/core/listing/revision.sql';
import type { Database } from '../db/client';
import { currentImages, droppedKeys, resolveImages, type SignedIn, type Tx } from './listing-images';

export async function pendingRevision(db: Database | Tx, listingId: string) {
  const [row] = await db.select().from(listingRevisions).where(and(eq(listingRevisions.listingId, listingId), eq(listingRevisions.status, 'pending')));
  return row ?? null;
}

export async function pendingRevisions(db: Database | Tx, listingIds: string[]) {
  if (listingIds.length === 0) return new Map<string, typeof listingRevisions.$inferSelect>();
  const rows = await db.select().from(listingRevisions).where(and(inArray(listingRevisions.listingId, listingIds), eq(listingRevisions.status, 'pending')));
  return new Map(rows.map((row) => [row.listingId, row]));
}

/**
 * Stores the seller's edit as the listing's one pending revision, replacing an earlier one (the
 * caller holds the listing's row lock, so two saves queue). The listing and its images are not
 * touched: they stay public as approved. Returns the objects to delete after the commit: images
 * only the replaced revision had, and the raw uploads just attached.
 */
export async function saveRevision(tx: Tx, ctx: SignedIn, input: ListingSubmit, now = new Date()): Promise<string[]> {
  const earlier = await pendingRevision(tx, input.id);
  const published = await currentImages(tx, input.id);
  const earlierImages = earlier?.images ?? [];
  const { images, rawKeys } = await resolveImages(tx, ctx, input.id, input.images, [...published, ...earlierImages]);
  if (earlier) {
    // A new save is a new submission: the review clock and the 20-hour alert start again (decision 087).
    await tx.update(listingRevisions).set({ fields: input.fields, images, submittedAt: now, reviewAlertedAt: null }).where(and(eq(listingRevisions.id, earlier.id), eq(listingRevisions.status, 'pending')));
  } else {
    await tx.insert(listingRevisions).values({ listingId: input.id, fields: input.fields, images, submittedAt: now });
  }
  return [...droppedKeys(earlierImages, published, images), ...rawKeys];
}

/**
 * Drops a pending revision without deciding it: the listing was sent back to review (an admin set
 * it pending) and an in-place edit supersedes it. Returns its images, for the caller to keep or delete.
 */
export async function discardRevision(tx: Tx, listingId: string): Promise<RevisionImage[]> {
  const revision = await pendingRevision(tx, listingId);
  if (!revision) return [];
  await tx.delete(listingRevisions).where(eq(listingRevisions.id, revision.id));
  return revision.images;
}

/**
 * An admin's edit of the public row while a revision waits (decision 087): the fields staff
 * changed are written into the revision as well, so approving it never undoes them silently, and
 * the seller's wizard (which opens the revision) shows staff's values. The fields the seller changed
 * and staff did not stay the seller's. The caller holds the listing's row lock, as a seller's save does.
 */
export async function rebaseRevision(tx: Tx, listingId: string, staffFields: Partial<ListingFields>): Promise<void> {
  const revision = await pendingRevision(tx, listingId);
  if (!revision) return;
  await tx.update(listingRevisions).set({ fields: { ...revision.fields, ...staffFields } }).where(eq(listingRevisions.id, revision.id));
}

export interface SellerRejection {
  reason: string | null;
  note: string | null;
}

/**
 * The rejection a seller should see per listing (decision 087): its last decided revision's, when
 * that one was rejected and no newer one waits. A listing whose latest revision was approved, or
 * that has one pending, has none.
 */
export async function lastRejectedRevisions(db: Database | Tx, listingIds: string[]): Promise<Map<string, SellerRejection>> {
  const found = new Map<string, SellerRejection>();
  if (listingIds.length === 0) return found;
  const rows = await db
    .select({ listingId: listingRevisions.listingId, status: listingRevisions.status, reason: listingRevisions.rejectReason, note: listingRevisions.rejectNote })
    .from(listingRevisions)
    .where(inArray(listingRevisions.listingId, listingIds))
    // Pending first (it hides any earlier rejection), then the newest decision.
    .orderBy(desc(listingRevisions.pendingMarker), desc(listingRevisions.decidedAt), desc(listingRevisions.createdAt));
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.listingId)) continue;
    seen.add(row.listingId);
    if (row.status === 'rejected') found.set(row.listingId, { reason: row.reason, note: row.note });
  }
  return found;
}
