import type { Database } from './client';
import type { DatabaseDriver } from './driver';
import { connectMysql } from './mysql';
import { connectPlanetscale } from './planetscale';

export interface DatabaseHandle {
  db: Database;
  /** For the start-up log line: the driver and where it connects, never the credentials. */
  description: string;
  close: () => Promise<void>;
}

/**
 * Picks the driver for the local server and the tests. The Lambda and the Cron always run on
 * PlanetScale (their config says so) and call connectPlanetscale directly, so mysql2 stays out of their bundle.
 */
export function connectDatabase(driver: DatabaseDriver, url: string, mysqlConnections = 10): DatabaseHandle {
  const where = new URL(url);
  if (driver === 'planetscale') {
    return { db: connectPlanetscale(url), description: `planetscale (http) ${where.protocol === 'http:' ? 'http' : 'https'}://${where.host}`, close: () => Promise.resolve() };
  }
  const { db, close } = connectMysql(url, mysqlConnections);
  return { db, description: `mysql2 ${where.host}${where.pathname}`, close };
}
