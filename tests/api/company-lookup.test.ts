import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { company as texts } from '@bedriftstorget/core/texts/company';
import { STAND_IN_COMPANIES, STAND_IN_REMOVED } from '../../infra/local/brreg/companies';
import { Browser, brreg, createHarness, db } from './harness';

/**
 * 'Organisasjonsnummer' looked up when the wizard's field is left (decision 139): the company's name
 * and kommune to confirm, or the reason the number cannot be used, before step 1 is passed. It
 * stores nothing and reads no listing.
 */
afterEach(() => brreg.setMode('up'));

const h = createHarness();
const lookup = (orgnr: string, browser = new Browser(h)) => browser.call((c) => c.seller.lookupCompany({ orgnr }));
const rows = async (orgnr: string) => (await db.select({ n: count() }).from(companyRegistry).where(eq(companyRegistry.orgnr, orgnr)))[0]!.n;

describe('seller.lookupCompany', () => {
  it('found: a guest gets the company’s name, kommune and form for a number written with spaces', async () => {
    const cafe = STAND_IN_COMPANIES.cafe;
    expect(await lookup('910 000 101')).toEqual({ kind: 'found', orgnr: '910000101', name: cafe.navn, kommune: 'BERGEN', form: 'Aksjeselskap' });
    // The postal address stands in when a unit has only that one
    expect(await lookup(STAND_IN_COMPANIES.garden.organisasjonsnummer)).toMatchObject({ kind: 'found', kommune: 'SKIEN' });
  });

  it('a valid check digit the registry does not know: not_found with the message the save would give, and nothing stored', async () => {
    expect(await lookup('910000802')).toEqual({ kind: 'not_found', orgnr: '910000802', message: texts.notFound });
    expect(await rows('910000802')).toBe(0);
  });

  it('a number removed from the registry (410): removed, with its message', async () => {
    expect(await lookup(STAND_IN_REMOVED[0]!)).toEqual({ kind: 'removed', orgnr: STAND_IN_REMOVED[0], message: texts.removed });
  });

  it('a wrong check digit is refused with "Ugyldig organisasjonsnummer" before the registry is asked', async () => {
    const before = brreg.requests();
    await expect(lookup('910 000 102')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(texts.orgnrInvalid) as string });
    await expect(lookup('12345')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(brreg.requests()).toBe(before);
  });

  it('a registry that is down answers unavailable, not an error: the save checks again later', async () => {
    brreg.setMode('down');
    expect(await lookup('910000179')).toEqual({ kind: 'unavailable', orgnr: '910000179' });
    expect(await rows('910000179')).toBe(0);
  });
});
