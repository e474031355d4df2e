import { and, Column, is, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import { listingImages, listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Database } from '../db/client';
import { qualified } from '../db/insert-select';
import { cardColumns, cardFields, type CardRow } from './cards';
import { sendPrepared } from '../db/prepared';
import { keyOf, type SORTS, type Phase, type PreparedPhase } from './keyset';

export type PhaseRow = CardRow & { phase: 1 | 2 };
type SortSpec = (typeof SORTS)[keyof typeof SORTS];

/** cardFields with the computed description named, so an outer query can select it from a derived table. */
const namedCardFields = { ...cardFields, description: sql<string>`LEFT(${listings.description}, 181)`.as('description') };

/**
 * Up to `limit` cards from the phases still to read (keyset.ts). Phase 2 (a nullable sort's NULLs)
 * is read only when phase 1 runs out, on the page where the values end: read every time, it would
 * walk every NULL of a sparse filter. A search's candidates (at most CANDIDATE_LIMIT listings by
 * primary key) are the exception: both phases are two branches of one UNION ALL (decision 078).
 */
export async function readPhases(db: Database, index: string | undefined, where: SQL | undefined, phases: Phase[], spec: SortSpec, limit: number, candidates: boolean, source?: SQL): Promise<PhaseRow[]> {
  if (candidates) return inPhaseOrder(await readTogether(db, index, where, phases, limit, source), spec).slice(0, limit);
  const rows: PhaseRow[] = [];
  for (const phase of phases) {
    if (rows.length >= limit) break;
    rows.push(...inPhaseOrder(await readTogether(db, index, where, [phase], limit - rows.length, source), spec));
  }
  return rows;
}

/**
 * A sort's pages with no words (the default page of each sort, a filtered browse, and their next
 * pages): the same statements as readPhases sends for them, each built once per `shape` and phase
 * (db/prepared.ts, decisions 153 and 156). `phases` carry their cursor values as placeholders
 * (keyset.ts); `filters` builds browse's condition with placeholders that `values` fill.
 */
export async function readSortPhases(db: Database, shape: string, index: string, filters: () => SQL | undefined, values: Record<string, unknown>, phases: PreparedPhase[], limit: number): Promise<PhaseRow[]> {
  const rows: PhaseRow[] = [];
  for (const phase of phases) {
    if (rows.length >= limit) break;
    const build = (base: Database) => {
      const { where, orderBy } = phase.parts();
      return base.select(cardColumns).from(listings, { forceIndex: index }).where(and(filters(), where)).orderBy(...orderBy).limit(sql.placeholder('limit'));
    };
    const read = (await sendPrepared(db, `sort-page:${shape}:${phase.shape}`, build, { ...values, ...phase.values, limit: limit - rows.length })) as PhaseRow[];
    for (const row of read) row.phase = phase.phase;
    rows.push(...read);
  }
  return rows;
}

type Row = Omit<CardRow, 'imageUrl'> & { imageUrl: string | null; phase?: number | string };

/**
 * The phases' rows in one statement, each branch walking to its own LIMIT. Without an index to walk
 * (candidates or a term range, read by primary key and sorted) the branches form a derived table
 * and the first image is looked up in the outer query, for the page's rows only (decision 055),
 * instead of by a second statement. A union's order is not SQL's promise: callers put the few rows in order.
 */
async function readTogether(db: Database, index: string | undefined, where: SQL | undefined, phases: Phase[], limit: number, source?: SQL): Promise<PhaseRow[]> {
  return withPhases((await togetherQuery(db, index, where, phases, limit, source)) as Row[], phases);
}

/**
 * A page of one phase read as readTogether reads it, its statement built once per shape
 * (db/prepared.ts, decision 155): `parts` builds its WHERE, phase and FROM with placeholders (only
 * the first time), `values` fill them. Phase 1: a dated read's only phase.
 */
export async function readPreparedPage(db: Database, shape: string, parts: () => { where: SQL | undefined; phases: [Phase]; source?: SQL }, values: Record<string, unknown>, limit: number): Promise<PhaseRow[]> {
  const build = (base: Database) => {
    const { where, phases, source } = parts();
    return togetherQuery(base, undefined, where, phases, sql.placeholder('limit'), source) as unknown as { prepare(): { execute(values?: Record<string, unknown>): Promise<Row[]> } };
  };
  const rows = await sendPrepared(db, shape, build, { ...values, limit });
  for (const row of rows) (row as PhaseRow).phase = 1;
  return rows as PhaseRow[];
}

function togetherQuery(db: Database, index: string | undefined, where: SQL | undefined, phases: Phase[], limit: number | Placeholder, source?: SQL) {
  const [first, second] = phases as [Phase, Phase | undefined];
  // One shape for both column sets: the rows are typed below, where they are read. Only a union
  // needs its rows to say their phase; a single branch's phase is known (decision 150).
  const branch = (columns: typeof cardColumns | typeof namedCardFields, phase: Phase) => {
    const selected = (source ? fromSource(columns) : columns) as typeof cardColumns;
    const select = db.select(second ? { ...selected, phase: sql<number | string>`${sql.raw(String(phase.phase))}`.as('phase') } : selected);
    // `source`: listings joined to a search's first ids (browse's early page, decision 093).
    const from = source ? (select.from(source) as unknown as ReturnType<typeof select.from<typeof listings>>) : index ? select.from(listings, { forceIndex: index }) : select.from(listings);
    return from.where(and(where, phase.where)).orderBy(...phase.orderBy).limit(limit as number);
  };
  if (index) return second ? branch(cardColumns, first).unionAll(branch(cardColumns, second)) : branch(cardColumns, first);
  const page = (second ? branch(namedCardFields, first).unionAll(branch(namedCardFields, second)) : branch(namedCardFields, first)).as('page');
  // The derived table's columns by name (spreading the subquery would copy drizzle's own fields too).
  const column = (name: string) => (page as unknown as Record<string, SQL>)[name]!;
  const fields = Object.fromEntries(Object.keys(namedCardFields).map((name) => [name, column(name)])) as Record<keyof typeof namedCardFields, SQL>;
  return db
    .select({
      ...fields,
      ...(second ? { phase: column('phase') } : {}),
      imageUrl: sql<string | null>`(SELECT li.image_url FROM ${listingImages} li WHERE li.listing_id = ${sql.identifier('page')}.${sql.identifier('id')} ORDER BY li.display_order, li.created_at LIMIT 1)`,
    })
    .from(page);
}

/** Each row's phase, set on the rows themselves rather than copied with it (decision 150). */
function withPhases(rows: Row[], phases: Phase[]): PhaseRow[] {
  const [first, second] = phases as [Phase, Phase | undefined];
  for (const row of rows) (row as PhaseRow).phase = second ? (Number(row.phase) === 2 ? 2 : 1) : first.phase;
  return rows as PhaseRow[];
}

/**
 * The columns as named SQL: drizzle refuses a column of a table it did not put in the FROM itself,
 * and a `source` is SQL (listings joined to a search's first ids, or to a word's dated terms).
 * Qualified, since drizzle writes a lone source's columns bare and the terms have a created_at too.
 * Decoded as the columns are.
 */
function fromSource(columns: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(columns).map(([name, field]) => [name, is(field, Column) ? qualified(field as MySqlColumn).mapWith(field).as(name) : field]));
}

/** The order the phases' ORDER BYs give: phase, then the sort key (phase 1), then the id, in the sort's direction. */
function inPhaseOrder(rows: PhaseRow[], spec: SortSpec): PhaseRow[] {
  const direction = spec.direction === 'asc' ? 1 : -1;
  const byId = (a: PhaseRow, b: PhaseRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return rows.sort((a, b) => {
    if (a.phase !== b.phase) return a.phase - b.phase;
    const key = a.phase === 1 ? (keyOf(spec, a) ?? 0) - (keyOf(spec, b) ?? 0) : 0;
    return direction * (key || byId(a, b));
  });
}
