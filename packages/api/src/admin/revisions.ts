import { and, asc, eq, inArray } from 'drizzle-orm';
import { QUEUE_SIZE } from '@bedriftstorget/core/admin/rules';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import type { ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { listingRevisions, type RevisionImage } from '@bedriftstorget/core/listing/revision.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import type { Database } from '../db/client';
import { formColumns } from '../listing/fields';
import { syncListingTerms } from '../listing/search';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { registryColumns, staffCompany, type RegistryRow } from '../company/views';
import { currentImages, droppedKeys, replaceImages } from '../seller/listing-images';
import type { Tx } from './log';

type Field = keyof ListingFields;
// The requirement of verified buyers is saved at once, never waits in a revision (decision 130): not a change staff review.
const fieldNames = (Object.keys(formColumns) as Field[]).filter((field) => field !== 'verifiedBuyersOnly');

/** One changed field of a revision: the public (approved) value and the seller's new one. */
export type FieldChange = { [K in Field]: { field: K; before: ListingFields[K] | null; after: ListingFields[K] | null } }[Field];

export interface RevisionChanges {
  fields: FieldChange[];
  /** Image URLs in order, before and after, when they differ. */
  images: { before: string[]; after: string[] } | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What a revision changes against the listing's public version, field by field. */
export function revisionChanges(current: Record<Field, unknown>, fields: ListingFields, currentImageUrls: string[], images: RevisionImage[]): RevisionChanges {
  const changed = fieldNames.filter((field) => !same(current[field], fields[field])).map((field) => ({ field, before: current[field] ?? null, after: fields[field] ?? null }) as FieldChange);
  const after = images.map((image) => image.imageUrl);
  return { fields: changed, images: same(currentImageUrls, after) ? null : { before: currentImageUrls, after } };
}

/** The queue's 'Endringer til godkjenning': the longest-waiting revisions with what each changes. */
export async function revisionQueue(db: Database) {
  const rows = await db
    .select({ revision: listingRevisions, listing: { id: listings.id, status: listings.status, version: listings.contentVersion, ...formColumns }, ownerName: profiles.fullName, ownerEmail: users.email })
    .from(listingRevisions)
    .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
    .innerJoin(users, eq(users.id, listings.ownerId))
    .leftJoin(profiles, eq(profiles.id, listings.ownerId))
    .where(eq(listingRevisions.status, 'pending'))
    .orderBy(asc(listingRevisions.submittedAt), asc(listingRevisions.id))
    .limit(QUEUE_SIZE);
  const registry = await registryOf(db, rows.map((row) => row.revision.fields.orgnr ?? null));
  return Promise.all(
    rows.map(async ({ revision, listing, ownerName, ownerEmail }) => {
      const images = await currentImages(db, listing.id);
      const orgnr = revision.fields.orgnr ?? null;
      return {
        id: listing.id,
        title: listing.title,
        status: listing.status,
        // The revision's version (decision 106): every save of it raised the listing's.
        version: listing.version,
        ownerName,
        ownerEmail,
        submittedAt: revision.submittedAt.toISOString(),
        // What approval would publish: the registry's answer for the revision's number (decision 094),
        // so staff see a flagged company here too and approve it with a note.
        company: staffCompany(orgnr, (orgnr && registry.get(orgnr)) || emptyRegistry),
        confidential: revision.fields.confidential ?? false,
        changes: revisionChanges(listing, revision.fields, images.map((image) => image.imageUrl), revision.images),
      };
    }),
  );
}

const emptyRegistry = Object.fromEntries(Object.keys(registryColumns).map((key) => [key, null])) as RegistryRow;

/** The registry's answers for these numbers, in one read. */
async function registryOf(db: Database, numbers: (string | null)[]): Promise<Map<string, RegistryRow>> {
  const wanted = [...new Set(numbers.filter((orgnr): orgnr is string => Boolean(orgnr)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ orgnr: companyRegistry.orgnr, ...registryColumns }).from(companyRegistry).where(inArray(companyRegistry.orgnr, wanted));
  return new Map(rows.map(({ orgnr, ...row }) => [orgnr, row]));
}

export interface DecidedRevision {
  id: string;
  title: string;
  ownerId: string;
  submittedAt: Date;
  changed: string[];
}

/**
 * Decides the pending revisions of locked listings (the caller holds their row locks). Approval
 * copies the revision into the listing and its images (the public version now) and re-syncs
 * listing_terms; rejection leaves the listing as it is and records the reason. Returns what was
 * decided and the image objects no version refers to any longer, to delete after the commit.
 */
export async function decideRevisions(tx: Tx, adminId: string, listingIds: string[], approve: boolean, now: Date, rejection?: { reason: string; note?: string | undefined }) {
  if (listingIds.length === 0) return { decided: [] as DecidedRevision[], keys: [] as string[] };
  const rows = await tx
    .select({ revision: listingRevisions, listing: { id: listings.id, ownerId: listings.ownerId, ...formColumns } })
    .from(listingRevisions)
    .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
    .where(and(inArray(listingRevisions.listingId, listingIds), eq(listingRevisions.status, 'pending')))
    .for('update');
  const decided: DecidedRevision[] = [];
  const keys: string[] = [];
  for (const { revision, listing } of rows) {
    const published = await currentImages(tx, listing.id);
    const changes = revisionChanges(listing, revision.fields, published.map((image) => image.imageUrl), revision.images);
    const changed = [...changes.fields.map((change) => change.field), ...(changes.images ? ['images'] : [])];
    if (approve) {
      await tx.update(listings).set({ ...revision.fields }).where(eq(listings.id, listing.id));
      await replaceImages(tx, listing.id, revision.images);
      keys.push(...droppedKeys(published, revision.images));
    } else {
      keys.push(...droppedKeys(revision.images, published));
    }
    await tx
      .update(listingRevisions)
      .set({ status: approve ? 'approved' : 'rejected', decidedBy: adminId, decidedAt: now, rejectReason: rejection?.reason ?? null, rejectNote: rejection?.note ?? null })
      .where(eq(listingRevisions.id, revision.id));
    // The mail names the version the owner will see: the new title once approved.
    decided.push({ id: listing.id, title: approve ? revision.fields.title : listing.title, ownerId: listing.ownerId, submittedAt: revision.submittedAt, changed });
  }
  if (approve && decided.length) await syncListingTerms(tx, decided.map((row) => row.id));
  return { decided, keys };
}
