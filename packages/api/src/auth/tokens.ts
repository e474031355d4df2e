import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { emailTokens, users } from '@bedriftstorget/core/auth/auth.sql';
import { affectedRows, type Database } from '../db/client';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  delete_account: 60 * 60 * 1000,
};

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a one-time token; earlier unused tokens of the same purpose stop working. Also inside
 * a transaction (with the mail that carries it, decision 070): the earlier tokens are retired by
 * primary key, so only their rows are locked — an UPDATE by user_id took a gap lock that, held
 * across the INSERT, deadlocked concurrent sign-ups of different users. A new account has none.
 */
export async function createEmailToken(db: Database, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const earlier = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  if (earlier.length > 0) {
    await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(inArray(emailTokens.id, earlier.map((row) => row.id)), isNull(emailTokens.usedAt)));
  }
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Marks the token used and returns its user id, or null when it is unknown, used or expired.
 * The conditional UPDATE makes two concurrent uses of one link succeed at most once.
 */
export async function consumeEmailToken(db: Database, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
  const tokenHash = sha256(token);
  const now = new Date();
  const [row] = await db
    .select({ id: emailTokens.id, userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
  if (!row) return null;
  const result = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)));
  return affectedRows(result) === 1 ? row.userId : null;
}

/**
 * Who a token was made for, used or not, without spending it: a confirmation link opened twice says
 * the address is confirmed, a reset link is checked before its form. `usable` is
 * what consumeEmailToken would accept now.
 */
export async function tokenOwner(db: Database, token: string, purpose: EmailTokenPurpose): Promise<{ usable: boolean; emailVerified: boolean } | null> {
  const [row] = await db
    .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt, emailVerified: users.emailVerified })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, purpose)));
  if (!row) return null;
  return { usable: row.usedAt === null && row.expiresAt.getTime() > Date.now(), emailVerified: row.emailVerified };
}
