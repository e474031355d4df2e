import type { Pool } from 'mysql2/promise';
import { countDatabaseRoundTrip } from '../observability/request-scope';

const SENDS_A_STATEMENT = new Set<PropertyKey>(['query', 'execute']);

/**
 * The mysql2 pool as drizzle sees it, counting each statement it sends: `query`/`execute` on the
 * pool, and on a connection taken from it (a transaction's BEGIN, its statements and COMMIT). Counted
 * where drizzle calls the driver, in the calling request's async context: deeper in mysql2 a queued
 * statement runs in the context of whichever request freed the connection.
 */
export function countingPool(pool: Pool): Pool {
  return countStatements(pool);
}

function countStatements<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (SENDS_A_STATEMENT.has(property)) {
        return (...args: unknown[]) => {
          const answered = countDatabaseRoundTrip();
          const result = method.apply(target, args);
          // Watched, not replaced: the caller gets mysql2's own promise (or callback result).
          if (result instanceof Promise) result.then(answered, answered);
          else answered();
          return result;
        };
      }
      if (property === 'getConnection') {
        return async (...args: unknown[]) => countStatements((await method.apply(target, args)) as object);
      }
      return method;
    },
  });
}

/** fetch for PlanetScale's HTTP driver: each call is one round trip (a statement, BEGIN, COMMIT). */
export const countingFetch: typeof fetch = (input, init) => {
  const answered = countDatabaseRoundTrip();
  return fetch(input, init).finally(answered);
};
