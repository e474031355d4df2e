import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLogs } from '@bedriftstorget/core/admin/admin.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { adminUsers, loggedActions } from '@bedriftstorget/core/texts/admin';
import { logOf, signedInAdmin } from './admin-helpers';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, uniqueEmail } from './harness';

describe('admin users', () => {
  it("searches name or e-mail case-insensitively and shows each user's e-mail and listing count", async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const word = uniqueWord();
    const kari = await signedInUser(h, uniqueEmail(`kari-${word}`));
    const ola = await signedInUser(h);
    await db.update(profiles).set({ fullName: `Ola ${word.toUpperCase()} Nordmann` }).where(eq(profiles.id, ola.userId));
    await createListing(kari.userId);
    await createListing(kari.userId, { status: 'pending' });

    const found = await admin.browser.call((c) => c.admin.users.list({ q: word.slice(2, 9).toUpperCase() }));
    expect(found.items.map((u) => u.id).sort()).toEqual([kari.userId, ola.userId].sort());
    const kariRow = found.items.find((u) => u.id === kari.userId);
    expect(kariRow).toMatchObject({ email: kari.email, fullName: null, listingCount: 2, userType: 'individual', plan: 'free', maxListings: 3 });
    expect(found.items.find((u) => u.id === ola.userId)).toMatchObject({ listingCount: 0, fullName: `Ola ${word.toUpperCase()} Nordmann` });

    // % and _ are taken literally, not as wildcards.
    expect((await admin.browser.call((c) => c.admin.users.list({ q: `${word}%` }))).items).toEqual([]);
  });

  it('pages newest first, and also shows an account that has no profile row', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const id = crypto.randomUUID();
    await db.insert(users).values({ id, email: uniqueEmail('uten-profil') });
    let cursor: string | undefined;
    const seen = new Set<string>();
    for (let page = 0; page < 50; page += 1) {
      const result = await admin.browser.call((c) => c.admin.users.list({ cursor }));
      for (const user of result.items) {
        expect(seen.has(user.id)).toBe(false);
        seen.add(user.id);
      }
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(seen.size).toBe(await db.$count(users));
    expect(seen.has(id)).toBe(true);
  });

  it("saves 'Rediger bruker' with its 'Oppdaterte bruker' entry; bad input changes nothing", async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const user = await signedInUser(h);
    const fields = { fullName: ' Kari Nordmann ', companyName: 'Nordmann AS', phone: '+47 900 00 000', userType: 'broker' as const, plan: 'partner' as const, maxListings: 25 };
    await expect(admin.browser.call((c) => c.admin.users.update({ id: user.userId, ...fields, maxListings: -1 }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: adminUsers.maxListingsInvalid,
    });
    await expect(admin.browser.call((c) => c.admin.users.update({ id: crypto.randomUUID(), ...fields }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await logOf(admin.userId)).toEqual([]);

    await admin.browser.call((c) => c.admin.users.update({ id: user.userId, ...fields }));
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.userId));
    expect(profile).toMatchObject({ ...fields, fullName: 'Kari Nordmann' });
    await admin.browser.call((c) => c.admin.users.update({ id: user.userId, ...fields, companyName: '', phone: '  ' }));
    const [cleared] = await db.select().from(profiles).where(eq(profiles.id, user.userId));
    expect(cleared).toMatchObject({ companyName: null, phone: null });
    const log = await logOf(admin.userId);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ action: loggedActions.updatedUser, targetType: 'profile', targetId: user.userId });
  });
});

describe('admin log', () => {
  it("shows the newest 100 entries with the admin's name and e-mail", async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    await db.update(profiles).set({ fullName: 'Ola Admin' }).where(eq(profiles.id, admin.userId));
    const base = Date.now() + 60_000;
    await db.insert(adminLogs).values(
      Array.from({ length: 101 }, (_, i) => ({ adminId: admin.userId, action: `Handling ${i}`, targetType: 'lead' as const, targetId: null, createdAt: new Date(base + i) })),
    );

    const log = await admin.browser.call((c) => c.admin.log.list());
    expect(log).toHaveLength(100);
    expect(log[0]).toMatchObject({ action: 'Handling 100', adminName: 'Ola Admin', adminEmail: admin.email, targetType: 'lead', targetId: null });
    expect(log.at(-1)?.action).toBe('Handling 1');
  });

  it("names what each entry concerns ('Gjelder'): the listing's title, the user's name or e-mail", async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const unnamed = await signedInUser(h);
    await db.update(profiles).set({ fullName: 'Kari Eier' }).where(eq(profiles.id, owner.userId));
    const title = `Loggført bedrift ${crypto.randomUUID().slice(0, 8)}`;
    const listingId = await createListing(owner.userId, { title });
    const base = Date.now() + 120_000;
    await db.insert(adminLogs).values([
      { adminId: admin.userId, action: 'Om annonsen', targetType: 'listing' as const, targetId: listingId, createdAt: new Date(base + 3) },
      { adminId: admin.userId, action: 'Om brukeren', targetType: 'profile' as const, targetId: owner.userId, createdAt: new Date(base + 2) },
      { adminId: admin.userId, action: 'Om brukeren uten navn', targetType: 'user_role' as const, targetId: unnamed.userId, createdAt: new Date(base + 1) },
      { adminId: admin.userId, action: 'Om noe borte', targetType: 'listing' as const, targetId: crypto.randomUUID(), createdAt: new Date(base) },
    ]);
    const log = await admin.browser.call((c) => c.admin.log.list());
    expect(log.slice(0, 4).map((entry) => [entry.action, entry.targetName])).toEqual([
      ['Om annonsen', title],
      ['Om brukeren', 'Kari Eier'],
      ['Om brukeren uten navn', unnamed.email],
      ['Om noe borte', null],
    ]);
  });
});
