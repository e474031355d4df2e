import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkAdminListings } from '@bedriftstorget/api/admin/listings';
import { CSV_BOM } from '@bedriftstorget/core/admin/csv';
import { listingImages } from '@bedriftstorget/core/listing/listing.sql';
import { adminListings, loggedActions } from '@bedriftstorget/core/texts/admin';
import { listing as listingRules } from '@bedriftstorget/core/texts/listing-validation';
import { listingRow, logCount, logOf, signedInAdmin } from './admin-helpers';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser } from './harness';

const description = 'En godt drevet bedrift med faste kunder, lojale ansatte og sunn økonomi over mange år.';

describe('admin listings: filters and paging on the server', () => {
  it('filters by search, status and industry, and pages newest first through every match once', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const word = uniqueWord();
    const base = Date.now() - 60_000;
    for (let i = 0; i < 27; i += 1) {
      await createListing(owner.userId, {
        title: `Bedrift ${word} nr ${i}`,
        status: i % 3 === 0 ? 'pending' : 'active',
        industry: i % 2 === 0 ? 'craft' : 'tech',
        createdAt: new Date(base + i * 1000),
        images: 0,
      });
    }
    const first = await admin.browser.call((c) => c.admin.listings.list({ q: word }));
    expect(first.total).toBe(27);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]?.title).toBe(`Bedrift ${word} nr 26`);
    const second = await admin.browser.call((c) => c.admin.listings.list({ q: word, cursor: first.nextCursor! }));
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(27);

    const pending = await admin.browser.call((c) => c.admin.listings.list({ q: word, status: 'pending' }));
    expect(pending.total).toBe(9);
    expect(pending.items.every((item) => item.status === 'pending')).toBe(true);
    const craftPending = await admin.browser.call((c) => c.admin.listings.list({ q: word, status: 'pending', industry: 'craft' }));
    expect(craftPending.items.map((item) => item.title).sort()).toEqual([0, 6, 12, 18, 24].map((i) => `Bedrift ${word} nr ${i}`).sort());
    const byId = await admin.browser.call((c) => c.admin.listings.list({ q: first.items[3]!.id }));
    expect(byId.items.map((item) => item.id)).toEqual([first.items[3]!.id]);
  });
});

