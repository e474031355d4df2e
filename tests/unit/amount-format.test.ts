import { describe, expect, it } from 'vitest';
import { formatAmount } from '@bedriftstorget/core/format/nb';
import { millionsText } from '@bedriftstorget/core/listing/rules';

// Intl's group separator and minus depend on the ICU version: compare with plain spaces and '-'.
const plain = (text: string) => text.replace(/\s/g, ' ').replace(/\u2212/g, '-');

describe('formatAmount (revenue and result on cards, key figures and the admin table)', () => {
  it('shows amounts under a million in full instead of rounding them to nothing', () => {
    expect(plain(formatAmount(100_000))).toBe('100 000 kr');
    expect(plain(formatAmount(40_000))).toBe('40 000 kr');
    expect(plain(formatAmount(999_000))).toBe('999 000 kr');
    expect(plain(formatAmount(-300_000))).toBe('-300 000 kr');
    expect(plain(formatAmount(0))).toBe('0 kr');
  });

  it('shows millions with three significant figures at most', () => {
    expect(plain(formatAmount(1_000_000))).toBe('1 mill. kr');
    expect(plain(formatAmount(1_250_000))).toBe('1,25 mill. kr');
    expect(plain(formatAmount(4_800_000))).toBe('4,8 mill. kr');
    expect(plain(formatAmount(12_345_678))).toBe('12,3 mill. kr');
    expect(plain(formatAmount(150_400_000))).toBe('150 mill. kr');
    expect(plain(formatAmount(-2_340_000))).toBe('-2,34 mill. kr');
    // The edge rounds up into millions rather than reading '1 000 000 kr'
    expect(plain(formatAmount(999_700))).toBe('1 mill. kr');
  });

  it('is what the listing pages use, with a dash for an unknown figure', () => {
    expect(plain(millionsText(100_000))).toBe('100 000 kr');
    expect(millionsText(100_000)).not.toMatch(/0,1/);
    expect(millionsText(null)).toBe('–');
  });
});
