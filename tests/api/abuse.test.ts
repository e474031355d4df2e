import { eq, like } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createInnerContext } from '@bedriftstorget/api/context';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { MAX_BATCH_CALLS } from '@bedriftstorget/api/http/guard';
import { backOffMs, checkSignIn, clearSignInFailures, recordSignInFailure, SIGN_IN } from '@bedriftstorget/api/auth/sign-in-throttle';
import { addressSubject, scaledLimit, windowKey } from '@bedriftstorget/api/auth/rate-limit';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import { sendDraftReminders } from '@bedriftstorget/api/jobs/draft-reminders';
import { visitorKey } from '@bedriftstorget/api/listing/views';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { auth as texts } from '@bedriftstorget/core/texts/nb';
import { createListing } from './fixtures';
import { Browser, createHarness, db, deliverMail, randomIp, signedInUser, uniqueEmail } from './harness';

const app = 'http://localhost:3000';

async function views(id: string): Promise<number> {
  const [row] = await db.select({ views: listings.views }).from(listings).where(eq(listings.id, id));
  return row?.views ?? -1;
}

function batch(paths: string[], inputs: unknown[], headers: Record<string, string> = {}): Request {
  const body = JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, input])));
  return new Request(`${app}/trpc/${paths.join(',')}?batch=1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app, ...headers }, body });
}

describe('view inflation', () => {
  it('counts one view per visitor and day, whatever the batch or cookies', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const id = await createListing(userId);
    const ip = randomIp();
    const full = Array.from({ length: MAX_BATCH_CALLS }, () => 'listing.recordView');
    await handleTrpc(h, batch(full, full.map(() => ({ id }))), ip);
    expect(await views(id)).toBe(1);
    // Forged or dropped visitor cookies from the same address change nothing.
    for (let i = 0; i < 5; i += 1) {
      await handleTrpc(h, batch(['listing.recordView'], [{ id }], { cookie: `bt_vid=${crypto.randomUUID()}` }), ip);
    }
    expect(await views(id)).toBe(1);
    // Another visitor (address) counts.
    await handleTrpc(h, batch(['listing.recordView'], [{ id }]), randomIp());
    expect(await views(id)).toBe(2);
  });

  it('refuses a batch of 500 whole, counting nothing', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const id = await createListing(userId);
    const many = Array.from({ length: 500 }, () => 'listing.recordView');
    const response = await handleTrpc(h, batch(many, many.map(() => ({ id }))), randomIp());
    expect(response.status).toBe(400);
    expect(await views(id)).toBe(0);
  });

  it('keys IPv6 visitors by their /64', () => {
    const key = (ip: string) => visitorKey({ user: null, ip });
    expect(key('2001:db8:1:2:aaaa::1')).toBe(key('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(key('2001:db8:1:2::1')).not.toBe(key('2001:db8:1:3::1'));
    expect(key('::ffff:10.1.2.3')).toBe(key('10.1.2.3'));
  });
});

describe('sign-in lockout', () => {
  const wrong = (b: Browser, email: string) => b.call((c) => c.auth.signIn({ email, password: 'feilpassord' })).then(() => 'OK', (e: { code: string }) => e.code);

  it('slows a stranger guessing from one network, never the owner on another', async () => {
    // The clock stands still, so no back-off runs out between two calls however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const h = createHarness();
    const { email } = await signedInUser(h);
    const stranger = new Browser(h);
    const codes: string[] = [];
    for (let i = 0; i < 12; i += 1) codes.push(await wrong(stranger, email));
    expect(codes.slice(0, SIGN_IN.freeFailures)).toEqual(Array(SIGN_IN.freeFailures).fill('UNAUTHORIZED'));
    expect(codes.slice(SIGN_IN.freeFailures + 1)).toContain('TOO_MANY_REQUESTS');
    // Even the right password waits out the back-off on the stranger's network …
    const refused = await stranger.call((c) => c.auth.signIn({ email, password: 'hemmelig1' })).catch((e: { code: string; message: string }) => e);
    // … and is told how long: the clock stands still, so the wait is the back-off itself.
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^For mange feil passord\. Vent \d+ (sekund|sekunder|minutt|minutter) og prøv igjen\.$/) as unknown });
    // … while the owner signs in at once from home.
    const owner = new Browser(h);
    await owner.call((c) => c.auth.signIn({ email, password: 'hemmelig1' }));
    expect(await owner.call((c) => c.auth.me())).toMatchObject({ email });
  });

  it('says how long to wait from the wrong password that starts the back-off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const h = createHarness({ config: { rateLimitMultiplier: 1 } });
    const { email } = await signedInUser(h);
    const stranger = new Browser(h);
    const messages: string[] = [];
    for (let i = 0; i < SIGN_IN.freeFailures + 1; i += 1) {
      messages.push(await stranger.call((c) => c.auth.signIn({ email, password: 'feilpassord' })).then(() => 'OK', (e: { message: string }) => e.message));
    }
    expect(messages.slice(0, SIGN_IN.freeFailures - 1)).toEqual(Array(SIGN_IN.freeFailures - 1).fill(texts.wrongCredentials));
    expect(messages[SIGN_IN.freeFailures - 1]).toBe(texts.wrongCredentialsWait('1 sekund'));
    expect(messages[SIGN_IN.freeFailures]).toBe(texts.signInWait('1 sekund'));
  });

  it('doubles the wait after the free failures, up to 15 minutes', () => {
    expect([4, 5, 6, 7, 30].map((n) => backOffMs(n, 5))).toEqual([0, 1_000, 2_000, 4_000, 15 * 60_000]);
  });

  it('past the ceiling per address, only networks that never failed may try', async () => {
    const h = createHarness();
    const { email } = await signedInUser(h);
    const ctxAt = (ip: string) => createInnerContext(h, { session: null, user: null, ip, cookies: {}, resHeaders: new Headers() });
    const guessers = Array.from({ length: 10 }, () => randomIp());
    // All inside one window of the per-address count, each guesser past its own back-off (10 failures: 32 s).
    const t0 = Math.floor(Date.now() / SIGN_IN.perAddress.windowMs) * SIGN_IN.perAddress.windowMs + 1_000;
    for (let i = 0; i < SIGN_IN.perAddress.limit; i += 1) await recordSignInFailure(ctxAt(guessers[i % 10]!), email, t0);
    await expect(checkSignIn(ctxAt(guessers[0]!), email, t0 + 60_000)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(checkSignIn(ctxAt(randomIp()), email)).resolves.toBeUndefined();
    const owner = new Browser(h);
    await owner.call((c) => c.auth.signIn({ email, password: 'hemmelig1' }));
    expect(await owner.call((c) => c.auth.me())).toMatchObject({ email });
  });
});

describe('the failures of one network for one address', () => {
  // Ten failures past the free ones: the longest back-off, 15 minutes, as long as they are remembered.
  async function failedOften(h: ReturnType<typeof createHarness>, t0: number) {
    const { email } = await signedInUser(h);
    const ctx = createInnerContext(h, { session: null, user: null, ip: randomIp(), cookies: {}, resHeaders: new Headers() });
    const free = SIGN_IN.freeFailures * h.config.rateLimitMultiplier;
    for (let i = 0; i < free + 10; i += 1) await recordSignInFailure(ctx, email, t0);
    return { email, ctx };
  }
  // A whole second: the table keeps whole seconds.
  const t0 = Math.floor(Date.now() / 1_000) * 1_000;

  it('are forgotten 15 minutes after the last one, not a millisecond before, even past the ceiling per address', async () => {
    const h = createHarness();
    // Inside one window of the per-address count, so the ceiling holds for the whole test.
    const start = Math.floor(Date.now() / SIGN_IN.perAddress.windowMs) * SIGN_IN.perAddress.windowMs + 1_000;
    const { email, ctx } = await failedOften(h, start);
    const { key, windowStart } = windowKey(SIGN_IN.perAddress, addressSubject(h.config, email), start);
    const ceiling = scaledLimit(SIGN_IN.perAddress, h.config);
    await db.insert(rateLimits).values({ key, windowStartedAt: windowStart, hits: ceiling }).onDuplicateKeyUpdate({ set: { hits: ceiling } });
    // Still remembered: this network has failed for the address, so the ceiling refuses it …
    await expect(checkSignIn(ctx, email, start + SIGN_IN.forgetAfterMs)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // … and a millisecond later it is a network that never failed, which may try.
    await expect(checkSignIn(ctx, email, start + SIGN_IN.forgetAfterMs + 1)).resolves.toBeUndefined();
  });

  it('are cleared by the right password, and kept under a key that does not name the address', async () => {
    const h = createHarness();
    const { email, ctx } = await failedOften(h, t0);
    // Keyed by an HMAC with the RateLimitKey (decision 134), not a plain hash anyone can recompute.
    const pairs = await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'signin-pair%'));
    expect(pairs.length).toBeGreaterThan(0);
    for (const { key } of pairs) expect(key).toMatch(/^signin-pair-h:[0-9a-f]{64}$/);
    await expect(checkSignIn(ctx, email, t0 + 1_000)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await clearSignInFailures(ctx, email);
    await expect(checkSignIn(ctx, email, t0 + 1_000)).resolves.toBeUndefined();
  });
});

describe('draft reminders are no relay', () => {
  it('mails no visitor text, once a month per address, and limits each network', async () => {
    const h = createHarness();
    const victim = uniqueEmail('offer');
    const visitor = new Browser(h);
    const bait = 'Vinn en iPhone: https://evil.example/login';
    await visitor.call((c) => c.seller.rememberDraft({ email: victim, title: bait }));
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    await sendDraftReminders(h, later);
    await deliverMail(h, later);
    expect(h.mailer.to(victim)).toHaveLength(1);
    expect(h.mailer.last(victim).text).not.toContain('evil');
    // Asking again (from anywhere) sends nothing more this month.
    await new Browser(h).call((c) => c.seller.rememberDraft({ email: victim, title: bait }));
    await sendDraftReminders(h, new Date(later.getTime() + 25 * 60 * 60 * 1000));
    await deliverMail(h, new Date(later.getTime() + 25 * 60 * 60 * 1000));
    expect(h.mailer.to(victim)).toHaveLength(1);
    // One network cannot spray addresses.
    const codes: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      codes.push(await visitor.call((c) => c.seller.rememberDraft({ email: uniqueEmail('spray'), title: null })).then(() => 'OK', (e: { code: string }) => e.code));
    }
    expect(codes).toContain('TOO_MANY_REQUESTS');
  });
});
