/** Day and week buckets of the statistics, in UTC (the database stores UTC; views are counted per UTC day). */
const DAY_MS = 86_400_000;

export const dayKey = (date: Date): string => date.toISOString().slice(0, 10);

export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Monday 00:00 UTC of the date's ISO week. */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  const weekday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - weekday * DAY_MS);
}

/** The bucket keys (first day of each bucket) covering the last `days` days up to `now`, oldest first. */
export function bucketKeys(now: Date, days: number, bucket: 'day' | 'week'): string[] {
  const first = startOfDay(new Date(now.getTime() - (days - 1) * DAY_MS));
  const keys: string[] = [];
  const step = bucket === 'day' ? DAY_MS : 7 * DAY_MS;
  for (let t = (bucket === 'day' ? first : startOfWeek(first)).getTime(); t <= now.getTime(); t += step) keys.push(dayKey(new Date(t)));
  return keys;
}

/** Nearest-rank percentile (q in 0..1) of a sorted list; null when empty. */
export function percentile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1]!;
}

/** The ISO 8601 week number of a date key ('2026-11-23' → 48): weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(key: string): number {
  const day = new Date(`${key.slice(0, 10)}T00:00:00Z`);
  const thursday = new Date(day.getTime() + (3 - ((day.getUTCDay() + 6) % 7)) * DAY_MS);
  const firstOfYear = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - firstOfYear) / DAY_MS / 7) + 1;
}