describe('admin listings: edit, quick actions, delete', () => {
  it('saves the edit dialog as one update and one entry; bad input changes nothing', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    // Archived: a waiting listing is made public only from the queue (decision 106), tested below.
    const id = await createListing(owner.userId, { status: 'archived' });
    const fields = {
      title: '  Ny tittel på bedriften  ',
      industry: 'craft' as const,
      location: 'Tromsø',
      price: 2_500_000,
      revenue: 7_250_000.5,
      profit: -120_000,
      employees: 4,
      established: 2001,
      status: 'active' as const,
      featured: true,
      description,
    };
    await expect(admin.browser.call((c) => c.admin.listings.update({ id, patch: { ...fields, title: 'Kort' } }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: listingRules.titleMin,
    });
    await expect(admin.browser.call((c) => c.admin.listings.update({ id, patch: { ...fields, description: 'For kort' } }))).rejects.toMatchObject({
      message: listingRules.descriptionMin,
    });
    expect(await logCount(admin.userId)).toBe(0);

    await admin.browser.call((c) => c.admin.listings.update({ id, patch: fields }));
    const row = await listingRow(id);
    expect(row).toMatchObject({ ...fields, title: 'Ny tittel på bedriften', isPublic: true });
    expect(row?.publishedAt).toBeInstanceOf(Date);
    expect(await admin.browser.call((c) => c.admin.listings.get({ id }))).toMatchObject({ ...fields, title: 'Ny tittel på bedriften' });
    const log = await logOf(admin.userId);
    const updated = log.find((entry) => entry.action === loggedActions.updatedListing);
    expect(log.map((entry) => entry.action)).toEqual([loggedActions.updatedListing]);
    expect(updated).toMatchObject({ targetType: 'listing', targetId: id });
    expect(updated?.details).toMatchObject({ changes: { status: { from: 'archived', to: 'active' }, location: { from: 'Oslo', to: 'Tromsø' } } });
  });

  it('quick actions set active or archived; delete removes the listing; each leaves one entry', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const id = await createListing(owner.userId, { status: 'archived' });
    await admin.browser.call((c) => c.admin.listings.update({ id, patch: { status: 'active' } }));
    expect(await listingRow(id)).toMatchObject({ status: 'active', isPublic: true });
    await admin.browser.call((c) => c.admin.listings.update({ id, patch: { status: 'archived' } }));
    expect(await listingRow(id)).toMatchObject({ status: 'archived', isPublic: false });
    await admin.browser.call((c) => c.admin.listings.remove({ id }));
    expect(await listingRow(id)).toBeUndefined();
    expect(await db.select().from(listingImages).where(eq(listingImages.listingId, id))).toEqual([]);
    expect((await logOf(admin.userId)).map((entry) => entry.action)).toEqual([loggedActions.updatedListing, loggedActions.updatedListing, loggedActions.deletedListing]);
    await expect(admin.browser.call((c) => c.admin.listings.remove({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: adminListings.notFound });
    expect(await logCount(admin.userId)).toBe(3);
  });
});

describe('admin listings: bulk actions', () => {
  it('sets active, sold, archived or featured, or deletes, for the whole selection with one entry each', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const ids = [await createListing(owner.userId, { status: 'inactive' }), await createListing(owner.userId, { status: 'archived' })];
    const expectations = [
      ['active', { status: 'active', isPublic: true }],
      ['sold', { status: 'sold', isPublic: true }],
      ['archive', { status: 'archived', isPublic: false }],
      ['feature', { status: 'archived', featured: true }],
    ] as const;
    for (const [action, expected] of expectations) {
      expect(await admin.browser.call((c) => c.admin.listings.bulk({ ids, action }))).toEqual({ changed: 2 });
      for (const id of ids) expect(await listingRow(id)).toMatchObject(expected);
    }
    await admin.browser.call((c) => c.admin.listings.bulk({ ids, action: 'delete' }));
    for (const id of ids) expect(await listingRow(id)).toBeUndefined();
    const log = await logOf(admin.userId);
    expect(log.map((entry) => entry.action).sort()).toEqual(['Massehandling: satte aktiv', 'Massehandling: markerte solgt', 'Massehandling: arkiverte', 'Massehandling: fremhevet', 'Massehandling: slettet'].sort());
    expect(log.find((entry) => entry.action === 'Massehandling: slettet')?.details).toMatchObject({ ids: expect.arrayContaining(ids) as unknown, count: 2 });
  });

  it('is atomic: an unknown id or a failure before the commit leaves every listing as it was', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const a = await createListing(owner.userId, { status: 'active' });
    const b = await createListing(owner.userId, { status: 'active' });
    await expect(admin.browser.call((c) => c.admin.listings.bulk({ ids: [a, crypto.randomUUID(), b], action: 'delete' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(bulkAdminListings(h, crypto.randomUUID(), [a, b], 'archive')).rejects.toThrow();
    await expect(bulkAdminListings(h, crypto.randomUUID(), [a, b], 'delete')).rejects.toThrow();
    expect(await listingRow(a)).toMatchObject({ status: 'active' });
    expect(await listingRow(b)).toMatchObject({ status: 'active' });
    expect(await logCount(admin.userId)).toBe(0);
    await expect(admin.browser.call((c) => c.admin.listings.bulk({ ids: [], action: 'archive' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('Eksporter CSV', () => {
  it('gives annonser.csv for the current filters: BOM, exact header with price, owner e-mail and link, ; and RFC 4180 quoting, Norwegian letters', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const word = uniqueWord();
    const bakery = await createListing(owner.userId, {
      title: `Bakeri "Søtt; Salt" ${word}`,
      price: 3_950_000,
      industry: 'restaurant',
      location: 'Ålesund, sentrum',
      revenue: 4_800_000,
      profit: -25_000.5,
      status: 'pending',
      featured: true,
      createdAt: new Date('2025-03-04T10:00:00Z'),
    });
    const formula = await createListing(owner.userId, { title: `=HYPERLINK("x") ${word}`, status: 'archived', createdAt: new Date('2025-03-03T10:00:00Z') });
    await createListing(owner.userId, { title: `Annen ${word}`, status: 'active' });

    const all = await admin.browser.call((c) => c.admin.listings.exportCsv({ q: word, status: 'all' }));
    expect(all.fileName).toBe('annonser.csv');
    expect(all.csv.startsWith(CSV_BOM)).toBe(true);
    const lines = all.csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Tittel;Bransje;Sted;Pris;Omsetning;Resultat;Status;Fremhevet;Opprettet;Eierens e-post;Lenke');
    expect(lines).toHaveLength(5); // header, three rows, and the empty string after the last CRLF
    // The link is absolute, from APP_URL: the file is opened outside the site.
    const link = (id: string) => `${h.config.appUrl}/bedrift/${id}`;
    expect(link(bakery)).toMatch(/^https?:\/\//);
    expect(lines).toContain(`"Bakeri ""Søtt; Salt"" ${word}";Restaurant & Mat;"Ålesund, sentrum";3950000;4800000;-25000,50;Venter;Ja;04.03.2025;${owner.email};${link(bakery)}`);
    expect(lines).toContain(`"'=HYPERLINK(""x"") ${word}";Tjenester;Oslo;;;;Arkivert;Nei;03.03.2025;${owner.email};${link(formula)}`);

    const pending = await admin.browser.call((c) => c.admin.listings.exportCsv({ q: word, status: 'pending' }));
    expect(pending.csv.slice(1).split('\r\n').filter(Boolean)).toHaveLength(2);
  });
});
