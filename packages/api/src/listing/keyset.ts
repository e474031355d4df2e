import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import type { BrowseSort } from '@bedriftstorget/core/listing/schemas';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { cursorCodec, MAX_DATE_MS } from '../paging/cursor';

/**
 * Keyset paging for each browse sort (measured at 100k listings: ~1 ms per page at any depth, where
 * OFFSET grows with it). Each sort has an index (is_public, key, id) in its direction (migration 0001).
 * Price and revenue may be NULL: those listings come last in both directions — a second phase
 * ordered by id, which the cursor records.
 */
type SortColumn = typeof listings.createdAt | typeof listings.views | typeof listings.price | typeof listings.revenue;

interface SortSpec {
  column: SortColumn;
  direction: 'asc' | 'desc';
  nullable: boolean;
}

export const SORTS: Record<BrowseSort, SortSpec> = {
  newest: { column: listings.createdAt, direction: 'desc', nullable: false },
  popular: { column: listings.views, direction: 'desc', nullable: false },
  price_asc: { column: listings.price, direction: 'asc', nullable: true },
  price_desc: { column: listings.price, direction: 'desc', nullable: true },
  revenue_asc: { column: listings.revenue, direction: 'asc', nullable: true },
  revenue_desc: { column: listings.revenue, direction: 'desc', nullable: true },
};

/** Each sort's index (migration 0001), named for FORCE INDEX. */
export function sortIndex(sort: BrowseSort): string {
  return `listings_browse_${sort}_idx`;
}

const MAX_KEY = 1e15;

const cursorSchema = z.object({
  /** 1: rows with a value; 2: rows where the sort key is NULL. */
  p: z.union([z.literal(1), z.literal(2)]),
  // Bounded: a forged huge or fractional value must page nowhere, not fail.
  v: z.number().int().min(-MAX_KEY).max(MAX_KEY).nullable(),
  id: z.uuid(),
});
export type Cursor = z.infer<typeof cursorSchema>;

/** Browse's cursors, through the one codec of every list (paging/cursor.ts). */
export const browseCursor = cursorCodec(cursorSchema);

/** The sort key of a row as the cursor stores it (dates as epoch milliseconds). */
export function keyOf(spec: SortSpec, row: { createdAt: Date; views: number; price: number | null; revenue: number | null }): number | null {
  if (spec.column === listings.createdAt) return row.createdAt.getTime();
  if (spec.column === listings.views) return row.views;
  if (spec.column === listings.price) return row.price;
  return row.revenue;
}

/** A cursor's key as the column holds it (a date, clamped to what a date can be, or a number). */
export function keyValue(spec: SortSpec, v: number): number | Date {
  return spec.column === listings.createdAt ? new Date(Math.min(Math.max(v, 0), MAX_DATE_MS)) : v;
}

export interface Phase {
  phase: 1 | 2;
  where: SQL | undefined;
  orderBy: SQL[];
}

/** The phases still to read from `cursor` on, each with its condition and order. */
export function phasesFrom(spec: SortSpec, cursor: Cursor | null): Phase[] {
  return phasesWith(spec, cursor, (v) => keyValue(spec, v), (id) => id);
}

/**
 * A phase whose statement is built once per shape (db/prepared.ts): `shape` names its SQL, `values`
 * fill its placeholders, and `parts` builds its condition and order (only when the shape is first built).
 */
export interface PreparedPhase { phase: 1 | 2; shape: string; values: Record<string, unknown>; parts: () => Phase }

/** The same phases with the cursor's values as placeholders (`v`, `id`), each filled by the driver's value. */
export function preparedPhasesFrom(spec: SortSpec, cursor: Cursor | null): PreparedPhase[] {
  const values = { v: cursor?.v == null ? null : spec.column.mapToDriverValue(keyValue(spec, cursor.v)), id: cursor?.id };
  const built = () => phasesWith(spec, cursor, () => sql.placeholder('v'), () => sql.placeholder('id'));
  return phaseShapes(spec, cursor).map(({ phase, after }, i) => ({ phase, shape: `${phase}${after ? ':after' : ''}`, values, parts: () => built()[i]! }));
}

/** Which phases are still to read from `cursor` on, and whether each starts after it: phase 2 holds a nullable sort's NULLs. */
function phaseShapes(spec: SortSpec, cursor: Cursor | null): { phase: 1 | 2; after: boolean }[] {
  const phase1 = { phase: 1 as const, after: cursor?.p === 1 && cursor.v !== null };
  if (!spec.nullable) return [phase1];
  return cursor?.p === 2 ? [{ phase: 2, after: true }] : [phase1, { phase: 2, after: false }];
}

/** The phases (phaseShapes), with the cursor's key and id as `key` and `id` give them. */
function phasesWith(spec: SortSpec, cursor: Cursor | null, key: (v: number) => number | Date | Placeholder, id: (id: string) => string | Placeholder): Phase[] {
  const after = spec.direction === 'asc' ? gt : lt;
  const order = spec.direction === 'asc' ? asc : desc;
  return phaseShapes(spec, cursor).map(({ phase, after: fromCursor }): Phase => {
    if (phase === 1) {
      const from = fromCursor && cursor?.v != null ? { v: key(cursor.v), id: id(cursor.id) } : null;
      return {
        phase,
        where: and(spec.nullable ? isNotNull(spec.column) : undefined, from ? or(after(spec.column, from.v), and(eq(spec.column, from.v), after(listings.id, from.id))) : undefined),
        orderBy: [order(spec.column), order(listings.id)],
      };
    }
    return { phase, where: and(isNull(spec.column), fromCursor && cursor ? after(listings.id, id(cursor.id)) : undefined), orderBy: [order(listings.id)] };
  });
}
