import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { browseCursor } from '@bedriftstorget/api/listing/keyset';
import { cursorCodec, MAX_DATE_MS } from '@bedriftstorget/api/paging/cursor';
import { afterCursor, encodeCursor, pageOf } from '@bedriftstorget/api/paging/newest-first';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { request } from '@bedriftstorget/core/texts/http';

const ID = '0b5a2c4e-7d1f-4a3b-9c8d-1e2f3a4b5c6d';
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** The one refusal every forged cursor gets: 400 with the catalogue's text. */
function refusal(run: () => unknown): TRPCError {
  try {
    run();
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('the cursor was accepted');
}

describe('the keyset cursor codec (paging/cursor.ts)', () => {
  const codec = cursorCodec(z.object({ n: z.number().int().min(0).max(10), id: z.uuid() }));

  it('gives back what it encoded, as URL-safe text', () => {
    const text = codec.encode({ n: 7, id: ID });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(codec.decode(text)).toEqual({ n: 7, id: ID });
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['empty', ''],
    ['JSON null', b64('null')],
    ['a field missing', b64({ n: 1 })],
    ['a field of the wrong type', b64({ n: '1', id: ID })],
    ['a value out of range', b64({ n: 11, id: ID })],
    ['a fraction', b64({ n: 1.5, id: ID })],
    ['an id that is not a uuid', b64({ n: 1, id: "' OR 1=1 --" })],
  ])('refuses %s with 400 and the catalogue’s one text', (_what, text) => {
    expect(refusal(() => codec.decode(text))).toMatchObject({ code: 'BAD_REQUEST', message: request.invalidCursor });
  });

  it('keeps the words every list has answered a forged cursor with', () => {
    expect(request.invalidCursor).toMatch(/^Ugyldig side/);
  });
});

describe('the two kinds of cursor share the codec and its refusal', () => {
  it('browse: a cursor of the newest-first lists, or a key beyond the bound, is refused', () => {
    const valid = browseCursor.encode({ p: 1, v: 1_000_000, id: ID });
    expect(browseCursor.decode(valid)).toEqual({ p: 1, v: 1_000_000, id: ID });
    expect(refusal(() => browseCursor.decode(encodeCursor({ createdAt: new Date(0), id: ID })))).toMatchObject({ message: request.invalidCursor });
    expect(refusal(() => browseCursor.decode(b64({ p: 1, v: 1e16, id: ID })))).toMatchObject({ message: request.invalidCursor });
    expect(refusal(() => browseCursor.decode(b64({ p: 3, v: null, id: ID })))).toMatchObject({ message: request.invalidCursor });
  });

  it('newest first: only dates MySQL can compare, and a browse cursor is refused', () => {
    expect(afterCursor(listings.createdAt, listings.id, undefined)).toBeUndefined();
    expect(afterCursor(listings.createdAt, listings.id, b64({ t: MAX_DATE_MS, id: ID }))).toBeDefined();
    for (const text of [b64({ t: MAX_DATE_MS + 1, id: ID }), b64({ t: -1, id: ID }), browseCursor.encode({ p: 1, v: 5, id: ID })]) {
      expect(refusal(() => afterCursor(listings.createdAt, listings.id, text))).toMatchObject({ code: 'BAD_REQUEST', message: request.invalidCursor });
    }
  });

  it('a page’s next cursor points at the last row shown, not at the extra row read to know more follow', () => {
    const rows = [3, 2, 1].map((day) => ({ createdAt: new Date(Date.UTC(2030, 0, day)), id: crypto.randomUUID() }));
    expect(pageOf(rows, 3)).toEqual({ items: rows, nextCursor: null });
    expect(pageOf(rows, 2)).toEqual({ items: rows.slice(0, 2), nextCursor: encodeCursor(rows[1]!) });
  });
});
