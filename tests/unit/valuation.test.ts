import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { describe, expect, it } from 'vitest';
import { industries } from '@bedriftstorget/core/listing/listing.sql';
import { formatNok } from '@bedriftstorget/core/format/nb';
import { valuation as texts } from '@bedriftstorget/core/texts/nb';
import fc from 'fast-check';
import { estimateValue, revenueShare, roundNok, valuationMultiples } from '@bedriftstorget/core/valuation/multiples';
import { parseAmount, valuationFormSchema, valuationInputSchema } from '@bedriftstorget/core/valuation/schemas';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('industry multiples', () => {
  it('has profit and revenue multiples with low < high for every industry', () => {
    expect(Object.keys(valuationMultiples).sort()).toEqual([...industries].sort());
    for (const industry of industries) {
      const { profit, revenue } = valuationMultiples[industry];
      expect(profit.low, industry).toBeGreaterThan(0);
      expect(profit.low, industry).toBeLessThan(profit.high);
      expect(revenue.low, industry).toBeGreaterThan(0);
      expect(revenue.low, industry).toBeLessThan(revenue.high);
    }
  });

  it('keeps every range narrow: the high end at most 1.75× the low (decision 091)', () => {
    for (const industry of industries) {
      const { profit, revenue } = valuationMultiples[industry];
      expect(profit.high / profit.low, industry).toBeLessThanOrEqual(1.75);
      expect(revenue.high / revenue.low, industry).toBeLessThanOrEqual(2);
    }
  });

  it('has a Norwegian label for every industry', () => {
    for (const industry of industries) expect(industryLabels[industry]).toMatch(/\S/);
  });
});

