import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runHousekeeping } from '@bedriftstorget/api/jobs/housekeeping';
import { markVerified } from '@bedriftstorget/api/identity/vipps-mark';
import { vippsIdentities, vippsPendingLinks } from '@bedriftstorget/core/auth/vipps.sql';
import { createHarness, db, signedInUser } from './harness';
import { unlabelledKeys } from './export-summary-words';

/**
 * The Vipps verification's person data (decision 120): 'Last ned mine data' holds it (when, the
 * verified name and phone, that Vipps signs the person in — not the pairwise id), 'Slett konto'
 * leaves nothing of it in any table (the users row stays as a tombstone, so no cascade does it),
 * and a link nobody proved is gone after its hour.
 */
const h = createHarness();
const tag = () => crypto.randomUUID().slice(0, 8);

/** The columns of every table that hold `needle` (as account-delete.test.ts reads information_schema). */
async function tablesHolding(needle: string): Promise<string[]> {
  const listed: unknown = await db.execute(sql`
    SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS
    WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE IN ('char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext', 'json')`);
  const [columns] = listed as [{ t: string; c: string }[]];
  const found: string[] = [];
  for (const { t, c } of columns) {
    const counted: unknown = await db.execute(sql`SELECT COUNT(*) AS n FROM ${sql.identifier(t)} WHERE LOCATE(${needle}, CAST(${sql.identifier(c)} AS CHAR)) > 0`);
    const [rows] = counted as [{ n: number }[]];
    if (Number(rows[0]?.n) > 0) found.push(`${t}.${c}`);
  }
  return found;
}

describe('the export', () => {
  it('holds when, the verified name and phone, and that Vipps signs in; a name change shows it unverified, never the pairwise id', async () => {
    const user = await signedInUser(h);
    expect((await user.browser.call((c) => c.profile.exportData())).vipps).toBeNull();
    const sub = `sub-${tag()}`;
    const before = Date.now();
    await markVerified(db, user.userId, { sub, name: 'Eksport Person', phone: '4791234000' });
    const data = await user.browser.call((c) => c.profile.exportData());
    expect(unlabelledKeys(data), 'fields oversikt.html has no words for').toEqual([]);
    expect(data.vipps).toMatchObject({ signsInWithVipps: true, verified: true, verifiedName: 'Eksport Person', verifiedPhone: '+4791234000' });
    expect(new Date(data.vipps!.verifiedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(data)).not.toContain(sub);

    await user.browser.call((c) => c.profile.update({ fullName: 'Nytt Navn', companyName: null, phone: null }));
    expect((await user.browser.call((c) => c.profile.exportData())).vipps).toMatchObject({ signsInWithVipps: true, verified: false, verifiedAt: null, verifiedName: 'Eksport Person' });
  });
});

describe('Slett konto', () => {
  it('removes the identity and a waiting link: no table holds the pairwise id, the verified name or the phone', async () => {
    const user = await signedInUser(h);
    const t = tag();
    const sub = `sub-slett-${t}`;
    const name = `Vipps Slett${t}`;
    const phone = `4797${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    await markVerified(db, user.userId, { sub, name, phone });
    await db.insert(vippsPendingLinks).values({ tokenHash: 'a'.repeat(56) + t, userId: user.userId, sub: `${sub}-venter`, verifiedName: name, verifiedPhone: `+${phone}`, expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await tablesHolding(sub)).sort()).toEqual(['vipps_identities.sub', 'vipps_pending_links.sub']);
    expect(await tablesHolding(`+${phone}`)).toContain('vipps_identities.verified_phone');

    await user.browser.call((c) => c.profile.deleteAccount({ password: user.password }));
    expect(await db.select().from(vippsIdentities).where(eq(vippsIdentities.userId, user.userId))).toEqual([]);
    expect(await db.select().from(vippsPendingLinks).where(eq(vippsPendingLinks.userId, user.userId))).toEqual([]);
    expect(await tablesHolding(sub)).toEqual([]);
    expect(await tablesHolding(name)).toEqual([]);
    expect(await tablesHolding(phone)).toEqual([]);
  });
});

describe('housekeeping', () => {
  it('deletes a link nobody proved once its hour is over, and only then', async () => {
    const user = await signedInUser(h);
    const t = tag();
    const now = new Date();
    await db.insert(vippsPendingLinks).values([
      { tokenHash: 'b'.repeat(56) + t, userId: user.userId, sub: `old-${t}`, verifiedName: 'Gammel Kobling', verifiedPhone: null, expiresAt: new Date(now.getTime() - 1000) },
      { tokenHash: 'c'.repeat(56) + t, userId: user.userId, sub: `new-${t}`, verifiedName: 'Ny Kobling', verifiedPhone: null, expiresAt: new Date(now.getTime() + 3_600_000) },
    ]);
    expect((await runHousekeeping(db, now)).vippsLinks).toBeGreaterThanOrEqual(1);
    expect((await db.select({ sub: vippsPendingLinks.sub }).from(vippsPendingLinks).where(eq(vippsPendingLinks.userId, user.userId))).map((row) => row.sub)).toEqual([`new-${t}`]);
  });
});
