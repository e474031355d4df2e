/**
 * A reader's stamped copy (decision 103, data-room/stamped-copies.ts) in the real local S3: one stamp
 * per reader, document and stamp text while the copy is fresh, shared by two clicks at once, kept
 * private, and all of a user's copies gone with 'Slett konto'.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteStampedCopiesOf, STAMPED_REUSE_MS, stampedCopyKey, stampedPrefixOf } from '@bedriftstorget/api/data-room/stamped-copies';
import type { Harness } from './harness';
import { harness } from './seller-helpers';

// The local S3 starts with seller-helpers, before each file's tests.
let h: Harness;
beforeAll(() => {
  h = harness();
});
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`);

/** A stamper that counts its calls. */
function stamper() {
  const texts: string[] = [];
  return { texts, stamp: (text: string) => (texts.push(text), Promise.resolve(pdf(text))) };
}

const copyOf = (userId: string, documentId: string, text: string, now = new Date()) => ({ userId, documentId, text, now });

describe('stamped copies', () => {
  it('are stamped once per reader, document and text while fresh, and again after', async () => {
    const { texts, stamp } = stamper();
    const [user, other, doc] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const first = await stampedCopyKey(h, copyOf(user, doc, 'Kari Nordmann 29.11.2026'), stamp);
    expect(first.startsWith(`${stampedPrefixOf(user)}${doc}/`)).toBe(true);
    // The same again: the same copy, no new stamp.
    expect(await stampedCopyKey(h, copyOf(user, doc, 'Kari Nordmann 29.11.2026'), stamp)).toBe(first);
    expect(texts).toHaveLength(1);
    // Still fresh just before the reuse window ends; a new stamp after it.
    const soon = new Date(Date.now() + STAMPED_REUSE_MS - 60_000);
    expect(await stampedCopyKey(h, copyOf(user, doc, 'Kari Nordmann 29.11.2026', soon), stamp)).toBe(first);
    const later = new Date(Date.now() + STAMPED_REUSE_MS + 60_000);
    const renewed = await stampedCopyKey(h, copyOf(user, doc, 'Kari Nordmann 29.11.2026', later), stamp);
    expect(renewed).not.toBe(first);
    expect(texts).toHaveLength(2);
    // Another text (a new name or day), another document, another reader: each its own copy.
    const keys = [
      await stampedCopyKey(h, copyOf(user, doc, 'Kari Nordmann 30.11.2026'), stamp),
      await stampedCopyKey(h, copyOf(user, crypto.randomUUID(), 'Kari Nordmann 29.11.2026'), stamp),
      await stampedCopyKey(h, copyOf(other, doc, 'Kari Nordmann 29.11.2026'), stamp),
    ];
    expect(new Set([first, renewed, ...keys]).size).toBe(5);
    expect(texts).toHaveLength(5);
    // Private: never kept by a cache on the way.
    const stored = await h.documents.get(first);
    expect(stored?.cacheControl).toBe('private, no-store');
  });

  it('the newest fresh copy is the one given', async () => {
    const { stamp } = stamper();
    const [user, doc] = [crypto.randomUUID(), crypto.randomUUID()];
    const older = await stampedCopyKey(h, copyOf(user, doc, 'A'), stamp);
    // S3 keeps modification times in whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const newer = await stampedCopyKey(h, copyOf(user, doc, 'A', new Date(Date.now() + STAMPED_REUSE_MS + 1_000)), stamp);
    expect(newer).not.toBe(older);
    expect(await stampedCopyKey(h, copyOf(user, doc, 'A'), stamp)).toBe(newer);
  });

  it('two clicks at once share one stamp, and the next click after them reads the copy', async () => {
    const { texts, stamp } = stamper();
    const [user, doc] = [crypto.randomUUID(), crypto.randomUUID()];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async (text: string) => {
      await gate;
      return stamp(text);
    };
    const both = Promise.all([stampedCopyKey(h, copyOf(user, doc, 'B'), slow), stampedCopyKey(h, copyOf(user, doc, 'B'), slow)]);
    release();
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(texts).toEqual(['B']);
    // Done: a click past the reuse window stamps anew instead of waiting on the finished one.
    const after = await stampedCopyKey(h, copyOf(user, doc, 'B', new Date(Date.now() + STAMPED_REUSE_MS + 60_000)), stamp);
    expect(after).not.toBe(a);
    expect(texts).toEqual(['B', 'B']);
  });

  it("'Slett konto' deletes every copy of the user, in batches, and says how many", async () => {
    const { stamp } = stamper();
    const [user, other, doc] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const text of ['1', '2', '3']) await stampedCopyKey(h, copyOf(user, doc, text), stamp);
    const kept = await stampedCopyKey(h, copyOf(other, doc, '1'), stamp);
    expect(await deleteStampedCopiesOf(h, user)).toBe(3);
    expect(await h.documents.list(stampedPrefixOf(user), 10)).toEqual([]);
    expect((await h.documents.list(stampedPrefixOf(other), 10)).map((item) => item.key)).toEqual([kept]);
    expect(await deleteStampedCopiesOf(h, user)).toBe(0);
  });
});
