import { and, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import * as z from 'zod';
import { cursorCodec, MAX_DATE_MS } from './cursor';

/**
 * Keyset paging newest first over (created_at, id), as the browse list does (listing/keyset.ts):
 * a page costs the same at any depth, and rows added meanwhile do not shift the next page. Used by
 * the admin lists, the inbox, (oldest first) the open reports, a conversation's older messages and the received inquiries.
 */
// Bounded to dates MySQL can compare: a forged cursor is 'Ugyldig side', never a RangeError.
const codec = cursorCodec(z.object({ t: z.number().int().min(0).max(MAX_DATE_MS), id: z.uuid() }));

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return codec.encode({ t: row.createdAt.getTime(), id: row.id });
}

/** Rows after the cursor in (created_at DESC, id DESC) order. */
export function afterCursor(createdAt: MySqlColumn, id: MySqlColumn, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const cursor = codec.decode(text);
  const at = new Date(cursor.t);
  return or(lt(createdAt, at), and(eq(createdAt, at), lt(id, cursor.id)));
}

/** Rows after the cursor in (created_at ASC, id ASC) order: queues handled oldest first. */
export function afterCursorOldestFirst(createdAt: MySqlColumn, id: MySqlColumn, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const cursor = codec.decode(text);
  const at = new Date(cursor.t);
  return or(gt(createdAt, at), and(eq(createdAt, at), gt(id, cursor.id)));
}

/** Reads one row more than a page to know whether another page follows. */
export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], size: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? encodeCursor(last) : null };
}
