import { inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runHousekeeping } from '@bedriftstorget/api/jobs/housekeeping';
import { emailTokens, rateLimits, sessions } from '@bedriftstorget/core/auth/auth.sql';
import { listings, listingViews } from '@bedriftstorget/core/listing/listing.sql';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser } from './harness';

/**
 * What the scheduled job keeps, and for how long (decision 089): network addresses (view rows,
 * rate-limit windows) under 30 days, no spent or expired one-time links, no expired sessions —
 * and listing view counts unchanged by any of it.
 */
const DAY = 86_400_000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
const dayKey = (at: Date) => at.toISOString().slice(0, 10);
const hex = () => crypto.randomUUID().replace(/-/g, '') + crypto.randomUUID().replace(/-/g, '');

describe('retention in the scheduled job', () => {
  it('deletes view rows from 30 days ago and older, keeps the 29 days since and today, and no listing’s count moves', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const now = new Date();
    const listing = await createListing(userId, { views: 5, viewsArchived: 0 });
    await db.insert(listingViews).values([
      { listingId: listing, visitorKey: 'ip:10.0.0.30', day: dayKey(daysAgo(now, 30)) },
      { listingId: listing, visitorKey: 'ip:10.0.0.45', day: dayKey(daysAgo(now, 45)) },
      { listingId: listing, visitorKey: 'ip:10.0.0.29', day: dayKey(daysAgo(now, 29)) },
      { listingId: listing, visitorKey: 'ip:10.0.0.1', day: dayKey(daysAgo(now, 1)) },
      { listingId: listing, visitorKey: 'ip:10.0.0.0', day: dayKey(now) },
    ]);
    const first = await runHousekeeping(db, now);
    expect(first.views).toBeGreaterThanOrEqual(2);
    const left = await db.select({ key: listingViews.visitorKey }).from(listingViews).where(inArray(listingViews.listingId, [listing]));
    expect(left.map((row) => row.key).sort()).toEqual(['ip:10.0.0.0', 'ip:10.0.0.1', 'ip:10.0.0.29']);
    const counts = async () => (await db.select({ views: listings.views, archived: listings.viewsArchived }).from(listings).where(inArray(listings.id, [listing])))[0];
    expect(await counts()).toEqual({ views: 5, archived: 2 });
    // Safe to run twice: nothing more goes and the count stays.
    expect((await runHousekeeping(db, now)).views).toBe(0);
    expect(await counts()).toEqual({ views: 5, archived: 2 });
  });

  it('deletes rate-limit windows (which hold network addresses) older than a day and keeps the current ones', async () => {
    const now = new Date();
    const tag = crypto.randomUUID().slice(0, 8);
    await db.insert(rateLimits).values([
      { key: `ret-${tag}:old:ip:10.1.1.1`, windowStartedAt: daysAgo(now, 31), hits: 3 },
      { key: `ret-${tag}:day:ip:10.1.1.2`, windowStartedAt: new Date(now.getTime() - DAY - 60_000), hits: 3 },
      { key: `ret-${tag}:now:ip:10.1.1.3`, windowStartedAt: new Date(now.getTime() - 60_000), hits: 1 },
    ]);
    await Promise.all([runHousekeeping(db, now), runHousekeeping(db, now)]);
    const left = await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, `ret-${tag}:%`));
    expect(left.map((row) => row.key)).toEqual([`ret-${tag}:now:ip:10.1.1.3`]);
  });

  it('deletes spent and expired one-time links and expired sessions, and keeps live ones', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const now = new Date();
    const token = (name: string, expiresAt: Date, usedAt: Date | null) => ({ id: crypto.randomUUID(), userId, purpose: 'reset_password' as const, tokenHash: hex().slice(0, 64), expiresAt, usedAt, name });
    const rows = [
      token('spent', new Date(now.getTime() + DAY), new Date(now.getTime() - 60_000)),
      token('expired', new Date(now.getTime() - 60_000), null),
      token('live', new Date(now.getTime() + DAY), null),
    ];
    await db.insert(emailTokens).values(rows.map(({ name: _name, ...row }) => row));
    const sessionRows = [
      { id: `ret-old-${hex()}`, userId, expiresAt: new Date(now.getTime() - 60_000) },
      { id: `ret-new-${hex()}`, userId, expiresAt: new Date(now.getTime() + DAY) },
    ];
    await db.insert(sessions).values(sessionRows);

    await runHousekeeping(db, now);
    const second = await runHousekeeping(db, now);
    expect(second.tokens).toBe(0);
    expect(second.sessions).toBe(0);

    const tokensLeft = await db.select({ id: emailTokens.id }).from(emailTokens).where(inArray(emailTokens.id, rows.map((row) => row.id)));
    expect(tokensLeft.map((row) => row.id)).toEqual([rows[2]!.id]);
    const sessionsLeft = await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, sessionRows.map((row) => row.id)));
    expect(sessionsLeft.map((row) => row.id)).toEqual([sessionRows[1]!.id]);
  });
});
