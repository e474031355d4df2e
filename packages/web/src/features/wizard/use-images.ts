import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { MAX_IMAGES } from '@bedriftstorget/core/listing/form-schema';
import { images as texts } from '@bedriftstorget/core/texts/seller';
import { clearDraftImages, readDraftImages, writeDraftImages } from '../../lib/draft-images';
import { serverMessage } from '../../lib/errors';
import { trpcClient } from '../../lib/trpc';
import { isAcceptedType, resizeImage, type AcceptedType } from './resize';
import { postWithProgress } from './upload';

export type ImageItem =
  | { key: string; kind: 'existing'; imageId: string; url: string }
  | { key: string; kind: 'new'; blob: Blob; previewUrl: string; state: 'waiting' | 'uploading' | 'uploaded' | 'failed'; progress: number; uploadId?: string; error?: string };

export type ImageRef = { uploadId: string } | { imageId: string };

/** A picture that could not be stored: its place in the list (1-based) and the reason. */
export interface UploadFailure { position: number; error: string }

/**
 * The server frees a removed upload's place at once; a failed removal is left to the daily clean-up.
 * New grants wait for removals under way, so a quick remove-and-pick is counted in that order.
 */
const removals = new Set<Promise<unknown>>();
function discardUpload(uploadId: string): void {
  const removal = trpcClient.seller.removeUpload.mutate({ uploadId }).catch(() => undefined);
  removals.add(removal);
  void removal.finally(() => removals.delete(removal));
}

/**
 * The wizard's pictures: picked, shrunk, kept (IndexedDB for a new listing's draft), uploaded
 * straight to storage with progress once the user is signed in, reordered and removed.
 */
