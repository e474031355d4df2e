import { describe, expect, it } from 'vitest';
import { CONVERSATION_PAGE, THREAD_PAGE } from '@bedriftstorget/api/message/conversations';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import { request } from '@bedriftstorget/core/texts/http';
import { createHarness, db, signedInUser } from './harness';

/** The inbox used to stop at 200 conversations and 500 messages per conversation (decision 043). */
const CONVERSATIONS = 230;
const MESSAGES = 540;
const base = Date.now() - 10 * 86_400_000;

async function strangers(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  await db.insert(users).values(ids.map((id, i) => ({ id, email: `innboks-${id.slice(0, 8)}-${i}@example.no` })));
  return ids;
}

describe('inbox paging', () => {
  it('pages through every conversation past 200, newest first, each exactly once, at most 50 per page', async () => {
    const h = createHarness();
    const me = await signedInUser(h);
    const others = await strangers(CONVERSATIONS);
    // Pairs share a timestamp, so the id decides the order within a millisecond (the cursor must too).
    await db.insert(messages).values(others.map((senderId, i) => ({ senderId, receiverId: me.userId, listingId: null, messageText: `Samtale ${i}`, createdAt: new Date(base + Math.floor(i / 2) * 1000) })));

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await me.browser.call((c) => c.message.conversations({ cursor }));
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.counterpartId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);

    expect(sizes[0]).toBe(CONVERSATION_PAGE);
    expect(Math.max(...sizes)).toBe(CONVERSATION_PAGE);
    expect(seen).toHaveLength(CONVERSATIONS);
    expect(new Set(seen).size).toBe(CONVERSATIONS);
    // Newest first: the last inserted pair is first, the first pair last.
    expect(new Set(seen.slice(0, 2))).toEqual(new Set(others.slice(-2)));
    expect(new Set(seen.slice(-2))).toEqual(new Set(others.slice(0, 2)));
  });

  it('pages a conversation past 500 messages, newest page first, oldest first within a page, none lost or repeated', async () => {
    const h = createHarness();
    const me = await signedInUser(h);
    const [other] = await strangers(1);
    await db.insert(messages).values(
      Array.from({ length: MESSAGES }, (_, i) => ({
        senderId: i % 2 ? me.userId : other!,
        receiverId: i % 2 ? other! : me.userId,
        listingId: null,
        messageText: `Melding ${i}`,
        // Three per second: ties on created_at across page boundaries.
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    );
    const key = { listingId: null, counterpartId: other! };

    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await me.browser.call((c) => c.message.thread({ ...key, cursor }));
      pages.push(page.messages.map((m) => m.text));
      cursor = page.olderCursor ?? undefined;
    } while (cursor);

    expect(pages[0]).toHaveLength(THREAD_PAGE);
    expect(pages.every((page) => page.length <= THREAD_PAGE)).toBe(true);
    // Pages come newest first; reversed and joined they are the whole conversation in order.
    const all = pages.reverse().flat();
    const texts = (list: string[]) => list.map((text) => Number(text.split(' ')[1]));
    // Within a second the order is by id (random): compare per second, and the set exactly.
    expect(new Set(all).size).toBe(MESSAGES);
    const seconds = texts(all).map((i) => Math.floor(i / 3));
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    expect(seconds[0]).toBe(0);
    expect(seconds.at(-1)).toBe(Math.floor((MESSAGES - 1) / 3));
  });

  it('refuses a forged cursor with a Norwegian error', async () => {
    const h = createHarness();
    const me = await signedInUser(h);
    await expect(me.browser.call((c) => c.message.conversations({ cursor: 'ikke-en-side' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: request.invalidCursor });
    await expect(me.browser.call((c) => c.message.thread({ listingId: null, counterpartId: crypto.randomUUID(), cursor: 'eyJ0IjotMX0' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: request.invalidCursor,
    });
  });
});
