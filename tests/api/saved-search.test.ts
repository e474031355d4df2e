import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { request as requestTexts } from '@bedriftstorget/core/texts/http';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { UNSUBSCRIBE_PATH } from '@bedriftstorget/api/saved-search/paths';
import { createHarness, db, signedInUser, visitorCaller } from './harness';

const filters = { q: 'kafé sentrum', industry: 'restaurant' as const, location: 'Bergen', maxPrice: 2_000_000 };

async function tokenOf(id: string): Promise<string> {
  const [row] = await db.select({ token: savedSearches.unsubscribeToken }).from(savedSearches).where(eq(savedSearches.id, id));
  return row!.token;
}

describe('saved searches', () => {
  it('saves, lists, renames, changes alerts and deletes — the owner only', async () => {
    const h = createHarness();
    const buyer = await signedInUser(h);
    const other = await signedInUser(h);
    const saved = await buyer.browser.call((c) => c.savedSearch.create({ name: '  Kafé i Bergen ', alerts: 'daily', filters }));
    expect(saved).toMatchObject({ name: 'Kafé i Bergen', alerts: 'daily', filters: { q: 'kafé sentrum', industry: 'restaurant', location: 'Bergen', maxPrice: 2_000_000 } });
    expect((await buyer.browser.call((c) => c.savedSearch.list())).map((s) => s.id)).toEqual([saved.id]);
    expect(await other.browser.call((c) => c.savedSearch.list())).toEqual([]);

    // Another user's id: refused as not found, nothing changes.
    await expect(other.browser.call((c) => c.savedSearch.rename({ id: saved.id, name: 'Kapret' }))).rejects.toThrow(texts.notFound);
    await expect(other.browser.call((c) => c.savedSearch.setAlerts({ id: saved.id, alerts: 'never' }))).rejects.toThrow(texts.notFound);
    await expect(other.browser.call((c) => c.savedSearch.remove({ id: saved.id }))).rejects.toThrow(texts.notFound);
    expect((await buyer.browser.call((c) => c.savedSearch.list()))[0]).toMatchObject({ name: 'Kafé i Bergen', alerts: 'daily' });

    await buyer.browser.call((c) => c.savedSearch.rename({ id: saved.id, name: 'Kafeer' }));
    await buyer.browser.call((c) => c.savedSearch.setAlerts({ id: saved.id, alerts: 'instant' }));
    expect((await buyer.browser.call((c) => c.savedSearch.list()))[0]).toMatchObject({ name: 'Kafeer', alerts: 'instant' });
    await buyer.browser.call((c) => c.savedSearch.remove({ id: saved.id }));
    expect(await buyer.browser.call((c) => c.savedSearch.list())).toEqual([]);
    await expect(buyer.browser.call((c) => c.savedSearch.remove({ id: saved.id }))).rejects.toThrow(texts.notFound);
  });

  it("refuses the same filters twice for one user ('Du har allerede lagret dette søket'), whatever the name or letter case", async () => {
    const h = createHarness();
    const { browser, userId } = await signedInUser(h);
    const other = await signedInUser(h);
    await browser.call((c) => c.savedSearch.create({ name: 'Kafeer i Bergen', alerts: 'instant', filters: { q: 'kafé', location: 'Bergen', maxPrice: 2_000_000 } }));
    await expect(browser.call((c) => c.savedSearch.create({ name: 'Et annet navn', alerts: 'daily', filters: { location: 'bergen', q: 'Kafé ', maxPrice: 2_000_000 } })))
      .rejects.toMatchObject({ code: 'CONFLICT', message: texts.duplicate });
    // Other filters, or another user with the same ones, are new searches.
    await browser.call((c) => c.savedSearch.create({ name: 'Kafeer i Bergen, dyrere', alerts: 'instant', filters: { q: 'kafé', location: 'Bergen', maxPrice: 3_000_000 } }));
    await other.browser.call((c) => c.savedSearch.create({ name: 'Kafeer i Bergen', alerts: 'instant', filters: { q: 'kafé', location: 'Bergen', maxPrice: 2_000_000 } }));
    // 'Verifiserte selgere' makes another search; turned off it is the same as left out (decision 160).
    await browser.call((c) => c.savedSearch.create({ name: 'Verifiserte', alerts: 'instant', filters: { q: 'kafé', location: 'Bergen', maxPrice: 2_000_000, verifiedSellers: true } }));
    await expect(browser.call((c) => c.savedSearch.create({ name: 'Av', alerts: 'instant', filters: { q: 'kafé', location: 'Bergen', maxPrice: 2_000_000, verifiedSellers: false } })))
      .rejects.toMatchObject({ code: 'CONFLICT', message: texts.duplicate });
    expect(await db.select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.userId, userId))).toHaveLength(3);
  });

  it('refuses visitors and bad input in Norwegian, changing nothing', async () => {
    const h = createHarness();
    await expect(visitorCaller(h).savedSearch.create({ name: 'x', alerts: 'instant', filters: {} })).rejects.toThrow('Du må være innlogget');
    await expect(visitorCaller(h).savedSearch.list()).rejects.toThrow('Du må være innlogget');
    const buyer = await signedInUser(h);
    await expect(buyer.browser.call((c) => c.savedSearch.create({ name: '   ', alerts: 'instant', filters: {} }))).rejects.toThrow(texts.nameRequired);
    await expect(buyer.browser.call((c) => c.savedSearch.create({ name: 'x'.repeat(81), alerts: 'instant', filters: {} }))).rejects.toThrow(texts.nameTooLong);
    await expect(buyer.browser.call((c) => c.savedSearch.create({ name: 'Negativ', alerts: 'instant', filters: { minPrice: -1 } }))).rejects.toThrow();
    await expect(buyer.browser.call((c) => c.savedSearch.create({ name: 'Ja', alerts: 'instant', filters: { verifiedSellers: 'ja' as unknown as boolean } }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: requestTexts.invalidType });
    await expect(buyer.browser.call((c) => c.savedSearch.rename({ id: 'ikke-en-id', name: 'x' }))).rejects.toThrow(texts.notFound);
    expect(await buyer.browser.call((c) => c.savedSearch.list())).toEqual([]);
  });

  it('turns the alert off from the link without login, and one-click from the header', async () => {
    const h = createHarness();
    const buyer = await signedInUser(h);
    const first = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Første', alerts: 'instant', filters }));
    const second = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Andre', alerts: 'daily', filters: { ...filters, minPrice: 1 } }));

    expect(await visitorCaller(h).savedSearch.unsubscribe({ token: await tokenOf(first.id) })).toEqual({ name: 'Første' });
    await expect(visitorCaller(h).savedSearch.unsubscribe({ token: 'A'.repeat(43) })).rejects.toThrow(texts.unsubscribeFailed);
    await expect(visitorCaller(h).savedSearch.unsubscribe({ token: '<script>' })).rejects.toThrow(texts.unsubscribeFailed);

    // The mail program's POST has no Origin and a form body (RFC 8058); a GET changes nothing.
    const url = `${h.config.appUrl}${UNSUBSCRIBE_PATH}?t=${await tokenOf(second.id)}`;
    const get = await handleTrpc(h, new Request(url), '10.0.0.1');
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`/varsel/av?t=${await tokenOf(second.id)}`);
    expect((await buyer.browser.call((c) => c.savedSearch.list())).find((s) => s.id === second.id)?.alerts).toBe('daily');
    const post = await handleTrpc(h, new Request(url, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), '10.0.0.1');
    expect(post.status).toBe(200);
    expect(await post.text()).toBe(texts.unsubscribedTitle);
    const bad = await handleTrpc(h, new Request(`${h.config.appUrl}${UNSUBSCRIBE_PATH}?t=feil`, { method: 'POST' }), '10.0.0.1');
    expect(bad.status).toBe(404);

    const after = await buyer.browser.call((c) => c.savedSearch.list());
    expect(after.map((s) => s.alerts)).toEqual(['never', 'never']);
  });
});
