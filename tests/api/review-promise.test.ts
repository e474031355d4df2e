import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { browse, landingSections } from '@bedriftstorget/core/texts/marketplace';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { signedInAdmin } from './admin-helpers';
import { createHarness, db, visitorCaller } from './harness';

afterEach(() => db.update(appSettings).set(DEFAULT_SETTINGS).where(eq(appSettings.id, 1)));

/** The approval promise the public texts state is the setting, 48 hours unless staff chose another (decision 090). */
describe('the review promise', () => {
  it('is 48 hours by default, and what an admin saves is what a visitor reads', async () => {
    const h = createHarness();
    expect(DEFAULT_SETTINGS.reviewPromiseHours).toBe(48);
    expect(await visitorCaller(h).listing.reviewPromise()).toEqual({ promiseHours: 48 });
    const admin = await signedInAdmin(h);
    await admin.browser.call((c) => c.admin.settings.update({ ...DEFAULT_SETTINGS, reviewPromiseHours: 36 }));
    expect(await visitorCaller(h).listing.reviewPromise()).toEqual({ promiseHours: 36 });
  });

  it('the texts that state it take its hours, and name none while it is unknown', () => {
    expect(landingSections.sellSteps(48)[1]!.title).toBe('Vi godkjenner innen 48 timer');
    expect(browse.ctaText(48)).toBe('Legg ut annonsen gratis. Vi godkjenner den innen 48 timer.');
    expect(wizard.successText(48)).toBe('Annonsen er sendt til gjennomgang. Vi godkjenner den innen 48 timer.');
    for (const text of [landingSections.sellSteps(null)[1]!.title, browse.ctaText(null), wizard.successText(null)]) expect(text).not.toMatch(/\d/);
  });
});
