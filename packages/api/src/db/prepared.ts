import { Column, is, SQL, Subquery } from 'drizzle-orm';
import { baseOf, clientOf } from './bind';
import type { Database } from './client';

/** What drizzle's prepared queries for mysql2 and PlanetScale have in common: both send through `this.client`. */
interface Prepared<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** Far more than the shapes people use (a few dozen), few enough to hold: each is its SQL text and its fields. */
/** `builds`: statements built so far (every database), for tests that a page took a statement built once. */
export const preparedShapes = { max: 2000, builds: 0 };

const builtPerDatabase = new WeakMap<object, Map<string, Prepared<unknown>>>();

/**
 * A statement whose SQL is the same for every request of one `shape`, built by drizzle once per
 * database and shape, and sent through this request's own client (db/bind.ts), so it is counted for
 * the request as every other statement. What differs between requests (a cursor, the page size) is
 * a `sql.placeholder`, filled from `values`. Building a SELECT (drizzle's `is()` checks over every
 * chunk, then flattening it to text) was about a tenth of a default browse request's CPU (decision 153).
 *
 * `shape` must name everything the SQL depends on, and come from a closed set (a sort, a phase,
 * which filters are present): never from free input. The set can still be large (every mix of
 * browse's filters), so at most `preparedShapes.max` are kept per database; past that a shape is built for
 * its one request, as an unprepared read would be.
 */
export function sendPrepared<T>(db: Database, shape: string, build: (db: Database) => { prepare(): Prepared<T> }, values?: Record<string, unknown>): Promise<T> {
  const base = baseOf(db);
  let built = builtPerDatabase.get(base);
  if (!built) builtPerDatabase.set(base, (built = new Map<string, Prepared<unknown>>()));
  let prepared = built.get(shape) as Prepared<T> | undefined;
  if (!prepared) {
    prepared = build(base).prepare();
    preparedShapes.builds += 1;
    mapRowsFlat(prepared);
    if (built.size < preparedShapes.max) built.set(shape, prepared);
  }
  // The shared statement with this request's client in front of the one it was built with.
  const sending = Object.create(prepared) as Prepared<T> & { client: unknown };
  sending.client = clientOf(db);
  return sending.execute(values);
}

interface Decoder { mapFromDriverValue(value: unknown): unknown }
type Selected = { path: string[]; field: unknown };

/** The decoder drizzle's mapResultRow picks for a selected field (drizzle-orm/utils.js), picked once. */
function decoderOf(field: unknown): Decoder {
  // `decoder` is drizzle's own (not in its types): what `.mapWith()` set, or a pass-through.
  const decoderOfSql = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/**
 * A prepared SELECT whose fields are all top-level (no nested objects, so drizzle's per-join null
 * handling never applies) maps its rows with each field's decoder chosen once, instead of drizzle's
 * `mapResultRow`, which tells each field's kind apart with `is()` on every row (decision 155): the
 * same keys, in the same order, decoded by the same `mapFromDriverValue`. Both drivers' prepared
 * queries hand the rows (arrays) to `customResultMapper` when one is set.
 */
function mapRowsFlat(prepared: object): void {
  const query = prepared as { fields?: Selected[]; customResultMapper?: (rows: unknown[][]) => unknown };
  const fields = query.fields;
  if (!fields || query.customResultMapper || fields.some((f) => f.path.length !== 1)) return;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  query.customResultMapper = (rows) => rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i += 1) {
      const raw = row[i];
      out[keys[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
    }
    return out;
  });
}
