import { TRPCError } from '@trpc/server';
import type * as z from 'zod';
import { request as texts } from '@bedriftstorget/core/texts/http';

/**
 * The one encoder and decoder of keyset cursors: a page's position as base64url JSON, read back
 * only through its zod schema. A cursor comes from the browser (a link's `side`, an inbox's
 * "Vis eldre"), so anything that is not one of ours — bad base64, bad JSON, a field out of range —
 * is the same 400 with the catalogue's text, never a 500 and never a query with a forged value.
 */
export interface CursorCodec<T> {
  encode(value: T): string;
  decode(text: string): T;
}

export const invalidCursor = () => new TRPCError({ code: 'BAD_REQUEST', message: texts.invalidCursor });

export function cursorCodec<S extends z.ZodType>(schema: S): CursorCodec<z.output<S>> {
  return {
    encode: (value) => Buffer.from(JSON.stringify(value)).toString('base64url'),
    decode(text) {
      try {
        // Buffer's base64url decoder skips characters outside the alphabet: a forged cursor fails at JSON or the schema.
        return schema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
      } catch {
        throw invalidCursor();
      }
    },
  };
}

/** The last millisecond of year 9999: a cursor's date beyond it could not be compared by MySQL. */
export const MAX_DATE_MS = 253_402_300_799_999;
