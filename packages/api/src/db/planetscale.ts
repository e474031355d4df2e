import { Client } from '@planetscale/database';
import { drizzle } from 'drizzle-orm/planetscale-serverless';
import { schema, type Database } from './client';
import { countingFetch } from './round-trips';
import { beginsLazily } from './transaction-after';

/**
 * PlanetScale's HTTP driver: no connection pool to keep warm in a Lambda. Each HTTP call counts
 * towards the request's round trips (its log line, docs/decisions/073).
 */
export function connectPlanetscale(url: string): Database {
  // Vitess begins a transaction with its first statement: a BEGIN can go beside reads (decision 098).
  return beginsLazily(drizzle(new Client({ url, fetch: countingFetch }), { schema }));
}
