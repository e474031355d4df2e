import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { company as texts } from '@bedriftstorget/core/texts/company';
import { recheckPendingCompanies } from '@bedriftstorget/api/company/registry';
import { STAND_IN_COMPANIES, STAND_IN_REMOVED } from '../../infra/local/brreg/companies';
import { listingRow, logOf, seen, signedInAdmin } from './admin-helpers';
import { brreg, db, visitorCaller, type Browser } from './harness';
import { fields, seller, upload } from './seller-helpers';

/**
 * Verified companies (decision 094): the wizard's organisasjonsnummer is looked up in Enhetsregisteret
 * (here its local stand-in) when the listing is saved; staff see the answer and approve a flagged
 * company only with a note.
 */

afterEach(() => brreg.setMode('up'));

async function submit(browser: Browser, orgnr: string | null, extra: Partial<typeof fields> = {}) {
  const id = crypto.randomUUID();
  const image = await upload(browser, id);
  return { id, result: browser.call((c) => c.seller.create({ id, fields: { ...fields, orgnr, ...extra }, images: [{ uploadId: image.uploadId }] })) };
}

const registryRow = async (orgnr: string) => (await db.select().from(companyRegistry).where(eq(companyRegistry.orgnr, orgnr)))[0];

describe('the lookup when a listing is saved', () => {
  it('found: the listing keeps the normalised number, the snapshot has name, form, kommune and flags, staff see it, the page shows it once approved', async () => {
    const { h, browser } = await seller();
    const admin = await signedInAdmin(h);
    const cafe = STAND_IN_COMPANIES.cafe;
    const { id, result } = await submit(browser, '910 000 101');
    await result;
    expect((await listingRow(id))?.orgnr).toBe('910000101');
    expect(await registryRow('910000101')).toMatchObject({ status: 'found', name: cafe.navn, formText: 'Aksjeselskap', kommune: 'BERGEN', bankrupt: false, liquidation: false, deletedOn: null });
    expect((await registryRow('910000101'))?.checkedAt).toBeInstanceOf(Date);

    const queued = (await admin.browser.call((c) => c.admin.overview.queue())).find((row) => row.id === id);
    expect(queued?.company).toMatchObject({ orgnr: '910000101', status: 'found', name: cafe.navn, form: 'Aksjeselskap', kommune: 'BERGEN', address: 'Bryggen 12, 5003 BERGEN', warnings: [], flagged: false });

    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }));
    const page = await visitorCaller(h).listing.detail({ id });
    expect(page.listing.company).toEqual({ name: cafe.navn, form: 'Aksjeselskap', kommune: 'BERGEN' });
    expect(page.listing.confidential).toBe(false);
  });

  it('a number with a wrong check digit is refused with exactly "Ugyldig organisasjonsnummer", before the registry is asked', async () => {
    const { browser } = await seller();
    const before = brreg.requests();
    const { id, result } = await submit(browser, '910 000 102');
    const error = await result.then(() => null, (e: unknown) => e as { code: string; message: string });
    expect(error?.code).toBe('BAD_REQUEST');
    expect(error?.message).toContain('Ugyldig organisasjonsnummer');
    expect(brreg.requests()).toBe(before);
    expect(await listingRow(id)).toBeUndefined();
  });

  it('404: a valid number the registry does not know is refused in Norwegian and nothing is saved', async () => {
    const { browser } = await seller();
    const { id, result } = await submit(browser, '910000802');
    await expect(result).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.notFound });
    expect(await listingRow(id)).toBeUndefined();
    expect(await registryRow('910000802')).toBeUndefined();
  });

  it('410: a removed unit is refused as well', async () => {
    const { browser } = await seller();
    const { id, result } = await submit(browser, STAND_IN_REMOVED[0]!);
    await expect(result).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.removed });
    expect(await listingRow(id)).toBeUndefined();
  });

  it('without a number the listing is saved as before, and the registry is not asked', async () => {
    const { browser } = await seller();
    const before = brreg.requests();
    const { id, result } = await submit(browser, null);
    await result;
    expect(await listingRow(id)).toMatchObject({ orgnr: null, confidential: false });
    expect(brreg.requests()).toBe(before);
  });
});

