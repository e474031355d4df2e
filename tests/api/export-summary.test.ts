/**
 * The readable summary beside data.json (decision 147), built from a real export: every section of
 * the export has a Norwegian heading and every field a label (a new part of the export cannot be
 * left out silently), a listing is named by its title and not by its id, money and dates read the
 * Norwegian way, and a hostile title is shown as text.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNok } from '@bedriftstorget/core/format/nb';
import { escapeHtml, exportSummaryHtml } from '@bedriftstorget/core/privacy/export-summary';
import { exportSummary } from '@bedriftstorget/core/texts/export-summary';
import { unlabelledKeys } from './export-summary-words';
import { createListing } from './fixtures';
import { createHarness, signedInUser } from './harness';

describe('the export summary (oversikt.html)', () => {
  it('gives every section of a real export a Norwegian heading and every field a label', async () => {
    const h = createHarness();
    const seller = await signedInUser(h);
    const buyer = await signedInUser(h);
    const stranger = await signedInUser(h);
    await seller.browser.call((c) => c.profile.update({ fullName: 'Selma Selger', companyName: 'Selger AS', phone: '912 34 567' }));
    const own = await createListing(seller.userId, { title: 'Selmas bakeri', images: 2, price: 2_500_000 });
    const theirs = await createListing(stranger.userId, { title: 'Fremmed verksted' });
    await seller.browser.call((c) => c.favorite.add({ listingId: theirs }));
    await seller.browser.call((c) => c.savedSearch.create({ name: 'Bakerier i Oslo', alerts: 'never', filters: { q: 'bakeri' } }));
    await seller.browser.call((c) => c.message.contactSeller({ listingId: theirs, text: 'Hei fra Selma', clientMessageId: crypto.randomUUID() }));
    await buyer.browser.call((c) => c.message.contactSeller({ listingId: own, text: 'Hei Selma, fra kjøperen', clientMessageId: crypto.randomUUID() }));
    await buyer.browser.call((c) => c.message.sendInquiry({ listingId: own, message: 'Kan jeg se regnskapet?', name: 'Kari Kjøper' }));
    await seller.browser.call((c) => c.report.create({ listingId: theirs, reason: 'wrong_info', comment: 'Selmas rapport' }));
    await seller.browser.call((c) => c.valuation.estimate({ industry: 'services', revenue: 2_000_000, profit: 400_000, email: seller.email }));

    const data = await seller.browser.call((c) => c.profile.exportData());
    const html = exportSummaryHtml(data);
    const headings = exportSummary.sections as Record<string, string>;
    for (const key of Object.keys(data).filter((key) => key !== 'exportedAt')) {
      expect(headings[key], `no Norwegian heading for the export's section '${key}'`).toBeTruthy();
      expect(html).toContain(`<h2>${escapeHtml(headings[key]!)}</h2>`);
    }
    expect(unlabelledKeys(data), 'fields without a Norwegian label').toEqual([]);

    expect(html).toContain(escapeHtml(formatNok(2_500_000)));
    expect(html).toContain('<dt>Bransje</dt><dd><p>Tjenester</p></dd>'); // 'services' in data.json
    expect(html).toContain('<dt>Abonnement</dt><dd><p>Gratis</p></dd>'); // 'free'
    expect(html).toContain('<dt>Grunn</dt><dd><p>Feil informasjon</p></dd>'); // a report's 'wrong_info'
    expect(html).toContain('<dt>Måte</dt><dd><p>E-post og passord</p></dd>'); // the consent's 'password'
    // No stored code is left as data.json writes it: a lower-case word with an underscore, or one of the codes above.
    const shown = [...html.matchAll(/<(?:p|li)>([^<]*)<\/(?:p|li)>/g)].map((m) => m[1]);
    expect(shown.filter((text) => /^[a-z]+(_[a-z]+)+$/.test(text!) || ['free', 'password', 'services'].includes(text!))).toEqual([]);
    expect(html).toContain(escapeHtml(formatDateTime(data.exportedAt)));
    // The message to 'Fremmed verksted' is named by the listing's title; no listing id is shown.
    expect(html).toContain('<dt>Annonse</dt><dd>Fremmed verksted</dd>');
    // An image's address is the image's own (it holds the listing's id, as stored); elsewhere no id.
    const withoutImageAddresses = html.replace(/<li>\/images\/[^<]*<\/li>/g, '');
    for (const id of [own, theirs, seller.userId, buyer.userId]) expect(withoutImageAddresses).not.toContain(id);
  });

  it("shows a hostile listing title as text, never as markup", async () => {
    const h = createHarness();
    const seller = await signedInUser(h);
    await createListing(seller.userId, { title: '<script>alert("x")</script> & <img src=x onerror=alert(1)>' });
    const html = exportSummaryHtml(await seller.browser.call((c) => c.profile.exportData()));
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;img src=x onerror=alert(1)&#62;');
    expect(html).not.toMatch(/<script|<img/i);
  });
});
