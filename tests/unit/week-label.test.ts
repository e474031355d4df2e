import { describe, expect, it } from 'vitest';
import { isoWeek } from '@bedriftstorget/core/stats/buckets';
import { adminStatsTexts } from '@bedriftstorget/core/texts/numbers';

describe('week buckets read as weeks', () => {
  it('gives the ISO week of a week key (Monday) and of any day in it', () => {
    expect(isoWeek('2026-11-23')).toBe(48);
    expect(isoWeek('2026-11-29')).toBe(48); // the Sunday of the same week
    expect(isoWeek('2026-11-30')).toBe(49);
  });

  it('handles the turn of the year as ISO does', () => {
    expect(isoWeek('2024-12-30')).toBe(1); // belongs to 2025's first week
    expect(isoWeek('2026-12-28')).toBe(53); // 2026 has 53 weeks
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2027-01-04')).toBe(1);
  });

  it("reads 'uke 48'", () => {
    expect(adminStatsTexts.weekLabel(isoWeek('2026-11-23'))).toBe('uke 48');
  });
});
