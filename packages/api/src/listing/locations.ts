import { count, desc, eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { countyOf } from '@bedriftstorget/core/listing/places';
import { countyLevel } from '@bedriftstorget/core/listing/public-location';
import type { Database } from '../db/client';

export interface LocationSuggestion {
  name: string;
  kind: 'town' | 'county';
  /** Public listings there. */
  listings: number;
}

const TTL_MS = 5 * 60_000;
const MAX_TOWNS = 300;
let cache: { value: Promise<LocationSuggestion[]>; expires: number } | null = null;

/**
 * The browse location field's suggestions: the towns public listings are in (most listings
 * first) and their counties. Grouping reads the (is_public, location, …) index once; the answer
 * is kept five minutes and shared by concurrent requests.
 */
export function locationSuggestions(db: Database, now = Date.now()): Promise<LocationSuggestion[]> {
  if (cache && cache.expires > now) return cache.value;
  const value = readSuggestions(db);
  cache = { value, expires: now + TTL_MS };
  value.catch(() => (cache = null));
  return value;
}

async function readSuggestions(db: Database): Promise<LocationSuggestion[]> {
  const rows = await db
    .select({ name: listings.location, confidential: listings.confidential, n: count() })
    .from(listings)
    .where(eq(listings.isPublic, true))
    .groupBy(listings.location, listings.confidential)
    .orderBy(desc(count()))
    .limit(MAX_TOWNS);
  const counties = new Map<string, number>();
  const towns: { name: string; n: number }[] = [];
  for (const row of rows) {
    // A confidential sale counts for its county only: its town is never suggested (decision 099).
    const county = row.confidential ? countyLevel(row.name) : countyOf(row.name);
    if (!row.confidential) towns.push(row);
    if (county && county.toLocaleLowerCase('nb') !== row.name.toLocaleLowerCase('nb')) counties.set(county, (counties.get(county) ?? 0) + row.n);
    else if (county && row.confidential) towns.push({ name: county, n: row.n });
  }
  return [
    ...mergeTowns(towns).map((row): LocationSuggestion => ({ name: row.name, kind: 'town', listings: row.n })),
    ...[...counties].sort((a, b) => b[1] - a[1]).map(([name, n]): LocationSuggestion => ({ name, kind: 'county', listings: n })),
  ];
}

/** One row per place (a place with confidential and other listings came as two groups), most listings first. */
function mergeTowns(rows: { name: string; n: number }[]): { name: string; n: number }[] {
  const byName = new Map<string, { name: string; n: number }>();
  for (const row of rows) {
    const key = row.name.toLocaleLowerCase('nb');
    const known = byName.get(key);
    if (known) known.n += row.n;
    else byName.set(key, { ...row });
  }
  return [...byName.values()].sort((a, b) => b.n - a.n);
}

export function clearLocationSuggestions(): void {
  cache = null;
}
