import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { browse, landingSections } from '@bedriftstorget/core/texts/marketplace';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { signedInAdmin } from './admin-helpers';
import { createHarness, db, visitorCaller } from './harness';

afterEach(() => db.update(appSettings).set(DEFAULT_SETTINGS).where(eq(appSettings.id, 1)));

/** The approval promise the public texts state is the setting, 24 hours unless staff chose another (decisions 090, 114). */
describe('the review promise', () => {
  it('is 24 hours by default, and what an admin saves is what a visitor reads', async () => {
    const h = createHarness();
    expect(DEFAULT_SETTINGS.reviewPromiseHours).toBe(24);
    expect(await visitorCaller(h).listing.reviewPromise()).toEqual({ promiseHours: 24 });
    const admin = await signedInAdmin(h);
    await admin.browser.call((c) => c.admin.settings.update({ ...DEFAULT_SETTINGS, reviewPromiseHours: 36 }));
    expect(await visitorCaller(h).listing.reviewPromise()).toEqual({ promiseHours: 36 });
  });

  it('is the column default a fresh install gets (migration 0037), which leaves a saved row as it is', async () => {
    const result: unknown = await db.execute(sql`SELECT COLUMN_DEFAULT AS d FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'app_settings' AND COLUMN_NAME = 'review_promise_hours'`);
    const [rows] = result as [{ d: string }[]];
    expect(Number(rows[0]!.d)).toBe(24);
    // An install that saved 48 keeps 48: the migration changed the default only.
    await db.update(appSettings).set({ reviewPromiseHours: 48 }).where(eq(appSettings.id, 1));
    const migration = readFileSync('infra/migrations/0037_review_promise_24.sql', 'utf8').replace(/--.*$/gm, '').trim();
    expect(migration).toBe('ALTER TABLE `app_settings` ALTER COLUMN `review_promise_hours` SET DEFAULT 24;');
    await db.execute(sql.raw(migration));
    expect(await visitorCaller(createHarness()).listing.reviewPromise()).toEqual({ promiseHours: 48 });
  });

  it('the texts that state it take its hours, and name none while it is unknown', () => {
    expect(landingSections.sellSteps(48)[1]!.title).toBe('Vi godkjenner innen 48 timer');
    expect(browse.ctaText(48)).toBe('Legg ut annonsen gratis. Vi godkjenner den innen 48 timer.');
    expect(wizard.successText(48)).toBe('Annonsen er sendt til gjennomgang. Vi godkjenner den innen 48 timer.');
    for (const text of [landingSections.sellSteps(null)[1]!.title, browse.ctaText(null), wizard.successText(null)]) expect(text).not.toMatch(/\d/);
  });
});
