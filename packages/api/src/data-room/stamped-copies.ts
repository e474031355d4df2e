import { createHash } from 'node:crypto';
import { DOCUMENT_CONTENT_TYPE, STAMPED_PREFIX } from '@bedriftstorget/core/data-room/limits';
import type { Services } from '../context';

/**
 * Stamped copies (decision 103) are kept under `stamped/{userId}/{documentId}/{stamp}/{uuid}.pdf`:
 * a reader who downloads the same document again while the copy lives gets a new link to the same
 * copy, not a new stamp (each stamp costs the worker a parse). `{stamp}` is a hash of the stamp's text,
 * so a changed name or a new day makes a new copy. The user's prefix lets 'Slett konto' delete that
 * user's copies at once. The clean-up takes copies after an hour; one is reused only while a fresh
 * five-minute link to it still ends well before that.
 */
export const STAMPED_REUSE_MS = 45 * 60 * 1000;

export const stampedPrefixOf = (userId: string) => `${STAMPED_PREFIX}${userId}/`;

const stampHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** Stamps in progress in this process, so two clicks at once share one stamp. */
const inFlight = new Map<string, Promise<string>>();

export async function stampedCopyKey(
  services: Pick<Services, 'documents'>,
  copy: { userId: string; documentId: string; text: string; now: Date },
  stamp: (text: string) => Promise<Uint8Array>,
): Promise<string> {
  const prefix = `${stampedPrefixOf(copy.userId)}${copy.documentId}/${stampHash(copy.text)}/`;
  const running = inFlight.get(prefix);
  if (running) return running;
  const made = (async () => {
    const existing = (await services.documents.list(prefix, 20)).filter((item) => item.modified.getTime() > copy.now.getTime() - STAMPED_REUSE_MS);
    const newest = existing.sort((a, b) => b.modified.getTime() - a.modified.getTime())[0];
    if (newest) return newest.key;
    const key = `${prefix}${crypto.randomUUID()}.pdf`;
    await services.documents.put(key, await stamp(copy.text), DOCUMENT_CONTENT_TYPE, { cacheControl: 'private, no-store' });
    return key;
  })();
  inFlight.set(prefix, made);
  try {
    return await made;
  } finally {
    inFlight.delete(prefix);
  }
}

/** 'Slett konto' (decision 103): the user's stamped copies go at once, not at the hourly clean-up. */
export async function deleteStampedCopiesOf(services: Pick<Services, 'documents'>, userId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await services.documents.list(stampedPrefixOf(userId), 500);
    if (batch.length === 0) return deleted;
    for (const item of batch) await services.documents.delete(item.key);
    deleted += batch.length;
  }
}
