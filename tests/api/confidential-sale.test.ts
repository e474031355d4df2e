import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { company } from '@bedriftstorget/core/texts/company';
import { verifyCompany } from '@bedriftstorget/api/company/registry';
import { handleSeo } from '@bedriftstorget/api/seo/handler';
import { STAND_IN_COMPANIES } from '../../infra/local/brreg/companies';
import { signedInAdmin } from './admin-helpers';
import { createListing, listingFields, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller } from './harness';

/**
 * 'Konfidensielt salg' (decision 095): for anyone but its owner and staff, a confidential listing's
 * answers hold the public title, industry, county, figures and description, and never the company's
 * name, organisasjonsnummer or address, nor the seller's firm. Checked in the JSON (and the crawler
 * HTML) of every public answer that carries listings: detail, viewer, browse, similar, the SEO page.
 */

const h = createHarness();
const word = uniqueWord();
const secret = STAND_IN_COMPANIES.cafe;
const open = STAND_IN_COMPANIES.bakery;
const SELLER_FIRM = 'Hemmelig Eierselskap AS';
/** Every value that names the confidential company or its seller's firm. */
const SECRETS = [secret.organisasjonsnummer, '910 000 101', secret.navn, 'Bryggen 12', SELLER_FIRM];
const SHELL = '<!doctype html><html lang="nb"><head><title>Bedriftstorget</title></head><body><div id="root"></div></body></html>';

let owner: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let confidentialId: string;
let openId: string;
let pendingId: string;

const leaks = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return SECRETS.filter((s) => text.includes(s));
};

beforeAll(async () => {
  owner = await signedInUser(h);
  buyer = await signedInUser(h);
  admin = await signedInAdmin(h);
  await db.update(profiles).set({ companyName: SELLER_FIRM }).where(eq(profiles.id, owner.userId));
  await verifyCompany(h, secret.organisasjonsnummer);
  await verifyCompany(h, open.organisasjonsnummer);
  const common = { industry: 'restaurant' as const, location: 'Vestland', revenue: 4_000_000, profit: 600_000, price: 2_500_000 };
  confidentialId = await createListing(owner.userId, { ...common, title: `Konfidensiell kafé ${word}`, orgnr: secret.organisasjonsnummer, confidential: true });
  openId = await createListing(owner.userId, { ...common, title: `Åpen bakeri ${word}`, orgnr: open.organisasjonsnummer });
  pendingId = await createListing(owner.userId, { ...common, title: `Venter konfidensiell ${word}`, status: 'pending', orgnr: secret.organisasjonsnummer, confidential: true });
});

describe('a confidential listing, as everyone but its owner and staff sees it', () => {
  it('listing.detail (visitor, buyer, even the owner and staff: it is one cached answer): the public fields and the badge flag, no company, no seller firm', async () => {
    for (const detail of [
      await visitorCaller(h).listing.detail({ id: confidentialId }),
      await buyer.browser.call((c) => c.listing.detail({ id: confidentialId })),
      await admin.browser.call((c) => c.listing.detail({ id: confidentialId })),
    ]) {
      expect(detail.listing).toMatchObject({ title: `Konfidensiell kafé ${word}`, industry: 'restaurant', location: 'Vestland', revenue: 4_000_000, profit: 600_000, price: 2_500_000, confidential: true, company: null, sellerName: company.confidentialSeller });
      expect(detail.listing.description.length).toBeGreaterThan(50);
      expect(leaks(detail)).toEqual([]);
    }
  });

  it('browse and similar listings: the card says confidential and names nothing', async () => {
    const browse = await visitorCaller(h).listing.browse({ q: word });
    expect(browse.items.find((card) => card.id === confidentialId)?.confidential).toBe(true);
    expect(browse.items.find((card) => card.id === openId)?.confidential).toBe(false);
    expect(leaks(browse)).toEqual([]);
    const beside = await visitorCaller(h).listing.detail({ id: openId });
    expect(beside.similar.map((card) => card.id)).toContain(confidentialId);
    expect(leaks(beside.similar)).toEqual([]);
  });

  it('the crawler page (head, JSON-LD and first data) names nothing', async () => {
    const response = await handleSeo(h, new Request(`${h.config.appUrl}/bedrift/${confidentialId}`), { shell: () => Promise.resolve(SHELL) });
    const html = await response!.text();
    expect(response!.status).toBe(200);
    expect(html).toContain(`Konfidensiell kafé ${word}`);
    expect(leaks(html)).toEqual([]);
  });

  it('listing.viewer names neither the company nor the seller firm, and the seller contact is refused: messages only (decision 099)', async () => {
    expect(leaks(await buyer.browser.call((c) => c.listing.viewer({ id: confidentialId })))).toEqual([]);
    await expect(buyer.browser.call((c) => c.listing.sellerContact({ id: confidentialId }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: company.contactRefused });
  });
});

describe('a listing that is not confidential', () => {
  it('shows "Registrert i Enhetsregisteret" data (name, form, kommune) — but never the number itself', async () => {
    const detail = await visitorCaller(h).listing.detail({ id: openId });
    expect(detail.listing.company).toEqual({ name: open.navn, form: 'Aksjeselskap', kommune: 'TRONDHEIM' });
    expect(detail.listing.sellerName).toBe(SELLER_FIRM);
    expect(JSON.stringify(detail)).not.toContain(open.organisasjonsnummer);
  });
});

describe('staff and the owner see everything', () => {
  it('the review queue: number, name, address of a confidential listing, and that it is confidential', async () => {
    const queued = (await admin.browser.call((c) => c.admin.overview.queue())).find((row) => row.id === pendingId);
    expect(queued?.confidential).toBe(true);
    expect(queued?.company).toMatchObject({ orgnr: secret.organisasjonsnummer, name: secret.navn, address: 'Bryggen 12, 5003 BERGEN', kommune: 'BERGEN' });
  });

  it('the owner’s edit form has the number and the flag', async () => {
    const form = await owner.browser.call((c) => c.seller.forEdit({ id: confidentialId }));
    expect(form).toMatchObject({ orgnr: secret.organisasjonsnummer, confidential: true });
    await expect(buyer.browser.call((c) => c.seller.forEdit({ id: confidentialId }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('making a published listing confidential hides the company at once, before staff review the edit', async () => {
    const form = await owner.browser.call((c) => c.seller.forEdit({ id: openId }));
    const result = await owner.browser.call((c) => c.seller.update({ id: openId, fields: { ...listingFields, title: form.title, industry: 'restaurant', location: 'Vestland', orgnr: open.organisasjonsnummer, confidential: true }, images: form.images.map((image) => ({ imageId: image.id })) }));
    expect(result.revision).toBe(true);
    const detail = await visitorCaller(h).listing.detail({ id: openId });
    expect(detail.listing).toMatchObject({ confidential: true, company: null, sellerName: company.confidentialSeller });
    expect(JSON.stringify(detail)).not.toContain(open.navn);
  });
});
