import { TRPCError } from '@trpc/server';
import type { User } from 'lucia';
import { describe, expect, it } from 'vitest';
import { addressSubject, retryAfterSeconds, type RetryLater, scaledLimit, subjectOf, tooManyRequests, windowKey } from '@bedriftstorget/api/auth/rate-limit';
import { RATE_LIMITS } from '@bedriftstorget/api/auth/rate-limit-rules';
import { networkKey } from '@bedriftstorget/api/http/network';

const rules = Object.values(RATE_LIMITS);
const HOUR = 60 * 60_000;

describe('the rate-limit table', () => {
  it('gives every rule its own counter name', () => {
    const names = rules.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    // The name ends at the key's first ':' (an IPv6 network has colons of its own).
    for (const name of names) expect(name).toMatch(/^[a-z-]+$/);
  });

  it('tells whoever is refused to wait, in Norwegian', () => {
    for (const rule of rules) expect(rule.message, rule.name).toMatch(/Vent litt og prøv igjen\.$/);
  });

  it('has windows that divide an hour (an hour starts a window of each: tests/api/rate-limits.test.ts relies on it) or are whole days', () => {
    for (const rule of rules) expect(HOUR % rule.windowMs === 0 || rule.windowMs % (24 * HOUR) === 0, rule.name).toBe(true);
  });

  it('is the table of decision record 060 (a change to a limit changes the record too)', () => {
    const summary = Object.entries(RATE_LIMITS).map(([rule, { limit, windowMs, keyedBy }]) => `${rule} ${limit}/${windowMs / 60_000} min by ${keyedBy}`);
    expect(summary).toEqual([
      'signInPerNetwork 50/15 min by network',
      'signInFailuresPerAddress 100/60 min by email',
      'signUpPerNetwork 20/60 min by network',
      'resetPerAddress 3/60 min by email',
      'resetPerNetwork 20/60 min by network',
      'resendPerAddress 5/60 min by email',
      'resendPerNetwork 20/60 min by network',
      'draftReminderPerNetwork 10/60 min by network',
      'uploadsPerUser 60/60 min by user',
      'documentUploadsPerUser 30/60 min by user',
      'documentDownloadsPerUser 60/60 min by user',
      'messagesPerUser 30/10 min by user',
      'inquiriesPerUser 10/60 min by user',
      'offersPerUser 10/60 min by user',
      'quotaRequestsPerUser 3/60 min by user',
      'accessRequestsPerUser 10/60 min by user',
      'companyLookupPerNetwork 30/10 min by network',
      'valuationPerNetwork 30/60 min by network',
      'clientErrorsPerNetwork 30/10 min by network',
      'unsubscribePerNetwork 20/10 min by network',
      'reportsPerUserHour 5/60 min by user',
      'reportsPerUserDay 20/1440 min by user',
      'vippsPerNetwork 30/15 min by network',
      'vippsLinkPerNetwork 10/15 min by network',
      'favoritesPerUser 60/10 min by user',
      'mutationsPerUser 200/10 min by user',
      'mutationsPerNetwork 1000/10 min by network',
      'viewsPerNetwork 3000/10 min by network',
    ]);
  });

  it('scales every rule by RATE_LIMIT_MULTIPLIER alike', () => {
    for (const rule of rules) expect(scaledLimit(rule, { rateLimitMultiplier: 20 }), rule.name).toBe(rule.limit * 20);
  });
});

