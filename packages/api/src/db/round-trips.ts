import type { Pool, PoolConnection } from 'mysql2/promise';
import { countDatabaseRoundTrip, type RoundTripCounter } from '../observability/request-scope';

type Send = (...args: unknown[]) => Promise<unknown>;

/** Counts one statement: before it is sent, and its answer when it comes (watched, not replaced). */
function counted<T>(counter: RoundTripCounter, send: () => Promise<T>): Promise<T> {
  const answered = countDatabaseRoundTrip(counter);
  const result = send();
  result.then(answered, answered);
  return result;
}

/**
 * A connection taken from the pool for a transaction (its BEGIN, statements and COMMIT), counting
 * into the request it serves. Only what drizzle's mysql2 session calls on it: `query`, `execute`,
 * `release`.
 */
class CountedConnection {
  constructor(
    readonly connection: PoolConnection,
    private readonly counter: RoundTripCounter,
  ) {}
  query(...args: unknown[]) {
    return counted(this.counter, () => (this.connection.query as Send).apply(this.connection, args));
  }
  execute(...args: unknown[]) {
    return counted(this.counter, () => (this.connection.execute as Send).apply(this.connection, args));
  }
  release() {
    this.connection.release();
  }
}

interface DrizzleQuery { sql: string; rowsAsArray?: boolean; typeCast?: unknown }

/**
 * drizzle's mysql2 session asks for dates as the text MySQL sends through a `typeCast` function;
 * mysql2 calls it for every field of every row, with a wrapper object and a closure each. Its
 * `dateStrings` option reads the same text in its compiled row parser (decision 152).
 */
function withDateStrings(options: unknown): unknown {
  if (typeof options !== 'object' || options === null || typeof (options as DrizzleQuery).typeCast !== 'function') return options;
  const { sql, rowsAsArray } = options as DrizzleQuery;
  return rowsAsArray ? { sql, rowsAsArray, dateStrings: true } : { sql, dateStrings: true };
}

/** The callback pool under mysql2/promise's: a query is sent without the wrapper's captured stack per call (drizzle's own error keeps ours). */
interface CorePool { query(options: unknown, params: unknown, callback: (error: Error | null, rows: unknown, fields: unknown) => void): void }

/**
 * The mysql2 pool as one request's drizzle session sees it (db/bind.ts): a plain object, made once
 * per request, whose `query`/`execute` count the statement and whose `getConnection` (drizzle's test
 * for a pool) hands out a counting connection. Replaces a Proxy whose `get` trap ran on every
 * property drizzle read (decision 143).
 */
export class CountedPool {
  constructor(
    private readonly pool: Pool,
    private readonly counter: RoundTripCounter,
  ) {}
  query(options: unknown, params?: unknown) {
    const core = (this.pool as unknown as { pool: CorePool }).pool;
    return counted(this.counter, () => new Promise<[unknown, unknown]>((resolve, reject) => core.query(withDateStrings(options), params, (error, rows, fields) => (error ? reject(error) : resolve([rows, fields])))));
  }
  execute(...args: unknown[]) {
    return counted(this.counter, () => (this.pool.execute as Send).apply(this.pool, args));
  }
  async getConnection(): Promise<CountedConnection> {
    return new CountedConnection(await this.pool.getConnection(), this.counter);
  }
}

/** fetch for PlanetScale's HTTP driver, one request's: each call is one round trip (a statement, BEGIN, COMMIT). */
export function countingFetch(counter: RoundTripCounter): typeof fetch {
  return (input, init) => counted(counter, () => fetch(input, init));
}
