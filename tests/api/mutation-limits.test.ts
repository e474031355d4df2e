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
import { DEFAULT_MUTATION_LIMITS, mutationLimitsOf, type ProcedureMeta } from '@bedriftstorget/api/auth/mutation-limits';
import { windowKey } from '@bedriftstorget/api/auth/rate-limit';
import { RATE_LIMITS, type RateLimitRule } from '@bedriftstorget/api/auth/rate-limit-rules';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { networkKey } from '@bedriftstorget/api/http/network';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { listingFields } from './fixtures-data';
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

/**
 * Calls any procedure by its path; answers 'OK' or the error's code and message. The input is empty
 * (the default limits come before it is read) except for a procedure whose handler counts its own
 * limits, which needs input its schema accepts to get there.
 */
const VALID_INPUT: Record<string, unknown> = {
  'auth.signIn': { email: 'noen@example.no', password: 'hemmelig1' },
  // Sending a message counts its limits in its handler (decision 092): a listing and a person that do not exist are enough.
  'message.contactSeller': { listingId: crypto.randomUUID(), text: 'Hei, er den til salgs?', clientMessageId: crypto.randomUUID() },
  'message.reply': { listingId: crypto.randomUUID(), counterpartId: crypto.randomUUID(), text: 'Takk for svar.', clientMessageId: crypto.randomUUID() },
  // So does a submit: an upload that does not exist is enough, the limits come before it is looked at.
  'seller.create': { id: crypto.randomUUID(), fields: listingFields, images: [{ uploadId: crypto.randomUUID() }] },
};

async function callByPath(browser: Browser, path: string): Promise<{ code: string; message?: string }> {
  try {
    await browser.call((caller) => {
      const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
      return (procedure as (input: unknown) => Promise<unknown>)(VALID_INPUT[path] ?? {});
    });
    return { code: 'OK' };
  } catch (error) {
    return { code: (error as TRPCError).code, message: (error as TRPCError).message };
  }
}

const refused = { code: 'TOO_MANY_REQUESTS', message: texts.tooManyActions };
const limitsOf = (path: string) => mutationLimitsOf(procedures[path]!._def.meta as ProcedureMeta | undefined);
/** Sign-in counts its network limit in its handler (decision 078): its own rule and message. */
const refusedBy = (rule: RateLimitRule) => ({ code: 'TOO_MANY_REQUESTS', message: rule.message });

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

  it('refuses every mutation of a user past the per-user limit, from any network (sign-in, a visitor\'s act, counts by network)', async () => {
    const { browser, userId } = await signedInUser(h);
    await fill(RATE_LIMITS.mutationsPerUser, userId, RATE_LIMITS.mutationsPerUser.limit);
    const elsewhere = new Browser(h);
    elsewhere.cookies = new Map(browser.cookies);
    const byUser = mutations.filter((path) => path !== 'auth.signIn');
    const answers = Object.fromEntries(await Promise.all(byUser.map(async (path) => [path, await callByPath(elsewhere, path)] as const)));
    expect(answers).toEqual(Object.fromEntries(byUser.map((path) => [path, refused])));
  });

  it('refuses every mutation from a network past its per-network limit (the default, or the procedure\'s own)', async () => {
    const visitor = new Browser(h);
    await fill(RATE_LIMITS.mutationsPerNetwork, networkKey(visitor.ip), RATE_LIMITS.mutationsPerNetwork.limit);
    const answers = Object.fromEntries(await Promise.all(mutations.map(async (path) => [path, await callByPath(visitor, path)] as const)));
    const ownLimits = mutations.filter((path) => limitsOf(path).perNetwork !== RATE_LIMITS.mutationsPerNetwork);
    expect(ownLimits.sort()).toEqual(['auth.signIn', 'listing.recordView']);
    expect(Object.fromEntries(Object.entries(answers).filter(([path]) => !ownLimits.includes(path))))
      .toEqual(Object.fromEntries(mutations.filter((path) => !ownLimits.includes(path)).map((path) => [path, refused])));
    for (const path of ownLimits) {
      expect(answers[path]?.code, path).not.toBe('TOO_MANY_REQUESTS');
      const other = new Browser(h);
      await fill(limitsOf(path).perNetwork, networkKey(other.ip), limitsOf(path).perNetwork.limit);
      expect(await callByPath(other, path), path).toEqual(refusedBy(limitsOf(path).perNetwork));
    }
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
