import { inArray, sql } from 'drizzle-orm';
import { mailSuppressions, type suppressionReasons } from '@bedriftstorget/core/mail/mail.sql';
import type { Database } from '../db/client';

export type SuppressionReason = (typeof suppressionReasons)[number];

/** Addresses are compared in lower case: sign-up stores them so, SES reports them as the mail server wrote them. */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();

/** The given addresses that must not be mailed (decision 071). */
export async function suppressedAmong(db: Database, emails: string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normalizeAddress))];
  if (wanted.length === 0) return new Set();
  const rows = await db.select({ email: mailSuppressions.email }).from(mailSuppressions).where(inArray(mailSuppressions.email, wanted));
  return new Set(rows.map((row) => row.email));
}

/** Marks an address undeliverable; the first reason recorded stands (a later complaint does not rewrite a bounce). */
export async function suppressAddress(db: Database, email: string, reason: SuppressionReason, detail: string | null): Promise<void> {
  await db
    .insert(mailSuppressions)
    .values({ email: normalizeAddress(email).slice(0, 255), reason, detail: detail?.slice(0, 500) ?? null })
    .onDuplicateKeyUpdate({ set: { email: sql`${mailSuppressions.email}` } });
}
