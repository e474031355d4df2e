import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewListings } from '@bedriftstorget/api/admin/review';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { matchQueuedListings } from '@bedriftstorget/api/saved-search/match';
import { sendSavedSearchAlerts } from '@bedriftstorget/api/saved-search/send';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { mailFrame } from '@bedriftstorget/core/texts/mail';
import { createListing } from './fixtures';
import { db, deliverMail, type Harness } from './harness';
import { alertsTo, alertWorld, runAlertJob } from './saved-search-helpers';
import { seen } from './admin-helpers';

/**
 * One alert mail per user and run, however many of their searches have news (decision 089): for
 * 'Straks' and for the daily digest, each search named once with its listings; the header's
 * one-click address turns off the searches the mail named.
 */
async function sendAlerts(h: Harness, now: Date) {
  await sendSavedSearchAlerts(h, now);
  await deliverMail(h, now);
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('one alert mail per user and run', () => {
  it("'Straks' searches and a daily digest due in the same run go in one mail; before 07:00 the 'Straks' ones alone", async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    await buyer.browser.call((c) => c.savedSearch.create({ name: 'Straks A', alerts: 'instant', filters: { q: word } }));
    await buyer.browser.call((c) => c.savedSearch.create({ name: 'Straks B', alerts: 'instant', filters: { q: word, location: 'Bergen' } }));
    await buyer.browser.call((c) => c.savedSearch.create({ name: 'Hver morgen', alerts: 'daily', filters: { q: word, maxPrice: 5_000_000 } }));
    const first = await createListing(seller.userId, { status: 'pending', title: `Kafé ${word}`, location: 'Bergen', price: 1_000_000 });
    await reviewListings(h, admin.userId, await seen([first]), 'approve');
    await matchQueuedListings(h.db);

    await sendAlerts(h, new Date('2026-06-10T04:30:00Z')); // 06:30 in Oslo: the digest is not due yet
    let mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ny annonse for 2 av søkene dine');
    expect(count(mails[0]!.text, 'Søket «Straks A»')).toBe(1);
    expect(count(mails[0]!.text, 'Søket «Straks B»')).toBe(1);
    expect(mails[0]!.text).not.toContain('Hver morgen');

    const second = await createListing(seller.userId, { status: 'pending', title: `Bakeri ${word}`, location: 'Oslo', price: 2_000_000 });
    await reviewListings(h, admin.userId, await seen([second]), 'approve');
    await matchQueuedListings(h.db);
    await sendAlerts(h, new Date('2026-06-10T05:15:00Z')); // 07:15: the digest and 'Straks A' together
    mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(2);
    const mail = mails[1]!;
    expect(mail.subject).toBe('2 nye annonser for 2 av søkene dine');
    expect(count(mail.text, 'Søket «Straks A»')).toBe(1);
    expect(count(mail.text, 'Søket «Hver morgen»')).toBe(1);
    expect(mail.text).not.toContain('Straks B');
    // The digest names both listings, 'Straks A' only the new one (the first went in the earlier mail).
    const [straks, digest] = [mail.text.indexOf('Søket «Straks A»'), mail.text.indexOf('Søket «Hver morgen»')];
    const sectionOf = (start: number, other: number) => mail.text.slice(start, other > start ? other : undefined);
    expect(sectionOf(straks, digest)).not.toContain(`Kafé ${word}`);
    expect(sectionOf(straks, digest)).toContain(`Bakeri ${word}`);
    expect(sectionOf(digest, straks)).toContain(`Kafé ${word}`);
    expect(sectionOf(digest, straks)).toContain(`Bakeri ${word}`);
    expect(count(mail.text, mailFrame.greeting)).toBe(1);
    expect(count(mail.text, mailFrame.signOff)).toBe(1);
    expect(mail.text).not.toMatch(/««|»»/);

    // Nothing is left: a later run the same day sends nothing.
    await sendAlerts(h, new Date('2026-06-10T09:00:00Z'));
    expect(alertsTo(h, buyer.email)).toHaveLength(2);
  });

  it('the header’s one-click POST turns off every search the mail named and nothing else; a deleted one is skipped', async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    const a = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Første', alerts: 'instant', filters: { q: word } }));
    const b = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Andre', alerts: 'instant', filters: { q: word, minPrice: 1 } }));
    const quiet = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Annet', alerts: 'instant', filters: { q: `${word}x` } }));
    const id = await createListing(seller.userId, { status: 'pending', title: `Firma ${word}`, price: 1_000_000 });
    await reviewListings(h, admin.userId, await seen([id]), 'approve');
    await runAlertJob(h);
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(1);
    const header = mails[0]!.headers!['List-Unsubscribe']!;
    const url = header.slice(1, -1);
    expect(new URL(url).searchParams.getAll('t')).toHaveLength(2);

    // A link checker's GET changes nothing.
    expect((await handleTrpc(h, new Request(url), '10.0.0.1')).status).toBe(303);
    const alerts = async () => Object.fromEntries((await db.select({ id: savedSearches.id, alerts: savedSearches.alerts }).from(savedSearches).where(eq(savedSearches.userId, buyer.userId))).map((r) => [r.id, r.alerts]));
    expect(await alerts()).toEqual({ [a.id]: 'instant', [b.id]: 'instant', [quiet.id]: 'instant' });

    await buyer.browser.call((c) => c.savedSearch.remove({ id: b.id }));
    const post = await handleTrpc(h, new Request(url, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), '10.0.0.1');
    expect(post.status).toBe(200);
    expect(await post.text()).toBe(texts.unsubscribedTitle);
    expect(await alerts()).toEqual({ [a.id]: 'never', [quiet.id]: 'instant' });

    // Only unknown tokens, or one malformed among good ones: refused, nothing changes.
    const unknown = await handleTrpc(h, new Request(`${url.split('?')[0]}?t=${'Z'.repeat(43)}&t=${'Y'.repeat(43)}`, { method: 'POST' }), '10.0.0.1');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(texts.unsubscribeFailed);
    const mixed = await handleTrpc(h, new Request(`${url.split('?')[0]}?t=${encodeURIComponent('<x>')}&t=${new URL(url).searchParams.getAll('t')[0]!}`, { method: 'POST' }), '10.0.0.1');
    expect(mixed.status).toBe(404);
  });
});
