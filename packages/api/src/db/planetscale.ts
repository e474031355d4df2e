import { Client } from '@planetscale/database';
import { drizzle } from 'drizzle-orm/planetscale-serverless';
import { schema, type Database } from './client';
import { countingFetch } from './round-trips';

/**
 * PlanetScale's HTTP driver: no connection pool to keep warm in a Lambda. Each HTTP call counts
 * towards the request's round trips (its log line, docs/decisions/073).
 */
export function connectPlanetscale(url: string): Database {
  return drizzle(new Client({ url, fetch: countingFetch }), { schema });
}
