import type { Industry } from '../listing/enums';

export interface Multiples {
  /** Value as a multiple of yearly profit (resultat), low and high. */
  profit: { low: number; high: number };
  /** Value as a multiple of yearly revenue (omsetning), low and high. */
  revenue: { low: number; high: number };
}

/**
 * Indicative multiples for small Norwegian businesses (roughly 1 to 50 million kroner in revenue).
 *
 * Where the figures come from:
 * - Small-business transaction studies: BizBuySell Insight Report (sale price to cash flow and to
 *   revenue by sector, US main-street sales) and DealStats (BVR, formerly Pratt's Stats) private
 *   company transactions. These put restaurants and shops near 2–3× earnings and 0.3–0.5× revenue,
 *   services and trades near 2.5–4×, software and online businesses higher.
 * - Aswath Damodaran's sector multiples (NYU Stern, "Value multiples by industry", Europe and
 *   global data sets: EV/EBIT, EV/Sales) for the relative order of sectors.
 * - PwC Norway and Norske Finansanalytikeres Forening's yearly survey "Risikopremien i det norske
 *   markedet", whose extra required return for small companies is why we stay well under listed
 *   Damodaran levels: a small, owner-run, illiquid business sells at a large discount.
 *
 * The figures are our rounded reading of those sources, adjusted down for size and owner
 * dependence; they are indicative only and not a valuation. Decision 091: most sellers here are
 * owner-run (a hair salon, a shop, a workshop), where buyers pay about 2–4× the result; the high end
 * is at most 1.75× the low (a range of 1 to 5 million kroner told the seller nothing), and the revenue multiples
 * sit low enough that a business with a usual margin is valued on its result, not lifted by revenue. Profit multiples assume profit after
 * a market salary to the owner; revenue multiples are a fallback for businesses without profit.
 */
export const valuationMultiples: Record<Industry, Multiples> = {
  restaurant: { profit: { low: 2, high: 3 }, revenue: { low: 0.2, high: 0.35 } },
  retail: { profit: { low: 2, high: 3 }, revenue: { low: 0.15, high: 0.3 } },
  tech: { profit: { low: 4, high: 6 }, revenue: { low: 0.8, high: 1.4 } },
  services: { profit: { low: 2, high: 3.5 }, revenue: { low: 0.25, high: 0.4 } },
  craft: { profit: { low: 2.5, high: 4 }, revenue: { low: 0.25, high: 0.4 } },
  fitness: { profit: { low: 2.5, high: 4 }, revenue: { low: 0.4, high: 0.65 } },
  ecommerce: { profit: { low: 3, high: 4.5 }, revenue: { low: 0.4, high: 0.7 } },
  other: { profit: { low: 2, high: 3.5 }, revenue: { low: 0.25, high: 0.45 } },
};

export interface ValueEstimate {
  low: number;
  high: number;
  method: 'profit' | 'revenue';
}

const MIN_STEP = 10_000;

/**
 * Two significant figures, never finer than 10 000 kr: more digits would promise a precision an
 * industry multiple does not have. Monotonic, so low never passes high.
 */
export function roundNok(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(value, 1)));
  const step = Math.max(MIN_STEP, magnitude / 10);
  return Math.max(MIN_STEP, Math.round(value / step) * step);
}

const positive = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
const known = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** At this profit margin or better the revenue multiples apply in full (they assume a typical margin). */
const FULL_MARGIN = 0.1;
/** What is left of the revenue value for a deep loss: the customers, lease and equipment still sell. */
const MIN_REVENUE_SHARE = 0.1;

/**
 * How much of the revenue multiple a margin earns: all of it from 10 %, half at break-even, falling
 * with the loss down to a tenth. Never decreasing in the margin, so a better result never lowers the
 * value. Unknown profit keeps the full multiple (the industry multiple already assumes a usual margin).
 */
export function revenueShare(revenue: number, profit: number | null | undefined): number {
  if (!known(profit)) return 1;
  const margin = profit / revenue;
  return Math.min(1, Math.max(MIN_REVENUE_SHARE, 0.5 + (0.5 * margin) / FULL_MARGIN));
}

/**
 * The higher of two values, bound by bound: the earnings value (profit × profit multiple) and the
 * revenue value (revenue × revenue multiple × the margin's share). Both never fall when the profit
 * or the revenue rises, so neither does the estimate: a loss is never valued above a profit
 * (decision 027). Refuses when neither figure is a positive number.
 */
export function estimateValue(input: { industry: Industry; revenue?: number | null; profit?: number | null }): ValueEstimate {
  const multiples = valuationMultiples[input.industry];
  const { revenue, profit } = input;
  const earnings = positive(profit) ? { low: profit * multiples.profit.low, high: profit * multiples.profit.high } : { low: 0, high: 0 };
  const share = positive(revenue) ? revenue * revenueShare(revenue, profit) : 0;
  const sales = { low: share * multiples.revenue.low, high: share * multiples.revenue.high };
  if (earnings.high <= 0 && sales.high <= 0) throw new RangeError('A valuation needs a positive revenue or profit');
  return {
    low: roundNok(Math.max(earnings.low, sales.low)),
    high: roundNok(Math.max(earnings.high, sales.high)),
    method: earnings.low >= sales.low ? 'profit' : 'revenue',
  };
}