describe('what a rule counts by', () => {
  const user = { id: 'user-1' } as User;
  const config = { rateLimitKey: 'enhetstestenes-nokkel-for-rate-limits' };
  const network = rules.find((rule) => rule.keyedBy === 'network')!;
  const byUser = rules.find((rule) => rule.keyedBy === 'user')!;
  const byEmail = rules.find((rule) => rule.keyedBy === 'email')!;

  it('a network: IPv4 whole, IPv6 by its /64, an IPv4-mapped address as IPv4', () => {
    expect(subjectOf({ ip: '10.1.2.3', user, config }, network)).toBe('ip:10.1.2.3');
    expect(subjectOf({ ip: '2001:db8:1:2:aaaa::1', user: null, config }, network)).toBe(subjectOf({ ip: '2001:db8:1:2:bbbb:cccc:dddd:eeee', user: null, config }, network));
    expect(subjectOf({ ip: '2001:db8:1:2::1', user: null, config }, network)).not.toBe(subjectOf({ ip: '2001:db8:1:3::1', user: null, config }, network));
    expect(subjectOf({ ip: '::ffff:10.1.2.3', user: null, config }, network)).toBe(networkKey('10.1.2.3'));
    expect(networkKey('2001:DB8::1')).toBe('ip6:2001:db8:0:0::/64');
  });

  it('a user: the signed-in one, whatever the network', () => {
    expect(subjectOf({ ip: '10.1.2.3', user, config }, byUser)).toBe('user-1');
    expect(subjectOf({ ip: '10.9.9.9', user, config }, byUser)).toBe('user-1');
    expect(() => subjectOf({ ip: '10.1.2.3', user: null, config }, byUser)).toThrow(/signed-in/);
  });

  it('an address: the one given, never the caller', () => {
    // Keyed by an HMAC of it with the RateLimitKey (decision 134): the same for the same address on any network, never the address.
    const kari = subjectOf({ ip: '10.1.2.3', user, config }, byEmail, 'kari@example.no');
    expect(kari).toMatch(/^h-[0-9a-f]{56}$/);
    expect(subjectOf({ ip: '10.9.9.9', user: null, config }, byEmail, 'kari@example.no')).toBe(kari);
    expect(subjectOf({ ip: '10.1.2.3', user, config }, byEmail, 'ola@example.no')).not.toBe(kari);
    expect(addressSubject({ rateLimitKey: 'en-annen-nokkel-for-rate-limits' }, 'kari@example.no')).not.toBe(kari);
    expect(() => addressSubject({ rateLimitKey: '' }, 'kari@example.no')).toThrow(/RateLimitKey/);
    expect(() => subjectOf({ ip: '10.1.2.3', user, config }, byEmail)).toThrow(/address/);
  });
});

describe('counter keys', () => {
  const rule = RATE_LIMITS.resetPerAddress;
  it('keep the window number and fit the column (191) for an address of 255 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.no`.slice(0, 255);
    const other = `${long.slice(0, -4)}x.no`;
    const now = 1_000 * HOUR;
    const { key } = windowKey(rule, long, now);
    expect(key.length).toBeLessThanOrEqual(191);
    expect(key.endsWith(`:${Math.floor(now / rule.windowMs)}`)).toBe(true);
    expect(windowKey(rule, other, now).key).not.toBe(key);
    expect(windowKey(rule, long, now + rule.windowMs).key).not.toBe(key);
    expect(windowKey(rule, 'kari@example.no', now).key).toBe(`reset-email:kari@example.no:${Math.floor(now / rule.windowMs)}`);
  });

  it('keep a subject of up to 64 characters readable, and hash a longer one', () => {
    const index = Math.floor(HOUR / rule.windowMs);
    expect(windowKey(rule, 'a'.repeat(64), HOUR).key).toBe(`reset-email:${'a'.repeat(64)}:${index}`);
    expect(windowKey(rule, 'a'.repeat(65), HOUR).key).toMatch(new RegExp(`^reset-email:[0-9a-f]{64}:${index}$`));
  });
});

describe('Retry-After', () => {
  it('rounds the wait up to whole seconds, at least one', () => {
    expect((tooManyRequests('x', 1).cause as RetryLater).seconds).toBe(1);
    expect((tooManyRequests('x', 1_001).cause as RetryLater).seconds).toBe(2);
    expect((tooManyRequests('x', 3_599_000).cause as RetryLater).seconds).toBe(3_599);
    expect((tooManyRequests('x', -5).cause as RetryLater).seconds).toBe(1);
    // The cause's message is what the log shows for a refused call.
    expect((tooManyRequests('x', 1_001).cause as RetryLater).message).toBe('retry after 2 s');
  });

  it('is the longest wait of a batch, and absent without a refused call', () => {
    const other = new TRPCError({ code: 'BAD_REQUEST', message: 'x' });
    expect(retryAfterSeconds([tooManyRequests('a', 2_000), other, tooManyRequests('b', 60_000)])).toBe(60);
    expect(retryAfterSeconds([other])).toBeNull();
    expect(retryAfterSeconds([])).toBeNull();
  });
});
