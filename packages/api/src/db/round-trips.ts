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
  query(...args: unknown[]) {
    return counted(this.counter, () => (this.pool.query as Send).apply(this.pool, args));
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
