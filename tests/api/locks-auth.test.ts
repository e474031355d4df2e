import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { Browser, createHarness, db, LOCK_TEST_TIMEOUT, uniqueEmail } from './harness';

/**
 * Transactions and row locks under concurrency (decision 003). These files run twice: in the `api`
 * project through mysql2, and in `api-planetscale` through PlanetScale's HTTP driver and the local
 * stand-in for its API (decision 010), where every statement is its own HTTP call.
 */

describe('concurrent sign-ups', () => {
  it('keeps one account when two sign-ups for one address race', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const email = uniqueEmail();
    await Promise.all([0, 1, 2].map(() => new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }))));
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('signs up many different users at once without deadlocks', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const emails = Array.from({ length: 40 }, () => uniqueEmail('samtidig'));
    await Promise.all(emails.map((email) => new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }))));
    for (const email of emails) expect(h.mailer.to(email)).toHaveLength(1);
  });
});