describe('estimateValue', () => {
  it('uses the profit multiples when there is a profit', () => {
    // services: 2–3.5 × profit
    expect(estimateValue({ industry: 'services', revenue: 5_000_000, profit: 1_000_000 })).toEqual({ low: 2_000_000, high: 3_500_000, method: 'profit' });
    // tech: 4–6 × profit, without revenue
    expect(estimateValue({ industry: 'tech', profit: 500_000 })).toEqual({ low: 2_000_000, high: 3_000_000, method: 'profit' });
  });

  it('values an owner-run hair salon (3 MNOK revenue, 400 k result) at about 2–4× its result', () => {
    const salon = estimateValue({ industry: 'services', revenue: 3_000_000, profit: 400_000 });
    expect(salon).toEqual({ low: 800_000, high: 1_400_000, method: 'profit' });
    expect(salon.low / 400_000).toBeGreaterThanOrEqual(2);
    expect(salon.high / 400_000).toBeLessThanOrEqual(4);
  });

  it('values a loss on revenue, discounted by how deep the loss is', () => {
    // restaurant: 0.2–0.35 × revenue; a margin of −5 % keeps a quarter of it
    expect(estimateValue({ industry: 'restaurant', revenue: 4_000_000, profit: -200_000 })).toEqual({ low: 200_000, high: 350_000, method: 'revenue' });
    // break-even keeps half; an unknown profit the full revenue multiple
    expect(estimateValue({ industry: 'restaurant', revenue: 4_000_000, profit: 0 })).toEqual({ low: 400_000, high: 700_000, method: 'revenue' });
    expect(estimateValue({ industry: 'restaurant', revenue: 4_000_000, profit: null })).toEqual({ low: 800_000, high: 1_400_000, method: 'revenue' });
    // a deep loss keeps a tenth, never nothing
    expect(revenueShare(1_000_000, -900_000)).toBe(0.1);
  });

  it('never values a loss-making restaurant above the same one with a profit', () => {
    const profitable = estimateValue({ industry: 'restaurant', revenue: 4_800_000, profit: 600_000 });
    const losing = estimateValue({ industry: 'restaurant', revenue: 4_800_000, profit: -200_000 });
    expect(profitable).toEqual({ low: 1_200_000, high: 1_800_000, method: 'profit' });
    expect(losing.high).toBeLessThan(profitable.low);
  });

  it('never falls when the profit or the revenue rises (any industry, any figures)', () => {
    const amount = fc.integer({ min: -50_000_000, max: 50_000_000 });
    const revenue = fc.integer({ min: 1, max: 100_000_000 });
    const industry = fc.constantFrom(...industries);
    fc.assert(
      fc.property(industry, revenue, amount, amount, (ind, rev, a, b) => {
        const [worse, better] = a <= b ? [a, b] : [b, a];
        const low = estimateValue({ industry: ind, revenue: rev, profit: worse });
        const high = estimateValue({ industry: ind, revenue: rev, profit: better });
        return low.low <= high.low && low.high <= high.high;
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(industry, revenue, revenue, amount, (ind, a, b, profit) => {
        const [smaller, larger] = a <= b ? [a, b] : [b, a];
        const low = estimateValue({ industry: ind, revenue: smaller, profit });
        const high = estimateValue({ industry: ind, revenue: larger, profit });
        return low.low <= high.low && low.high <= high.high && low.low <= low.high;
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds to two significant figures and never finer than 10 000 kr', () => {
    // retail: 2–3 × 617 000 = 1 234 000 – 1 851 000
    expect(estimateValue({ industry: 'retail', profit: 617_000 })).toMatchObject({ low: 1_200_000, high: 1_900_000 });
    expect(roundNok(1_250_000)).toBe(1_300_000);
    expect(roundNok(987_654)).toBe(990_000);
    expect(roundNok(23_456)).toBe(20_000);
    expect(roundNok(36_000_000)).toBe(36_000_000);
    expect(roundNok(3_000)).toBe(10_000);
  });

  it('refuses without a positive revenue or profit', () => {
    expect(() => estimateValue({ industry: 'other' })).toThrow(RangeError);
    expect(() => estimateValue({ industry: 'other', revenue: 0, profit: -100 })).toThrow(RangeError);
    expect(() => estimateValue({ industry: 'other', revenue: Number.NaN })).toThrow(RangeError);
  });

  it('reads in Norwegian format', () => {
    const { low, high } = estimateValue({ industry: 'services', profit: 1_000_000 });
    // Intl's group separator is a no-break space (which one depends on the ICU version).
    expect(`${formatNok(low)} – ${formatNok(high)}`.replace(/\s/g, ' ')).toBe('2 000 000 kr – 3 500 000 kr');
  });
});

describe('valuation input', () => {
  it('needs an industry and a positive figure, with Norwegian messages', () => {
    expect(firstMessage(valuationInputSchema.safeParse({ industry: 'bank', revenue: 1 }))).toBe(texts.chooseIndustry);
    expect(firstMessage(valuationInputSchema.safeParse({ industry: 'tech' }))).toBe(texts.figuresRequired);
    expect(firstMessage(valuationInputSchema.safeParse({ industry: 'tech', revenue: 0, profit: -1 }))).toBe(texts.figuresRequired);
    expect(firstMessage(valuationInputSchema.safeParse({ industry: 'tech', revenue: -1, profit: 5 }))).toBe(texts.amountNegative);
    expect(firstMessage(valuationInputSchema.safeParse({ industry: 'tech', revenue: 10_000_000_001 }))).toBe(texts.amountTooLarge);
    expect(firstMessage(valuationInputSchema.safeParse({ industry: 'tech', profit: 5, listingId: 'abc' }))).toBeDefined();
    expect(valuationInputSchema.parse({ industry: 'tech', profit: -5, revenue: 10, email: ' Kari@Example.NO ' })).toMatchObject({ email: 'kari@example.no' });
  });

  it('reads amounts as Norwegians type them; empty is not given', () => {
    expect(parseAmount('1 250 000')).toBe(1_250_000);
    expect(parseAmount('1\u00a0250\u202f000 kr')).toBe(1_250_000);
    expect(parseAmount('\u2212200 000')).toBe(-200_000);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('  ')).toBeUndefined();
    expect(parseAmount('1.250.000')).toBeNull();
    expect(parseAmount('mye')).toBeNull();
  });

  it('turns the form text into the API input and shows every problem at once', () => {
    expect(valuationFormSchema.parse({ industry: 'craft', revenue: '2 000 000', profit: '', email: '' }))
      .toEqual({ industry: 'craft', revenue: 2_000_000, profit: undefined, email: undefined });
    const empty = valuationFormSchema.safeParse({ industry: '', revenue: '', profit: '', email: '' });
    expect(empty.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['industry', texts.chooseIndustry],
      ['revenue', texts.figuresRequired],
    ]);
    expect(firstMessage(valuationFormSchema.safeParse({ industry: 'craft', revenue: 'mye', profit: '', email: '' }))).toBe(texts.amountInvalid);
  });
});