describe('registry down or slow: saved as not checked yet, and the scheduled job asks again', () => {
  it('down (503): the listing is saved, the company pending; staff see "not checked"; the job finds it once the registry is back', async () => {
    const { h, browser } = await seller();
    const admin = await signedInAdmin(h);
    brreg.setMode('down');
    const { id, result } = await submit(browser, STAND_IN_COMPANIES.accounting.organisasjonsnummer);
    await result;
    expect((await listingRow(id))?.orgnr).toBe('910000179');
    expect(await registryRow('910000179')).toMatchObject({ status: 'pending', name: null, checkedAt: null });
    const queued = (await admin.browser.call((c) => c.admin.overview.queue())).find((row) => row.id === id);
    expect(queued?.company).toMatchObject({ orgnr: '910000179', status: 'pending', name: null, flagged: false });

    // Still down: the job leaves it pending; within five minutes of the last try it does not ask.
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await recheckPendingCompanies(h, new Date())).toEqual({ checked: 0, stillPending: 0 });
    expect(await recheckPendingCompanies(h, later)).toMatchObject({ checked: 0 });
    expect((await registryRow('910000179'))?.status).toBe('pending');

    brreg.setMode('up');
    const result2 = await recheckPendingCompanies(h, new Date(later.getTime() + 10 * 60_000));
    expect(result2.checked).toBeGreaterThanOrEqual(1);
    expect(await registryRow('910000179')).toMatchObject({ status: 'found', name: 'NORDLYS REGNSKAP AS', kommune: 'TROMSØ' });
  });

  it('slow: a lookup that outlasts the timeout saves the listing as not checked yet', async () => {
    const { browser } = await seller();
    brreg.setMode('slow', 5_000);
    const started = Date.now();
    const { id, result } = await submit(browser, STAND_IN_COMPANIES.plumbing.organisasjonsnummer);
    await result;
    expect(Date.now() - started).toBeLessThan(4_500);
    expect((await listingRow(id))?.orgnr).toBe('910000314');
    expect((await registryRow('910000314'))?.status).toBe('pending');
  });
});

describe('approving a flagged company takes a note', () => {
  for (const [which, warning] of [
    ['bankrupt', texts.flags.bankrupt],
    ['liquidating', texts.flags.liquidation],
    ['deleted', texts.flags.deleted('30.06.2025')],
  ] as const) {
    it(`${which}: staff see "${warning}"; approval without a note is refused and changes nothing; with one it is logged`, async () => {
      const { h, browser } = await seller();
      const admin = await signedInAdmin(h);
      const { id, result } = await submit(browser, STAND_IN_COMPANIES[which].organisasjonsnummer);
      await result;
      const queued = (await admin.browser.call((c) => c.admin.overview.queue())).find((row) => row.id === id);
      expect(queued?.company?.flagged).toBe(true);
      expect(queued?.company?.warnings).toEqual([warning]);

      await expect(admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.approveNoteRequired });
      await expect(admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])), note: '   ' }))).rejects.toMatchObject({ message: texts.approveNoteRequired });
      expect((await listingRow(id))?.status).toBe('pending');

      await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])), note: 'Ny eier har overtatt driften.' }));
      expect((await listingRow(id))?.status).toBe('active');
      const entry = (await logOf(admin.userId)).at(-1);
      expect(entry?.details).toMatchObject({ note: 'Ny eier har overtatt driften.' });
    });
  }

  it('a company that is not flagged is approved without a note, and an optional note is logged', async () => {
    const { h, browser } = await seller();
    const admin = await signedInAdmin(h);
    const first = await submit(browser, STAND_IN_COMPANIES.bakery.organisasjonsnummer);
    await first.result;
    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([first.id])) }));
    expect((await listingRow(first.id))?.status).toBe('active');
    const second = await submit(browser, STAND_IN_COMPANIES.garden.organisasjonsnummer);
    await second.result;
    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([second.id])), note: 'Sjekket.' }));
    expect((await logOf(admin.userId)).at(-1)?.details).toMatchObject({ note: 'Sjekket.' });
  });

  it("'Sett aktiv' and the bulk action in the listings table refuse a flagged company: staff approve it from the queue, with a note", async () => {
    const { h, browser } = await seller();
    const admin = await signedInAdmin(h);
    const { id, result } = await submit(browser, STAND_IN_COMPANIES.bankrupt.organisasjonsnummer);
    await result;
    await expect(admin.browser.call((c) => c.admin.listings.update({ id, patch: { status: 'active' } }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.approveInQueue });
    await expect(admin.browser.call((c) => c.admin.listings.bulk({ ids: [id], action: 'active' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.approveInQueue });
    expect((await listingRow(id))?.status).toBe('pending');
  });

  it('a company the registry stopped knowing after the save (job: 404) is flagged too', async () => {
    const { h, browser } = await seller();
    const admin = await signedInAdmin(h);
    const orgnr = '910000594';
    brreg.setMode('down');
    const { id, result } = await submit(browser, orgnr);
    await result;
    brreg.setMode('up');
    await recheckPendingCompanies(h, new Date(Date.now() + 10 * 60_000));
    expect((await registryRow(orgnr))?.status).toBe('not_found');
    const queued = (await admin.browser.call((c) => c.admin.overview.queue())).find((row) => row.id === id);
    expect(queued?.company?.warnings).toEqual([texts.flags.notFound]);
    await expect(admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }))).rejects.toMatchObject({ message: texts.approveNoteRequired });
  });
});
