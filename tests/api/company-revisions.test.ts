import { describe, expect, it } from 'vitest';
import { company as texts } from '@bedriftstorget/core/texts/company';
import { STAND_IN_COMPANIES } from '../../infra/local/brreg/companies';
import { logOf, seen } from './admin-helpers';
import { published, revisions, row, type World } from './revision-helpers';
import { fields } from './seller-helpers';

/**
 * An edit of a published listing that names a company (decisions 086 and 094): staff see the
 * registry's answer for the revision's number beside its changes, and approve a flagged one with a
 * note, as in the queue of new listings.
 */
const editCompany = (w: World, orgnr: string, extra: Partial<typeof fields> = {}) =>
  w.browser.call((c) => c.seller.update({ id: w.id, fields: { ...fields, title: `Godkjent ${w.word}`, orgnr, ...extra }, images: [{ uploadId: w.image.uploadId }] }));

const queued = async (w: World) => (await w.admin.browser.call((c) => c.admin.overview.revisions())).find((item) => item.id === w.id);

describe("the revision queue names the revision's company", () => {
  it('a bankrupt company in an edit: staff see it flagged; approval without a note is refused and keeps the public version; with one it is published and logged', async () => {
    const w = await published('active');
    const bankrupt = STAND_IN_COMPANIES.bankrupt;
    await editCompany(w, bankrupt.organisasjonsnummer);
    const item = await queued(w);
    expect(item?.company).toMatchObject({ orgnr: bankrupt.organisasjonsnummer, name: bankrupt.navn, flagged: true, warnings: [texts.flags.bankrupt] });

    await expect(w.admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([w.id])) }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.approveNoteRequired });
    expect((await row(w.id)).orgnr).toBeNull();
    expect((await revisions(w.id)).map((r) => r.status)).toEqual(['pending']);

    await w.admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([w.id])), note: 'Konkursboet selger virksomheten.' }));
    expect((await row(w.id)).orgnr).toBe(bankrupt.organisasjonsnummer);
    expect((await logOf(w.admin.userId)).at(-1)?.details).toMatchObject({ note: 'Konkursboet selger virksomheten.' });
  });

  it('a company in good standing, made confidential: staff see its name and the confidential mark, and approve without a note', async () => {
    const w = await published('active');
    const bakery = STAND_IN_COMPANIES.bakery;
    await editCompany(w, bakery.organisasjonsnummer, { confidential: true });
    const item = await queued(w);
    expect(item?.company).toMatchObject({ orgnr: bakery.organisasjonsnummer, name: bakery.navn, flagged: false, warnings: [] });
    expect(item?.confidential).toBe(true);
    await w.admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([w.id])) }));
    expect((await row(w.id)).orgnr).toBe(bakery.organisasjonsnummer);
  });

  it('an edit without a company has none in the queue', async () => {
    const w = await published('active');
    await w.browser.call((c) => c.seller.update({ id: w.id, fields: { ...fields, title: `Uten firma ${w.word}` }, images: [{ uploadId: w.image.uploadId }] }));
    const item = await queued(w);
    expect(item?.company).toBeNull();
    expect(item?.confidential).toBe(false);
  });
});
