import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { clearLocationSuggestions } from '@bedriftstorget/api/listing/locations';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { refoldTerms } from '../../infra/ops/backfill-search';
import { seen, signedInAdmin } from './admin-helpers';
import { createListing, listingFields, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller } from './harness';

/**
 * A confidential sale is found by its county, never by its town (decision 099): on every path its
 * search terms are written — the edit that hides the company at once, the approval that shows it
 * again — and in `ops backfill`, which rewrites terms indexed before the rule.
 */
const h = createHarness();
const found = async (input: { q?: string; location?: string }) => (await visitorCaller(h).listing.browse(input)).items.map((card) => card.id);
const termsOf = async (id: string) => (await db.select({ term: listingTerms.term }).from(listingTerms).where(eq(listingTerms.listingId, id))).map((row) => row.term);

describe('the town leaves the search with confidentiality, and comes back without it', () => {
  it('an edit that makes a published listing confidential takes the town out at once; approving one that opens it puts it back', async () => {
    const [seller, admin] = await Promise.all([signedInUser(h), signedInAdmin(h)]);
    const word = uniqueWord();
    const id = await createListing(seller.userId, { title: `Sykkelverksted ${word}`, location: 'Egersund', industry: 'craft' });
    expect(await found({ q: `egersund ${word}` })).toEqual([id]);
    const form = await seller.browser.call((c) => c.seller.forEdit({ id }));
    const images = form.images.map((image) => ({ imageId: image.id }));
    const submit = (confidential: boolean) => seller.browser.call((c) => c.seller.update({ id, fields: { ...listingFields, title: form.title, location: 'Egersund', industry: 'craft', confidential }, images }));

    expect((await submit(true)).revision).toBe(true);
    expect(await termsOf(id)).not.toContain('egersund');
    expect(await found({ q: `egersund ${word}` })).toEqual([]);
    expect(await found({ location: 'Egersund' })).not.toContain(id);
    expect(await found({ q: `rogaland ${word}` })).toEqual([id]);
    clearLocationSuggestions();
    expect((await visitorCaller(h).listing.locations()).some((place) => place.name === 'Egersund' && place.listings > 0)).toBe(false);

    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }));
    await submit(false);
    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }));
    expect((await visitorCaller(h).listing.detail({ id })).listing).toMatchObject({ confidential: false, location: 'Egersund' });
    expect(await found({ q: `egersund ${word}` })).toEqual([id]);
  });
});

describe('ops backfill', () => {
  it('rewrites the terms of a confidential listing indexed with its town, once; twice changes nothing', async () => {
    const seller = await signedInUser(h);
    const id = await createListing(seller.userId, { title: 'Bakeri', location: 'Egersund', industry: 'restaurant' });
    // Confidential from before the rule: the flag set, the terms as they were.
    await db.update(listings).set({ confidential: true }).where(eq(listings.id, id));
    expect(await termsOf(id)).toContain('egersund');
    // The step reads and writes through drizzle only (its saved-search step uses the raw pool).
    const handle = { db, mysql2: db, close: () => Promise.resolve() } as unknown as MysqlHandle;
    expect(await refoldTerms(handle)).toBe(1);
    expect(await termsOf(id)).not.toContain('egersund');
    expect(await termsOf(id)).toContain('rogaland');
    expect(await refoldTerms(handle)).toBe(0);
  });
});
