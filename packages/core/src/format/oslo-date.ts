/**
 * The day in Norway of a moment, 'dd.mm.yyyy', without Intl. Intl.DateTimeFormat knows Norway's
 * time zone, but the first Intl object a browser tab makes costs it 20–35 ms (ICU loads its data)
 * and that used to be part of every listing page's first load (decision 159). Norway follows the
 * EU's summer time: UTC+2 from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
 * Sunday of October, UTC+1 otherwise. That rule holds from 1996; for other years (and an invalid
 * date) this returns null and the caller asks Intl. `tests/unit/format-nb.test.ts` compares it
 * with Intl's tz data through 2100: should the EU's rule ever change, that test is
 * where it shows.
 */
const FIRST_YEAR = 1996;
const LAST_YEAR = 2100;
const HOUR = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) in `year`. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

export function osloDate(moment: Date): string | null {
  const time = moment.getTime();
  const year = moment.getUTCFullYear();
  // The last hours of a year may be the next year in Norway: both years are inside the rule's range.
  // An invalid date's year is NaN, and fails this too.
  if (!(year >= FIRST_YEAR && year < LAST_YEAR)) return null;
  const summer = time >= lastSundayAt1Utc(year, 2) && time < lastSundayAt1Utc(year, 9);
  // The day in Norway is the UTC day of the moment moved by Norway's offset: 'yyyy-mm-dd' → 'dd.mm.yyyy'.
  const [y, m, d] = new Date(time + (summer ? 2 : 1) * HOUR).toISOString().slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}
