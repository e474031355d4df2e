import { baseOf, clientOf } from './bind';
import type { Database } from './client';

/** What drizzle's prepared queries for mysql2 and PlanetScale have in common: both send through `this.client`. */
interface Prepared<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

const builtPerDatabase = new WeakMap<object, Map<string, Prepared<unknown>>>();

/**
 * A statement whose SQL is the same for every request of one `shape`, built by drizzle once per
 * database and shape, and sent through this request's own client (db/bind.ts), so it is counted for
 * the request as every other statement. What differs between requests (a cursor, the page size) is
 * a `sql.placeholder`, filled from `values`. Building a SELECT (drizzle's `is()` checks over every
 * chunk, then flattening it to text) was about a tenth of a default browse request's CPU (decision 153).
 *
 * `shape` must name everything the SQL depends on, and come from a closed set (a sort, a phase):
 * never from free input, or the map grows with it.
 */
export function sendPrepared<T>(db: Database, shape: string, build: (db: Database) => { prepare(): Prepared<T> }, values?: Record<string, unknown>): Promise<T> {
  const base = baseOf(db);
  let built = builtPerDatabase.get(base);
  if (!built) builtPerDatabase.set(base, (built = new Map<string, Prepared<unknown>>()));
  let prepared = built.get(shape) as Prepared<T> | undefined;
  if (!prepared) {
    prepared = build(base).prepare();
    built.set(shape, prepared);
  }
  // The shared statement with this request's client in front of the one it was built with.
  const sending = Object.create(prepared) as Prepared<T> & { client: unknown };
  sending.client = clientOf(db);
  return sending.execute(values);
}
