/**
 * Rate limits by default (decision 085): every mutation of the router, found by walking
 * appRouter._def.procedures as the authorization matrix does, counts against a limit per user and
 * one per network, set by the procedure builders — so a new mutation cannot ship without one.
 * The default limits are too high to drive call by call: each test fills a counter to its limit
 * and checks that the next call of every mutation is refused, and a call below the limit is not.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import { request as texts } from '@bedriftstorget/core/texts/http';
import { DEFAULT_MUTATION_LIMITS } from '@bedriftstorget/api/auth/mutation-limits';
import { windowKey } from '@bedriftstorget/api/auth/rate-limit';
import { RATE_LIMITS, type RateLimitRule } from '@bedriftstorget/api/auth/rate-limit-rules';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { networkKey } from '@bedriftstorget/api/http/network';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { Browser, createHarness, db, signedInUser, type Harness } from './harness';

const HOUR = 60 * 60_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // One second into an hour: every window of these rules (10 minutes) starts there.
  vi.setSystemTime((Math.floor(Date.now() / HOUR) + 1) * HOUR + 1_000);
});
afterEach(() => {
  vi.useRealTimers();
});

type Procedure = { _def: { type: string; meta?: unknown } };
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;
const mutations = Object.keys(procedures).filter((path) => procedures[path]!._def.type === 'mutation').sort();

/** Sets a counter as if `hits` calls had been counted in this window. */
async function fill(rule: RateLimitRule, subject: string, hits: number) {
  const { key, windowStart } = windowKey(rule, subject, Date.now());
  await db.insert(rateLimits).values({ key, windowStartedAt: windowStart, hits }).onDuplicateKeyUpdate({ set: { hits } });
}

/** Calls any procedure by its path with an empty input; answers 'OK' or the error's code and message. */
async function callByPath(browser: Browser, path: string): Promise<{ code: string; message?: string }> {
  try {
    await browser.call((caller) => {
      const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
      return (procedure as (input: unknown) => Promise<unknown>)({});
    });
    return { code: 'OK' };
  } catch (error) {
    return { code: (error as TRPCError).code, message: (error as TRPCError).message };
  }
}

const refused = { code: 'TOO_MANY_REQUESTS', message: texts.tooManyActions };

describe('every mutation is rate limited by default', () => {
  let h: Harness;
  beforeEach(() => {
    h = createHarness({ config: { rateLimitMultiplier: 1 } });
  });

  it('finds the mutations (the router walk works)', () => {
    expect(mutations.length).toBeGreaterThan(30);
    expect(mutations).toContain('auth.signIn');
    expect(mutations).toContain('admin.reports.dismiss');
  });

  it('refuses every mutation of a user past the per-user limit, from any network', async () => {
    const { browser, userId } = await signedInUser(h);
    await fill(RATE_LIMITS.mutationsPerUser, userId, RATE_LIMITS.mutationsPerUser.limit);
    const elsewhere = new Browser(h);
    elsewhere.cookies = new Map(browser.cookies);
    const answers = Object.fromEntries(await Promise.all(mutations.map(async (path) => [path, await callByPath(elsewhere, path)] as const)));
    expect(answers).toEqual(Object.fromEntries(mutations.map((path) => [path, refused])));
  });

  it("refuses every mutation from a network past the per-network limit, but a counted view has the network's own allowance", async () => {
    const visitor = new Browser(h);
    await fill(RATE_LIMITS.mutationsPerNetwork, networkKey(visitor.ip), RATE_LIMITS.mutationsPerNetwork.limit);
    const answers = Object.fromEntries(await Promise.all(mutations.map(async (path) => [path, await callByPath(visitor, path)] as const)));
    const { 'listing.recordView': view, ...others } = answers;
    expect(others).toEqual(Object.fromEntries(mutations.filter((path) => path !== 'listing.recordView').map((path) => [path, refused])));
    expect(view?.code).not.toBe('TOO_MANY_REQUESTS');

    await fill(RATE_LIMITS.viewsPerNetwork, networkKey(visitor.ip), RATE_LIMITS.viewsPerNetwork.limit);
    expect(await callByPath(visitor, 'listing.recordView')).toEqual(refused);
  });

  it('lets the last call within the limit through, and counts queries not at all', async () => {
    const { browser, userId } = await signedInUser(h);
    await fill(RATE_LIMITS.mutationsPerUser, userId, RATE_LIMITS.mutationsPerUser.limit - 1);
    for (let i = 0; i < 5; i += 1) await browser.call((c) => c.favorite.count());
    expect((await callByPath(browser, 'profile.update')).code).not.toBe('TOO_MANY_REQUESTS');
    expect(await callByPath(browser, 'profile.update')).toEqual(refused);
  });

  it('answers 429 over HTTP with Retry-After until the window ends', async () => {
    const ip = '203.0.113.7';
    await fill(DEFAULT_MUTATION_LIMITS.perNetwork, networkKey(ip), DEFAULT_MUTATION_LIMITS.perNetwork.limit);
    vi.setSystemTime(Date.now() + 4 * 60_000);
    const app = 'http://localhost:3000';
    const response = await handleTrpc(h, new Request(`${app}/trpc/valuation.estimate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app },
      body: JSON.stringify({ industry: 'retail', profit: 100_000 }),
    }), ip);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe(String(6 * 60 - 1));
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(texts.tooManyActions);
  });
});
