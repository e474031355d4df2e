import { TRPCError } from '@trpc/server';
import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import * as z from 'zod';

/**
 * Keyset paging newest first over (created_at, id), as the browse list does (listing/keyset.ts):
 * a page costs the same at any depth, and rows added meanwhile do not shift the next page.
 */
// Bounded to dates MySQL can compare: a forged cursor is 'Ugyldig side', never a RangeError (issue 10, hole 7).
const cursorSchema = z.object({ t: z.number().int().min(0).max(253_402_300_799_999), id: z.uuid() });
type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify({ t: row.createdAt.getTime(), id: row.id } satisfies Cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Ugyldig side' });
  }
}

/** Rows after the cursor in (created_at DESC, id DESC) order. */
export function afterCursor(createdAt: MySqlColumn, id: MySqlColumn, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const cursor = decodeCursor(text);
  const at = new Date(cursor.t);
  return or(lt(createdAt, at), and(eq(createdAt, at), lt(id, cursor.id)));
}

/** Reads one row more than a page to know whether another page follows. */
export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], size: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? encodeCursor(last) : null };
}

/** LIKE '%text%' with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
