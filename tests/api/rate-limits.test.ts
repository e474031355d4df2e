import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS, type RateLimitName } from '@bedriftstorget/api/auth/rate-limit-rules';
import { auth } from '@bedriftstorget/core/texts/nb';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { DRIVERS, outcome, SEPARATELY_TESTED, type DrivenRule } from './rate-limit-drivers';
import { Browser, createHarness, LOCK_TEST_TIMEOUT, randomIp, signedInUser, uniqueEmail } from './harness';

/**
 * Every rule of the one rate-limit table (decision record 060), through the real procedures. Only
 * Date is faked: each test starts one second into a window of every rule (all windows divide an
 * hour), so the count never straddles a window's end, and the next window is a clock change away.
 */
const HOUR = 60 * 60_000;

function startOfAWindow(): number {
  const start = (Math.floor(Date.now() / HOUR) + 1) * HOUR + 1_000;
  vi.setSystemTime(start);
  return start;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const driven = Object.keys(DRIVERS) as DrivenRule[];

describe('the rate-limit table', () => {
  it('has a test for every rule', () => {
    // The ceiling has its own test below; the others named in SEPARATELY_TESTED say where theirs are.
    const tested: RateLimitName[] = [...driven, ...SEPARATELY_TESTED];
    expect(Object.keys(RATE_LIMITS).sort()).toEqual(tested.sort());
  });
});

describe.each([1, 2])('RATE_LIMIT_MULTIPLIER=%i', (multiplier) => {
  describe.each(driven)('%s', (name) => {
    const rule = RATE_LIMITS[name];
    const limit = rule.limit * multiplier;
    it(`allows ${limit} per window, refuses the next in Norwegian, counts by ${rule.keyedBy} alone and starts afresh`, { timeout: LOCK_TEST_TIMEOUT }, async () => {
      const start = startOfAWindow();
      const driver = DRIVERS[name](createHarness({ config: { rateLimitMultiplier: multiplier } }));
      for (let i = 1; i <= limit; i += 1) expect((await driver.attempt('a')).code, `attempt ${i}`).toBe(driver.allowed);
      expect(await driver.attempt('a')).toEqual({ code: 'TOO_MANY_REQUESTS', message: rule.message, retryAfter: rule.windowMs / 1000 - 1 });
      expect((await driver.attempt('b')).code, `another ${rule.keyedBy}`).toBe(driver.allowed);
      vi.setSystemTime(start + rule.windowMs - 2_000);
      expect((await driver.attempt('a')).code, 'later in the same window').toBe('TOO_MANY_REQUESTS');
      vi.setSystemTime(start + rule.windowMs);
      expect((await driver.attempt('a')).code, 'the next window').toBe(driver.allowed);
    });
  });
});

describe.each([1, 2])('signInFailuresPerAddress (the ceiling of wrong passwords per address), RATE_LIMIT_MULTIPLIER=%i', (multiplier) => {
  const rule = RATE_LIMITS.signInFailuresPerAddress;
  const limit = rule.limit * multiplier;

  it(`after ${limit} wrong passwords in the window, networks that failed wait; fresh networks and other addresses do not`, { timeout: LOCK_TEST_TIMEOUT }, async () => {
    // Ten minutes before a window ends, so the networks' own failures (forgotten after 15) outlive it.
    const windowEnd = startOfAWindow() - 1_000 + rule.windowMs;
    vi.setSystemTime(windowEnd - 10 * 60_000);
    const h = createHarness({ config: { rateLimitMultiplier: multiplier } });
    const { email, password } = await signedInUser(h);
    const wrong = (ip: string, address = email) => outcome(new Browser(h, ip).call((c) => c.auth.signIn({ email: address, password: 'feilpassord' })));
    // Fifty networks, 2 × multiplier failures each at most: under the back-off's 5 × multiplier free
    // failures, so only the ceiling can refuse; the last allowed one comes from a network that failed before.
    const networks = Array.from({ length: 50 }, randomIp);
    for (let i = 0; i < limit; i += 1) expect((await wrong(networks[i % 50]!)).code, `failure ${i + 1}`).toBe('UNAUTHORIZED');
    // The answer says how long to wait (the ceiling's window left: ten minutes).
    expect(await wrong(networks[0]!)).toEqual({ code: 'TOO_MANY_REQUESTS', message: auth.signInWait('10 minutter'), retryAfter: 10 * 60 });
    expect((await wrong(randomIp())).code, 'a network that never failed').toBe('UNAUTHORIZED');
    await new Browser(h).call((c) => c.auth.signIn({ email, password }));
    // Another address is counted apart, even from a network past the ceiling for the first one.
    const other = uniqueEmail();
    expect((await wrong(networks[1]!, other)).code).toBe('UNAUTHORIZED');
    expect((await wrong(networks[1]!, other)).code).toBe('UNAUTHORIZED');
    vi.setSystemTime(windowEnd);
    expect((await wrong(networks[2]!)).code, 'the next window').toBe('UNAUTHORIZED');
  });
});

describe('a network is an IPv6 /64 whole', () => {
  const group = () => Math.floor(Math.random() * 0xffff).toString(16);
  const prefix = () => `2001:db8:${group()}:${group()}`;

  it('counts sign-ups from every address of one /64 together, and a neighbouring /64 apart', async () => {
    startOfAWindow();
    const h = createHarness({ config: { rateLimitMultiplier: 1 } });
    const rule = RATE_LIMITS.signUpPerNetwork;
    const signUp = (ip: string) => outcome(new Browser(h, ip).call((c) => c.auth.signUp({ email: uniqueEmail(), password: 'hemmelig1', acceptTerms: true })));
    const home = prefix();
    for (let i = 1; i <= rule.limit; i += 1) expect((await signUp(`${home}::${i.toString(16)}`)).code).toBe('OK');
    expect(await signUp(`${home}:ffff:ffff:ffff:ffff`)).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: rule.message });
    expect((await signUp(`${prefix()}::1`)).code).toBe('OK');
  });

  it('backs sign-in off for the /64, not for each of its addresses', async () => {
    startOfAWindow();
    const h = createHarness({ config: { rateLimitMultiplier: 1 } });
    const { email } = await signedInUser(h);
    const home = prefix();
    const wrong = (i: number) => outcome(new Browser(h, `${home}::${i.toString(16)}`).call((c) => c.auth.signIn({ email, password: 'feilpassord' })));
    for (let i = 1; i <= 5; i += 1) expect((await wrong(i)).code).toBe('UNAUTHORIZED');
    expect((await wrong(6)).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('429 over HTTP', () => {
  const app = 'http://localhost:3000';
  const post = (path: string, body: unknown) =>
    new Request(`${app}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app }, body: JSON.stringify(body) });
  const errorMessage = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

  it('says how long until the window ends in Retry-After', async () => {
    const rule = RATE_LIMITS.valuationPerNetwork;
    startOfAWindow();
    vi.setSystemTime(Date.now() + 20 * 60_000);
    const h = createHarness({ config: { rateLimitMultiplier: 1 } });
    const ip = randomIp();
    for (let i = 0; i < rule.limit; i += 1) {
      const ok = await handleTrpc(h, post('valuation.estimate', { industry: 'retail', profit: 100_000 }), ip);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('retry-after')).toBeNull();
    }
    const refused = await handleTrpc(h, post('valuation.estimate', { industry: 'retail', profit: 100_000 }), ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(40 * 60 - 1));
    expect(await errorMessage(refused)).toBe(rule.message);
  });

  it('says how long the sign-in back-off lasts', async () => {
    startOfAWindow();
    const h = createHarness({ config: { rateLimitMultiplier: 1 } });
    const { email } = await signedInUser(h);
    const ip = randomIp();
    const wrong = () => handleTrpc(h, post('auth.signIn', { email, password: 'feilpassord' }), ip);
    for (let i = 0; i < 5; i += 1) expect((await wrong()).status).toBe(401);
    const first = await wrong();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(await errorMessage(first)).toBe(auth.signInWait('1 sekund'));
    vi.setSystemTime(Date.now() + 1_000);
    expect((await wrong()).status).toBe(401);
    vi.setSystemTime(Date.now() + 500);
    expect((await wrong()).headers.get('retry-after')).toBe('2');
  });
});
