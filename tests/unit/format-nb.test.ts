import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatNok, formatNumber } from '@bedriftstorget/core/format/nb';
import { osloDate } from '@bedriftstorget/core/format/oslo-date';

/**
 * Whole numbers and days are written without Intl, so a page's first load makes no Intl object
 * (decision 159): they must be exactly what Intl's nb-NO writes, character for character.
 */
const intlInteger = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });
const intlDate = new Intl.DateTimeFormat('nb-NO', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Oslo' });

describe('whole numbers without Intl', () => {
  it('are what Intl writes for any number: halves, negatives, −0, beyond the safe integers, NaN', () => {
    for (const value of [0, -0, 0.5, -0.5, 2.5, -2.5, -0.4, 999, 1000, -300_000, 1_249_999.6, 2 ** 53 - 1, 2 ** 53 + 2, 1e21, -1e21, Number.NaN, Infinity, -Infinity]) {
      expect(formatNumber(value), String(value)).toBe(intlInteger.format(value));
    }
    fc.assert(fc.property(fc.double({ min: -1e16, max: 1e16, noNaN: true }), (value) => formatNumber(value) === intlInteger.format(value)), { numRuns: 5_000 });
    fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (value) => formatNumber(value) === intlInteger.format(value)), { numRuns: 5_000 });
  });

  it('money is the whole kroner Intl writes, then a no-break space and kr', () => {
    fc.assert(fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (value) => formatNok(value) === `${intlInteger.format(Math.round(value))}\u00a0kr`), { numRuns: 5_000 });
  });
});

describe("a day in Norway without Intl", () => {
  it("is Intl's Europe/Oslo day every 5 hours from 1996 through 2099 (every hour of the day in turn), and around each change of the clocks to the second", () => {
    const start = Date.UTC(1996, 0, 1);
    const end = Date.UTC(2100, 0, 1);
    for (let time = start; time < end; time += 5 * 3_600_000) {
      const moment = new Date(time);
      if (osloDate(moment) !== intlDate.format(moment)) expect(osloDate(moment), moment.toISOString()).toBe(intlDate.format(moment));
    }
    // The clocks change at 01:00 UTC: the second before and after, every year.
    for (let year = 1996; year < 2100; year += 1) {
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (const time of [change - 1_000, change, change + 1_000, change + 22 * 3_600_000 - 1_000, change + 22 * 3_600_000]) {
          expect(osloDate(new Date(time)), new Date(time).toISOString()).toBe(intlDate.format(new Date(time)));
        }
      }
    }
  }, 30_000);

  it('leaves other years and an invalid date to Intl, which formatDate then asks', () => {
    expect(osloDate(new Date('1995-06-01T12:00:00Z'))).toBeNull();
    expect(osloDate(new Date('2100-01-01T00:00:00Z'))).toBeNull();
    expect(osloDate(new Date('ikke en dato'))).toBeNull();
    expect(formatDate('1990-01-01T23:30:00Z')).toBe('02.01.1990');
    expect(() => formatDate('ikke en dato')).toThrow(RangeError);
    // The year's last hours are the next year in Norway.
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01.01.2027');
    expect(formatDate('2026-03-05T23:30:00Z')).toBe('06.03.2026');
  });
});
