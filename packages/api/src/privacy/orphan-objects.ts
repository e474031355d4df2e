import { eq, inArray, or } from 'drizzle-orm';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { DOCUMENT_PREFIX, DOCUMENT_UPLOAD_PREFIX, LOI_PREFIX, STAMPED_PREFIX } from '@bedriftstorget/core/data-room/limits';
import { LISTING_IMAGE_PREFIX, UPLOAD_PREFIX } from '@bedriftstorget/core/listing/image-variants';
import { listingImages, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { offers } from '@bedriftstorget/core/offer/offer.sql';
import { storageSweeps } from '@bedriftstorget/core/storage/storage.sql';
import type { ImageStorage } from '../adapters/storage';
import type { Services } from '../context';
import type { Database } from '../db/client';

/**
 * The orphan sweep (decision 133): objects in the image and document buckets that no row refers to
 * any more — a listing deleted while an upload or a revision's image was on its way, a delete that
 * failed after its commit — are removed, so nothing without a row stays served under /images.
 */

/** An object this young may be an upload or a conversion whose row is not written yet: kept. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/** ListObjectsV2's largest page. */
const PAGE_SIZE = 1000;
/** Pages per bucket per run (every 15 minutes): about 0.2 s of listing each, well inside the Cron's 120 s. */
const PAGES_PER_RUN = 5;

export interface SweepCount {
  listed: number;
  removed: number;
  /** Keys under a prefix the sweep does not know: left alone, since no table says who owns them. */
  unknown: number;
}

type Bucket = 'images' | 'documents';

interface SweepOptions {
  pages: number;
  pageSize: number;
}

/** `listings/{listingId}/{imageId}-{W}x{H}-{w}.webp` → the original's key, which the rows hold. */
function originalImageKey(key: string): string {
  return key.replace(/^(listings\/[^/]+\/[^/]+-\d+x\d+)-\d+\.webp$/, '$1.webp');
}

/** The listing id in `listings/{id}/…`, `documents/{id}/…` or `document-uploads/{id}/…`. */
function listingIdOf(key: string, prefix: string): string | null {
  const id = key.slice(prefix.length).split('/')[0];
  return id && key.length > prefix.length + id.length ? id : null;
}

/** Which of these image-bucket keys some row refers to; `unknown`: keys under no prefix we own. */
async function referencedImages(db: Database, keys: string[]): Promise<{ referenced: Set<string>; unknown: Set<string> }> {
  const finals = keys.filter((key) => key.startsWith(LISTING_IMAGE_PREFIX));
  const raw = keys.filter((key) => key.startsWith(UPLOAD_PREFIX));
  const unknown = new Set(keys.filter((key) => !key.startsWith(LISTING_IMAGE_PREFIX) && !key.startsWith(UPLOAD_PREFIX)));
  const originals = [...new Set(finals.map(originalImageKey))];
  const listingIds = [...new Set(finals.map((key) => listingIdOf(key, LISTING_IMAGE_PREFIX)).filter((id): id is string => id !== null))];
  const [images, revisions, uploaded] = await Promise.all([
    listingIds.length ? db.select({ key: listingImages.storageKey }).from(listingImages).where(inArray(listingImages.listingId, listingIds)) : [],
    listingIds.length ? db.select({ images: listingRevisions.images }).from(listingRevisions).where(inArray(listingRevisions.listingId, listingIds)) : [],
    originals.length || raw.length
      ? db
          .select({ key: uploads.storageKey, finalKey: uploads.finalKey })
          .from(uploads)
          .where(or(originals.length ? inArray(uploads.finalKey, originals) : undefined, raw.length ? inArray(uploads.storageKey, raw) : undefined))
      : [],
  ]);
  const rowKeys = new Set<string | null>([
    ...images.map((row) => row.key),
    ...revisions.flatMap((row) => row.images.map((image) => image.storageKey)),
    ...uploaded.flatMap((row) => [row.key, row.finalKey]),
  ]);
  const referenced = new Set(keys.filter((key) => rowKeys.has(key.startsWith(UPLOAD_PREFIX) ? key : originalImageKey(key))));
  return { referenced, unknown };
}

/** The same for the documents bucket; stamped copies are the data-room step's (kept an hour by age). */
async function referencedDocuments(db: Database, keys: string[]): Promise<{ referenced: Set<string>; unknown: Set<string> }> {
  const inRoom = keys.filter((key) => key.startsWith(DOCUMENT_PREFIX) || key.startsWith(DOCUMENT_UPLOAD_PREFIX));
  const letters = keys.filter((key) => key.startsWith(LOI_PREFIX));
  const stamped = keys.filter((key) => key.startsWith(STAMPED_PREFIX));
  const unknown = new Set(keys.filter((key) => ![DOCUMENT_PREFIX, DOCUMENT_UPLOAD_PREFIX, LOI_PREFIX, STAMPED_PREFIX].some((prefix) => key.startsWith(prefix))));
  const listingIds = [...new Set(inRoom.map((key) => listingIdOf(key, key.startsWith(DOCUMENT_PREFIX) ? DOCUMENT_PREFIX : DOCUMENT_UPLOAD_PREFIX)).filter((id): id is string => id !== null))];
  const [documents, letterRows] = await Promise.all([
    listingIds.length ? db.select({ key: listingDocuments.storageKey }).from(listingDocuments).where(inArray(listingDocuments.listingId, listingIds)) : [],
    letters.length ? db.select({ key: offers.loiKey }).from(offers).where(inArray(offers.loiKey, letters)) : [],
  ]);
  const rowKeys = new Set<string | null>([...documents.map((row) => row.key), ...letterRows.map((row) => row.key)]);
  return { referenced: new Set([...keys.filter((key) => rowKeys.has(key)), ...stamped]), unknown };
}

async function sweepBucket(db: Database, storage: ImageStorage, bucket: Bucket, now: Date, { pages, pageSize }: SweepOptions): Promise<SweepCount> {
  const [position] = await db.select({ afterKey: storageSweeps.afterKey }).from(storageSweeps).where(eq(storageSweeps.bucket, bucket));
  let after = position?.afterKey ?? undefined;
  const count: SweepCount = { listed: 0, removed: 0, unknown: 0 };
  for (let page = 0; page < pages; page += 1) {
    const { items, more } = await storage.listPage(after, pageSize);
    count.listed += items.length;
    const old = items.filter((item) => item.modified.getTime() < now.getTime() - ORPHAN_GRACE_MS).map((item) => item.key);
    const { referenced, unknown } = await (bucket === 'images' ? referencedImages : referencedDocuments)(db, old);
    count.unknown += unknown.size;
    for (const key of old.filter((key) => !referenced.has(key) && !unknown.has(key))) {
      // One object at a time: storage.delete of an original also deletes its sizes, which may be listed later in the page (a no-op then).
      await storage.delete(key);
      count.removed += 1;
    }
    // From the start again once the listing ends: the next run begins a new pass.
    after = more ? items.at(-1)?.key : undefined;
    if (!after) break;
  }
  await db
    .insert(storageSweeps)
    .values({ bucket, afterKey: after ?? null, updatedAt: now })
    .onDuplicateKeyUpdate({ set: { afterKey: after ?? null, updatedAt: now } });
  return count;
}

/** The scheduled job's step: a few pages of each bucket per run, from where the last run stopped. */
export async function sweepOrphanObjects(
  services: Pick<Services, 'db' | 'storage' | 'documents'>,
  now = new Date(),
  options: SweepOptions = { pages: PAGES_PER_RUN, pageSize: PAGE_SIZE },
): Promise<Record<Bucket, SweepCount>> {
  return {
    images: await sweepBucket(services.db, services.storage, 'images', now, options),
    documents: await sweepBucket(services.db, services.documents, 'documents', now, options),
  };
}
