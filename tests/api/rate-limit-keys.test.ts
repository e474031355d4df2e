import { createHash } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addressSubject } from '@bedriftstorget/api/auth/rate-limit';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { networkKey } from '@bedriftstorget/api/http/network';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import { removePlainRateLimits } from '../../infra/ops/backfill-rate-limits';
import { testDatabaseUrl } from '../setup/test-db';
import { Browser, createHarness, db, signedInUser, slot, uniqueEmail } from './harness';

/**
 * Decision 134: the rate-limit rows that count by address are keyed by an HMAC of it with the
 * RateLimitKey secret — the table names nobody, not even as a plain hash one could look up — and
 * the rows written before that are removed by a backfill step.
 */
const handle = connectMysql(testDatabaseUrl(slot), 1);
afterAll(() => handle.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const allKeys = async () => (await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);

describe('rate-limit rows that count by address', () => {
  it('hold no address, nor a plain hash of it: wrong passwords, a reset and a resent confirmation', async () => {
    const h = createHarness();
    const { email } = await signedInUser(h);
    // Upper case as typed: the server's own form of the address must not appear either.
    const guesser = new Browser(h);
    for (let i = 0; i < 3; i += 1) await expect(guesser.call((c) => c.auth.signIn({ email, password: 'feil-passord-123' }))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await new Browser(h).call((c) => c.auth.requestPasswordReset({ email }));
    const unconfirmed = uniqueEmail('ubekreftet');
    await new Browser(h).call((c) => c.auth.resendConfirmation({ email: unconfirmed }));

    const keys = await allKeys();
    const traces = [email, unconfirmed, sha256(email), sha256(unconfirmed), sha256(`${email}\n${networkKey(guesser.ip)}`)];
    for (const trace of traces) expect(keys.filter((key) => key.toLowerCase().includes(trace.toLowerCase())), trace).toEqual([]);
    expect(keys.some((key) => key.includes('@'))).toBe(false);
    // What the rows are keyed by instead: the keyed hash, for the per-address ceiling, the reset and the resend.
    const subject = addressSubject(h.config, email);
    expect(keys.filter((key) => key.includes(subject)).map((key) => key.split(':')[0]).sort()).toEqual(['reset-email', 'signin-fail-email']);
    expect(keys.some((key) => key.startsWith(`resend-email:${addressSubject(h.config, unconfirmed)}:`))).toBe(true);
    expect(keys.some((key) => key.startsWith('signin-pair-h:'))).toBe(true);
    // Keyed: another key gives other rows, so a list of addresses hashed without it finds nothing.
    expect(addressSubject({ rateLimitKey: 'en-annen-nokkel-enn-denne' }, email)).not.toBe(subject);
  });

  it('the backfill removes the rows written before (plain address, plain hashes) and nothing else, once', async () => {
    const h = createHarness();
    const email = uniqueEmail('gammel');
    const long = `${'a'.repeat(60)}${email}`;
    const window = 1_234_567;
    const plain = [`reset-email:${email}:${window}`, `signin-fail-email:${email}:${window}`, `resend-email:${sha256(long)}:${window}`, `signin-pair:${sha256(`${email}\n10.0.0.0`)}`];
    const kept = [`reset-email:${addressSubject(h.config, email)}:${window}`, `signin-pair-h:${sha256('x')}`, `reset-ip:10.9.8.7:${window}`, `mutations-user:${crypto.randomUUID()}:${window}`];
    const now = new Date();
    await db.insert(rateLimits).values([...plain, ...kept].map((key) => ({ key, windowStartedAt: now, hits: 1 })));

    expect(await removePlainRateLimits(handle)).toBeGreaterThanOrEqual(plain.length);
    const left = await allKeys();
    for (const key of plain) expect(left, key).not.toContain(key);
    for (const key of kept) expect(left, key).toContain(key);
    expect(await removePlainRateLimits(handle)).toBe(0);
    expect(await db.select().from(rateLimits).where(like(rateLimits.key, '%@%'))).toEqual([]);
  });
});
