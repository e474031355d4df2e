import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { valuation as texts } from '@bedriftstorget/core/texts/nb';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { Browser, createHarness, db, signedInUser, uniqueEmail } from './harness';

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return error;
}

const requestsFor = (email: string) => db.select().from(valuationRequests).where(eq(valuationRequests.email, email));

async function listingOf(ownerId: string): Promise<string> {
  const [row] = await db
    .insert(listings)
    .values({ ownerId, title: 'Kafé i sentrum', industry: 'restaurant', location: 'Bergen', description: 'En godt drevet kafé med faste kunder.' })
    .$returningId();
  return row!.id;
}

async function estimateAs(browser: Browser, extra: { listingId?: string } = {}) {
  const email = uniqueEmail('verdi');
  const result = await browser.call((c) => c.valuation.estimate({ industry: 'restaurant', revenue: 4_000_000, profit: 600_000, email, ...extra }));
  const rows = await requestsFor(email);
  expect(rows).toHaveLength(1);
  return { result, row: rows[0]! };
}

describe('valuation.estimate', () => {
  it('returns the range and stores one request with the figures for staff', async () => {
    const h = createHarness();
    const email = uniqueEmail('verdi');
    const result = await new Browser(h).call((c) => c.valuation.estimate({ industry: 'services', revenue: 3_000_000, profit: 800_000, email: ` ${email.toUpperCase()} ` }));
    // services: 2–3.5 × profit
    expect(result).toEqual({ low: 1_600_000, high: 2_800_000, method: 'profit' });
    const rows = await requestsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      industry: 'services', revenue: 3_000_000, profit: 800_000, lowValue: 1_600_000, highValue: 2_800_000, userId: null, listingId: null, handledAt: null,
    });
  });

  it('uses revenue when there is no profit, and stores the loss as given', async () => {
    const h = createHarness();
    const email = uniqueEmail('verdi');
    const result = await new Browser(h).call((c) => c.valuation.estimate({ industry: 'tech', revenue: 2_000_000, profit: -150_000, email }));
    // A loss weighs the revenue multiple down (decision 027: a loss is never valued above a profit).
    expect(result).toEqual({ low: 200_000, high: 350_000, method: 'revenue' });
    expect((await requestsFor(email))[0]).toMatchObject({ revenue: 2_000_000, profit: -150_000 });
  });

  it('stores a visitor request without e-mail too', async () => {
    const h = createHarness();
    // A figure no other test uses finds the row.
    const revenue = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    await new Browser(h).call((c) => c.valuation.estimate({ industry: 'craft', revenue }));
    const rows = await db.select().from(valuationRequests).where(and(eq(valuationRequests.revenue, revenue), isNull(valuationRequests.email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ industry: 'craft', profit: null, userId: null });
  });

  it('sets userId for a signed-in user and null for a visitor', async () => {
    const h = createHarness();
    const { browser, userId } = await signedInUser(h);
    expect((await estimateAs(browser)).row.userId).toBe(userId);
    expect((await estimateAs(new Browser(h))).row.userId).toBeNull();
  });

  it("keeps the listing only when it is the caller's own", async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const other = await signedInUser(h);
    const listingId = await listingOf(owner.userId);
    expect((await estimateAs(owner.browser, { listingId })).row.listingId).toBe(listingId);
    expect((await estimateAs(other.browser, { listingId })).row.listingId).toBeNull();
    expect((await estimateAs(new Browser(h), { listingId })).row.listingId).toBeNull();
    expect((await estimateAs(owner.browser, { listingId: crypto.randomUUID() })).row.listingId).toBeNull();
  });

  it('refuses bad input with the Norwegian message and stores nothing', async () => {
    const h = createHarness();
    const browser = new Browser(h);
    const email = uniqueEmail('verdi');
    const none = await rejection(browser.call((c) => c.valuation.estimate({ industry: 'tech', revenue: 0, profit: -10, email })));
    expect(none).toMatchObject({ code: 'BAD_REQUEST', message: texts.figuresRequired });
    const negative = await rejection(browser.call((c) => c.valuation.estimate({ industry: 'tech', revenue: -5, profit: 100_000, email })));
    expect(negative.message).toBe(texts.amountNegative);
    const industry = await rejection(browser.call((c) => c.valuation.estimate({ industry: 'bank' as 'tech', revenue: 100_000, email })));
    expect(industry.message).toBe(texts.chooseIndustry);
    expect(await requestsFor(email)).toHaveLength(0);
  });

  it('allows 30 estimates per hour from one address, then refuses in Norwegian', async () => {
    const h = createHarness();
    const browser = new Browser(h);
    const email = uniqueEmail('verdi');
    for (let i = 0; i < 30; i += 1) {
      await browser.call((c) => c.valuation.estimate({ industry: 'retail', profit: 100_000, email }));
    }
    const refused = await rejection(browser.call((c) => c.valuation.estimate({ industry: 'retail', profit: 100_000, email })));
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: texts.tooManyRequests });
    expect(await requestsFor(email)).toHaveLength(30);
    // Another address is not affected.
    await new Browser(h).call((c) => c.valuation.estimate({ industry: 'retail', profit: 100_000, email }));
    expect(await requestsFor(email)).toHaveLength(31);
  });
});
