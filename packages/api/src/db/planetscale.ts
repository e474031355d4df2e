import { Client } from '@planetscale/database';
import { drizzle } from 'drizzle-orm/planetscale-serverless';
import { schema, type Database } from './client';
import { bindable } from './bind';
import { countingFetch } from './round-trips';
import { beginsLazily } from './transaction-after';

/**
 * PlanetScale's HTTP driver: no connection pool to keep warm in a Lambda. A request's copy
 * (db/bind.ts) counts each HTTP call towards its round trips (its log line, docs/decisions/073).
 */
export function connectPlanetscale(url: string): Database {
  const db = drizzle(new Client({ url }), { schema });
  // The session's `baseClient` starts transactions, its `client` sends the rest: both the request's.
  const bound = bindable(db, (counter) => new Client({ url, fetch: countingFetch(counter) }), (session, client) => Object.assign(session, { baseClient: client }));
  // Vitess begins a transaction with its first statement: a BEGIN can go beside reads (decision 098).
  return beginsLazily(bound);
}
