import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { reasonOf } from '@bedriftstorget/api/refusal';
import { readQuota } from '@bedriftstorget/api/seller/quota';
import { listingStatuses, type ListingStatus } from '@bedriftstorget/core/listing/listing.sql';
import { uploads } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { signedInAdmin } from './admin-helpers';
import { createListing, listingFields as fields } from './fixtures';
import { createHarness, db, signedInUser, type Browser } from './harness';

/**
 * The listing quota (packages/api/src/seller/quota.ts) is one rule read by a new submit, a
 * renewal, 'Mine annonser', 'Min profil' and the admins' user list: these tests hold each of
 * them to the same answer, so a change of the rule in one place shows here.
 */

/**
 * A submit with an upload already checked: the row as confirmUpload leaves it. The images are not
 * what is tested here, so no S3 runs; deleting the raw object after the submit does nothing.
 */
const submit = async (browser: Browser, userId: string) => {
  const id = crypto.randomUUID();
  const [upload] = await db
    .insert(uploads)
    .values({ userId, listingId: id, storageKey: `uploads/${userId}/${id}_0.png`, finalKey: `listings/${id}/kvote.webp`, contentType: 'image/png', status: 'verified' })
    .$returningId();
  return browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: upload!.id }] }));
};

const seller = async () => {
  const h = createHarness();
  const services = { ...h, storage: { ...h.storage, delete: () => Promise.resolve() } };
  return { h, ...(await signedInUser(services)) };
};

/** 'refused: <reason> <message>' or 'ok': one line per attempt, so a failure says which rule moved. */
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'ok',
    (error: Error) => `refused: ${reasonOf(error)} ${error.message}`,
  );

const grant = (userId: string, maxListings: number | null) => db.update(profiles).set({ maxListings }).where(eq(profiles.id, userId));
const setting = (maxActiveListings: number) => db.update(appSettings).set({ maxActiveListings }).where(eq(appSettings.id, 1));
afterEach(() => setting(DEFAULT_SETTINGS.maxActiveListings));

const HOLDS_A_PLACE: ListingStatus[] = ['pending', 'active'];

describe('the listing quota', () => {
  it.each(listingStatuses)('a submit, a renewal and the count shown agree on whether a %s listing holds a place', async (status) => {
    const { browser, userId } = await seller();
    await grant(userId, 1);
    await createListing(userId, { status });
    const expired = await createListing(userId, { status: 'expired' });
    const holds = HOLDS_A_PLACE.includes(status);
    const full = `refused: QUOTA_REACHED ${wizard.quotaText(1)}`;

    expect(await readQuota(db, userId)).toEqual({ max: 1, used: holds ? 1 : 0 });
    expect(await browser.call((c) => c.seller.mine())).toMatchObject({ maxListings: 1, quotaUsed: holds ? 1 : 0 });
    expect(await outcome(browser.call((c) => c.seller.renew({ id: expired })))).toBe(holds ? full : 'ok');
    // Renewed, the expired listing holds the one place, whatever the first one's status.
    expect(await outcome(submit(browser, userId))).toBe(full);
  });

  it('one more fits while the places held are fewer than the limit, and not at it', async () => {
    const { browser, userId } = await seller();
    await grant(userId, 2);
    expect(await outcome(submit(browser, userId))).toBe('ok');
    expect(await outcome(submit(browser, userId))).toBe('ok');
    expect(await readQuota(db, userId)).toEqual({ max: 2, used: 2 });
    expect(await outcome(submit(browser, userId))).toBe(`refused: QUOTA_REACHED ${wizard.quotaText(2)}`);
    expect((await browser.call((c) => c.seller.mine())).quotaUsed).toBe(2);
  });

  it('the limit is the profile’s grant, 0 included, else the setting — the same number everywhere it is shown', async () => {
    const { browser, userId, email, h } = await seller();
    const admin = await signedInAdmin(h);
    const shown = async () => {
      const mine = await browser.call((c) => c.seller.mine());
      const profile = await browser.call((c) => c.profile.get());
      const users = await admin.browser.call((c) => c.admin.users.list({ q: email }));
      return [mine.maxListings, profile.maxListings, users.items.find((u) => u.id === userId)?.maxListings];
    };

    await setting(1);
    expect(await shown()).toEqual([1, 1, 1]);
    expect(await outcome(submit(browser, userId))).toBe('ok');
    expect(await outcome(submit(browser, userId))).toBe(`refused: QUOTA_REACHED ${wizard.quotaText(1)}`);

    await grant(userId, 3);
    expect(await shown()).toEqual([3, 3, 3]);
    expect(await outcome(submit(browser, userId))).toBe('ok');

    // A grant of 0 is a grant (no listings at all), not "none": the setting does not stand in for it.
    await grant(userId, 0);
    await setting(5);
    expect(await shown()).toEqual([0, 0, 0]);
    expect(await outcome(submit(browser, userId))).toBe(`refused: QUOTA_REACHED ${wizard.quotaText(0)}`);
  });
});
