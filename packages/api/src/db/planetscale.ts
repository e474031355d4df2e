import { Client } from '@planetscale/database';
import { drizzle } from 'drizzle-orm/planetscale-serverless';
import { schema, type Database } from './client';

/** PlanetScale's HTTP driver: no connection pool to keep warm in a Lambda. */
export function connectPlanetscale(url: string): Database {
  return drizzle(new Client({ url }), { schema });
}
