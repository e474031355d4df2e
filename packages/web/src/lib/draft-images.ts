import { del, get, set } from 'idb-keyval';

const KEY = 'draft_images';

/**
 * The draft's pictures in IndexedDB: a guest picks them before signing in, and the page is left
 * for /auth and back, so they cannot live in memory. Uploaded ones keep their upload id.
 */
export interface StoredImage {
  key: string;
  blob?: Blob;
  uploadId?: string;
  url?: string;
}

export async function readDraftImages(): Promise<StoredImage[]> {
  try {
    return (await get<StoredImage[]>(KEY)) ?? [];
  } catch {
    return [];
  }
}

export async function writeDraftImages(images: StoredImage[]): Promise<void> {
  try {
    await set(KEY, images);
  } catch {
    // No IndexedDB (private mode in some browsers): pictures then last as long as the page.
  }
}

export async function clearDraftImages(): Promise<void> {
  try {
    await del(KEY);
  } catch {
    // Nothing stored.
  }
}