export function useImages({ listingId, signedIn, persist }: { listingId: string; signedIn: boolean; persist: boolean }) {
  const [items, setItems] = useState<ImageItem[]>([]);
  // Nothing is written to IndexedDB before the draft's pictures were read back: an early write of
  // the empty list would wipe them.
  const [restored, setRestored] = useState(!persist);
  const latest = useRef(items);
  // Pictures removed while their upload was still under way: the upload is discarded when it lands.
  const removed = useRef(new Set<string>());
  useEffect(() => {
    latest.current = items;
  }, [items]);

  const patch = useCallback((key: string, change: Partial<Extract<ImageItem, { kind: 'new' }>>) => {
    setItems((current) => current.map((item) => (item.key === key && item.kind === 'new' ? { ...item, ...change } : item)));
  }, []);

  /** At start of a new listing: the draft's pictures back, or a clean slate without a draft. */
  const restore = useCallback(async (fromDraft: boolean) => {
    if (!fromDraft) {
      await clearDraftImages();
      setRestored(true);
      return;
    }
    const stored = await readDraftImages();
    setItems(
      stored.flatMap((image): ImageItem[] =>
        image.blob
          ? [{ key: image.key, kind: 'new', blob: image.blob, previewUrl: URL.createObjectURL(image.blob), state: image.uploadId ? 'uploaded' : 'waiting', progress: image.uploadId ? 100 : 0, uploadId: image.uploadId }]
          : [],
      ),
    );
    setRestored(true);
  }, []);

  useEffect(() => {
    if (!persist || !restored) return;
    void writeDraftImages(items.flatMap((item) => (item.kind === 'new' ? [{ key: item.key, blob: item.blob, uploadId: item.uploadId }] : [])));
  }, [items, persist, restored]);

  const upload = useCallback(
    /** null when stored (or removed meanwhile), else why not. */
    async (item: Extract<ImageItem, { kind: 'new' }>, index: number): Promise<string | null> => {
      patch(item.key, { state: 'uploading', progress: 0, error: undefined });
      try {
        await Promise.all([...removals]);
        const grant = await trpcClient.seller.presignUpload.mutate({ listingId, contentType: item.blob.type as AcceptedType, index });
        await postWithProgress(grant.url, grant.fields, item.blob, (progress) => patch(item.key, { progress }));
        if (removed.current.has(item.key)) {
          discardUpload(grant.uploadId);
          return null;
        }
        const confirmed = await trpcClient.seller.confirmUpload.mutate({ uploadId: grant.uploadId });
        if (removed.current.has(item.key)) {
          discardUpload(confirmed.uploadId);
          return null;
        }
        patch(item.key, { state: 'uploaded', progress: 100, uploadId: confirmed.uploadId });
        return null;
      } catch (error) {
        const message = serverMessage(error) ?? texts.uploadFailed;
        patch(item.key, { state: 'failed', error: message });
        return removed.current.has(item.key) ? null : message;
      }
    },
    [listingId, patch],
  );

  /** Uploads whatever still waits; the pictures that could not be stored (none: all are). */
  const uploadPending = useCallback(async (): Promise<UploadFailure[]> => {
    const pending = latest.current.map((item, index) => ({ item, index })).filter(({ item }) => item.kind === 'new' && (item.state === 'waiting' || item.state === 'failed'));
    const results = await Promise.all(pending.map(({ item, index }) => upload(item as Extract<ImageItem, { kind: 'new' }>, index)));
    return pending.flatMap(({ index }, i) => (results[i] ? [{ position: index + 1, error: results[i] }] : []));
  }, [upload]);

  // Signed in: upload as soon as pictures are picked (guests' wait until they sign in).
  useEffect(() => {
    if (signedIn && items.some((item) => item.kind === 'new' && item.state === 'waiting')) void uploadPending();
  }, [items, signedIn, uploadPending]);

  const add = async (files: FileList | File[]) => {
    const picked = [...files];
    if (picked.some((file) => !isAcceptedType(file.type))) {
      toast.error(texts.notImageTitle, { description: texts.notImageText });
      return;
    }
    // Too many: keep the first ones that fit and say so, rather than dropping the whole pick.
    const room = Math.max(0, MAX_IMAGES - latest.current.length);
    const list = picked.slice(0, room);
    if (picked.length > room) toast.warning(texts.tooManyTitle, { description: room === 0 ? texts.tooManyText : texts.keptFirst(list.length, picked.length) });
    const added: ImageItem[] = [];
    for (const file of list) {
      try {
        const blob = await resizeImage(file);
        added.push({ key: crypto.randomUUID(), kind: 'new', blob, previewUrl: URL.createObjectURL(blob), state: 'waiting', progress: 0 });
      } catch {
        toast.error(texts.notImageTitle, { description: texts.notImageText });
      }
    }
    setItems((current) => [...current, ...added].slice(0, MAX_IMAGES));
  };

  const remove = (key: string) => {
    const item = latest.current.find((candidate) => candidate.key === key);
    if (item?.kind === 'new') {
      removed.current.add(key);
      // Stored already: deleted now, so its place counts no more. Still uploading: when it lands (upload above).
      if (item.uploadId) discardUpload(item.uploadId);
    }
    setItems((current) => current.filter((candidate) => candidate.key !== key));
  };

  const move = (key: string, by: -1 | 1) =>
    setItems((current) => {
      const from = current.findIndex((item) => item.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });

  /** The order to save, or null while a picture is not stored yet. */
  const refs = (): ImageRef[] | null => {
    const result: ImageRef[] = [];
    for (const item of latest.current) {
      if (item.kind === 'existing') result.push({ imageId: item.imageId });
      else if (item.uploadId) result.push({ uploadId: item.uploadId });
      else return null;
    }
    return result;
  };

  const setExisting = useCallback((existing: { id: string; url: string }[]) => {
    setItems(existing.map((image) => ({ key: image.id, kind: 'existing', imageId: image.id, url: image.url })));
  }, []);

  return { items, add, remove, move, refs, restore, setExisting, uploadPending };
}
