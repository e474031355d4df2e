import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consumeEmailToken, createEmailToken, TOKEN_LIFETIME_MS } from '@bedriftstorget/api/auth/tokens';
import { emailTokens } from '@bedriftstorget/core/auth/auth.sql';
import { createHarness, db, signedInUser } from './harness';

/**
 * The one-time e-mail tokens (auth/tokens.ts) on their own, beside the sign-up and reset flows of
 * auth.test.ts: lifetime per purpose, one live token per purpose, single use under concurrency.
 */
describe('one-time e-mail tokens', () => {
  it("live 24 hours for a confirmation and one hour for a reset or 'Slett konto', counted from their creation", async () => {
    const { userId } = await signedInUser(createHarness());
    for (const purpose of ['verify_email', 'reset_password', 'delete_account'] as const) {
      const before = Date.now();
      await createEmailToken(db, userId, purpose);
      const rows = await db.select().from(emailTokens).where(eq(emailTokens.userId, userId));
      const live = rows.filter((row) => row.purpose === purpose && row.usedAt === null);
      expect(live).toHaveLength(1);
      const lifetime = live[0]!.expiresAt.getTime() - before;
      // MySQL keeps whole seconds: the stored expiry is within a second and a half of the exact one.
      expect(Math.abs(lifetime - TOKEN_LIFETIME_MS[purpose])).toBeLessThan(1_500);
    }
    expect(TOKEN_LIFETIME_MS).toEqual({ verify_email: 24 * 3_600_000, reset_password: 3_600_000, delete_account: 3_600_000 });
  });

  it('retires the earlier unused token of the same purpose, and only that purpose', async () => {
    const { userId } = await signedInUser(createHarness());
    const reset = await createEmailToken(db, userId, 'reset_password');
    const first = await createEmailToken(db, userId, 'verify_email');
    const second = await createEmailToken(db, userId, 'verify_email');
    expect(await consumeEmailToken(db, first, 'verify_email')).toBeNull();
    expect(await consumeEmailToken(db, second, 'verify_email')).toBe(userId);
    expect(await consumeEmailToken(db, reset, 'reset_password')).toBe(userId);
  });

  it('answers null for an unknown token, another purpose, a used or an expired one', async () => {
    const { userId } = await signedInUser(createHarness());
    const token = await createEmailToken(db, userId, 'reset_password');
    expect(await consumeEmailToken(db, 'ukjent', 'reset_password')).toBeNull();
    expect(await consumeEmailToken(db, token, 'verify_email')).toBeNull();
    expect(await consumeEmailToken(db, token, 'reset_password')).toBe(userId);
    expect(await consumeEmailToken(db, token, 'reset_password')).toBeNull();

    const expired = await createEmailToken(db, userId, 'reset_password');
    await db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(emailTokens.userId, userId));
    expect(await consumeEmailToken(db, expired, 'reset_password')).toBeNull();
  });

  it('lets one of many simultaneous uses of a link through', async () => {
    const { userId } = await signedInUser(createHarness());
    for (let round = 0; round < 3; round += 1) {
      const token = await createEmailToken(db, userId, 'reset_password');
      const results = await Promise.all(Array.from({ length: 4 }, () => consumeEmailToken(db, token, 'reset_password')));
      expect(results.filter((r) => r === userId)).toHaveLength(1);
    }
  });
});
