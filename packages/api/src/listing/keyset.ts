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
  return phasesWith(spec, cursor, cursor && cursor.v !== null ? { v: keyValue(spec, cursor.v), id: cursor.id } : cursor ? { v: null, id: cursor.id } : null);
}

/**
 * The same phases with the cursor's values as placeholders (`v`, `id`), for a statement built once
 * per shape (db/prepared.ts): each phase's `shape` names its SQL, `values` fill it.
 */
export type PreparedPhase = Phase & { shape: string; values: Record<string, unknown> };

export function preparedPhasesFrom(spec: SortSpec, cursor: Cursor | null): PreparedPhase[] {
  const values = cursor ? { v: cursor.v === null ? null : spec.column.mapToDriverValue(keyValue(spec, cursor.v)), id: cursor.id } : {};
  return phasesWith(spec, cursor, cursor ? { v: sql.placeholder('v'), id: sql.placeholder('id') } : null).map((phase) => {
    const bounded = cursor !== null && (phase.phase === 1 ? cursor.p === 1 && cursor.v !== null : cursor.p === 2);
    return { ...phase, shape: `${phase.phase}${bounded ? ':after' : ''}`, values: bounded ? values : {} };
  });
}

type Bound = { v: number | Date | Placeholder | null; id: string | Placeholder };

function phasesWith(spec: SortSpec, cursor: Cursor | null, bound: Bound | null): Phase[] {
  const after = spec.direction === 'asc' ? gt : lt;
  const order = spec.direction === 'asc' ? asc : desc;
  const phase1: Phase = {
    phase: 1,
    where: and(
      spec.nullable ? isNotNull(spec.column) : undefined,
      cursor && cursor.p === 1 && cursor.v !== null && bound?.v != null
        ? or(after(spec.column, bound.v), and(eq(spec.column, bound.v), after(listings.id, bound.id)))
        : undefined,
    ),
    orderBy: [order(spec.column), order(listings.id)],
  };
  if (!spec.nullable) return [phase1];
  const phase2: Phase = {
    phase: 2,
    where: and(isNull(spec.column), cursor?.p === 2 && bound ? after(listings.id, bound.id) : undefined),
    orderBy: [order(listings.id)],
  };
  return cursor?.p === 2 ? [phase2] : [phase1, phase2];
}
