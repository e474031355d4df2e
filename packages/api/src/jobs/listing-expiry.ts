import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { EXPIRY_WARNING_DAYS, LISTING_LIFETIME_DAYS } from '@bedriftstorget/core/listing/enums';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { expiry } from '@bedriftstorget/core/texts/lifecycle';
import type { Services } from '../context';
import { affectedRows, type Database } from '../db/client';
import { addDays, newRenewToken } from '../listing/lifecycle';
import { enqueueMail } from '../mail/outbox';
import { syncListingTerms } from '../listing/search';

const BATCH = 500;
/** Only the job's own columns change: updated_at dates the listing's content, not its bookkeeping. */
const keepUpdatedAt = { updatedAt: sql`${listings.updatedAt}` };

/**
 * Active listings expire 90 days after approval or renewal (decision 045). Each run, in order:
 * 1. stamps a period on active listings that have none (made active before migration 0009, or by
 *    seed data) — 90 days from now, so nothing disappears without its warning;
 * 2. mails each owner once, 7 days before, with a one-click renew link. Claimed by a conditional
 *    UPDATE (decision 003) in one transaction with the mail in the outbox (decision 070), so two
 *    runs at once queue it once. The claim also moves the expiry to at least 7 days after the mail;
 * 3. expires warned listings whose time has come, locking them and syncing listing_terms in one
 *    transaction, so they leave browse and search at once.
 */
export async function runListingExpiry(services: Pick<Services, 'db' | 'config'>, now = new Date()) {
  const { db } = services;
  const stamped = affectedRows(
    await db
      .update(listings)
      .set({ expiresAt: addDays(now, LISTING_LIFETIME_DAYS), ...keepUpdatedAt })
      .where(and(eq(listings.status, 'active'), isNull(listings.expiresAt))),
  );
  const { warned } = await warnOwners(services, now);
  const expired = await expireDue(db, now);
  return { stamped, warned, expired };
}

async function warnOwners(services: Pick<Services, 'db' | 'config'>, now: Date): Promise<{ warned: number }> {
  const { db } = services;
  const due = await db
    .select({ id: listings.id, title: listings.title, expiresAt: listings.expiresAt, email: users.email })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(and(eq(listings.status, 'active'), lte(listings.expiresAt, addDays(now, EXPIRY_WARNING_DAYS)), isNull(listings.expiryWarnedAt)))
    .orderBy(asc(listings.expiresAt))
    .limit(BATCH);
  let warned = 0;
  for (const listing of due) {
    const { token, hash } = newRenewToken();
    // Never less than 7 days' notice, even when the job did not run for a while.
    const earliest = addDays(now, EXPIRY_WARNING_DAYS);
    const expiresAt = listing.expiresAt && listing.expiresAt > earliest ? listing.expiresAt : earliest;
    const app = services.config.appUrl;
    const renewLink = `${app}/forny-annonse?token=${token}`;
    const mine = `${app}/mine-annonser`;
    // The claim and its mail in one transaction (decision 070): the outbox sends it, retrying while SES refuses.
    const won = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(listings)
        .set({ expiryWarnedAt: now, renewTokenHash: hash, expiresAt, ...keepUpdatedAt })
        .where(and(eq(listings.id, listing.id), eq(listings.status, 'active'), isNull(listings.expiryWarnedAt)));
      if (affectedRows(claimed) !== 1) return false;
      await enqueueMail(tx, { kind: 'expiry_warning', to: listing.email, subject: expiry.mailSubject, text: expiry.mailText(listing.title, formatDate(expiresAt), renewLink, mine), links: [renewLink, mine] }, now);
      return true;
    });
    if (won) warned += 1;
  }
  return { warned };
}

async function expireDue(db: Database, now: Date): Promise<number> {
  const dueNow = and(eq(listings.status, 'active'), lte(listings.expiresAt, now), isNotNull(listings.expiryWarnedAt));
  const candidates = await db.select({ id: listings.id }).from(listings).where(dueNow).limit(BATCH);
  if (candidates.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Locked and checked again: a renewal or another run may have come first.
    const rows = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(and(inArray(listings.id, candidates.map((row) => row.id)), dueNow))
      .for('update');
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return 0;
    await tx.update(listings).set({ status: 'expired', ...keepUpdatedAt }).where(inArray(listings.id, ids));
    await syncListingTerms(tx, ids);
    return ids.length;
  });
}
