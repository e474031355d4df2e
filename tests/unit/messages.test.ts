import { describe, expect, it } from 'vitest';
import { contactTextSchema, inquirySchema, replySchema, replyTextSchema } from '@bedriftstorget/core/message/schemas';
import { inquiryTexts, messageTexts } from '@bedriftstorget/core/texts/messages';
import { keyFromParams, paramsFromKey } from '../../packages/web/src/features/messages/conversation-key';
import {
  PENDING_MESSAGE_KEY,
  PENDING_MESSAGE_MAX_AGE_MS,
  clearPendingMessage,
  readPendingMessage,
  savePendingMessage,
} from '../../packages/web/src/lib/pending-message';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('message lengths', () => {
  it('the detail dialog takes 10–1000 characters after trimming', () => {
    expect(firstMessage(contactTextSchema.safeParse('   123456789   '))).toBe(messageTexts.tooShort);
    expect(contactTextSchema.parse('  1234567890  ')).toBe('1234567890');
    expect(contactTextSchema.safeParse('x'.repeat(1000)).success).toBe(true);
    expect(firstMessage(contactTextSchema.safeParse('x'.repeat(1001)))).toBe(messageTexts.tooLong);
  });

  it('a conversation message takes 1–1000 characters after trimming, newlines kept inside', () => {
    expect(firstMessage(replyTextSchema.safeParse(' \n\t '))).toBe(messageTexts.empty);
    expect(replyTextSchema.parse('\n hei\npå deg \n')).toBe('hei\npå deg');
    expect(firstMessage(replyTextSchema.safeParse('x'.repeat(1001)))).toBe(messageTexts.tooLong);
    expect(firstMessage(replySchema.safeParse({ listingId: null, counterpartId: crypto.randomUUID(), text: 'hei', clientMessageId: 'abc' }))).toBe(messageTexts.invalid);
  });

  it('an inquiry needs a message', () => {
    const listingId = crypto.randomUUID();
    expect(firstMessage(inquirySchema.safeParse({ listingId, message: '   ' }))).toBe(inquiryTexts.messageRequired);
    expect(inquirySchema.parse({ listingId, message: ' Regnskap? ' }).message).toBe('Regnskap?');
  });
});

class MemoryStore {
  values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

describe('the message kept until sign-in', () => {
  const message = { listingId: crypto.randomUUID(), text: 'Hei, er den til salgs?', clientMessageId: crypto.randomUUID() };

  it('is read back as saved, under pending_message', () => {
    const store = new MemoryStore();
    savePendingMessage(message, store, 1_000);
    expect(store.values.has(PENDING_MESSAGE_KEY)).toBe(true);
    expect(readPendingMessage(store, 2_000)).toEqual({ ...message, savedAt: 1_000 });
  });

  it('is dropped when too old or unreadable', () => {
    const store = new MemoryStore();
    savePendingMessage(message, store, 0);
    expect(readPendingMessage(store, PENDING_MESSAGE_MAX_AGE_MS + 1)).toBeNull();
    expect(store.values.size).toBe(0);
    store.setItem(PENDING_MESSAGE_KEY, '{"listingId":1');
    expect(readPendingMessage(store, 0)).toBeNull();
    expect(store.values.size).toBe(0);
  });

  it('is cleared only when it is the message that was sent', () => {
    const store = new MemoryStore();
    savePendingMessage(message, store, 0);
    clearPendingMessage(crypto.randomUUID(), store);
    expect(readPendingMessage(store, 0)).not.toBeNull();
    clearPendingMessage(message.clientMessageId, store);
    expect(readPendingMessage(store, 0)).toBeNull();
  });
});

describe('the open conversation in the URL', () => {
  it('round-trips, with a deleted listing as no annonse', () => {
    const key = { listingId: crypto.randomUUID(), counterpartId: crypto.randomUUID() };
    expect(keyFromParams(new URLSearchParams(paramsFromKey(key)))).toEqual(key);
    const orphan = { listingId: null, counterpartId: crypto.randomUUID() };
    expect(keyFromParams(new URLSearchParams(paramsFromKey(orphan)))).toEqual(orphan);
    expect(keyFromParams(new URLSearchParams({ med: 'x' }))).toBeNull();
    expect(keyFromParams(new URLSearchParams({ annonse: 'x', med: crypto.randomUUID() }))).toBeNull();
  });
});
