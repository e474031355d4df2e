import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { refusalReasons } from '@bedriftstorget/core/errors/reasons';
import { uploads } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { MAX_SAVED_SEARCHES } from '@bedriftstorget/core/saved-search/enums';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { admin, auth } from '@bedriftstorget/core/texts/nb';
import { settingsTexts } from '@bedriftstorget/core/texts/numbers';
import { savedSearchTexts } from '@bedriftstorget/core/texts/saved-search';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { createListing, listingFields } from './fixtures';
import { createHarness, db, randomIp, signedInUser, uniqueEmail, type Browser, type Harness } from './harness';

const origin = 'http://localhost:3000';

interface ErrorBody {
  error: { message: string; data: { code: string; httpStatus: number; reason: string | null } };
}

/** One call over HTTP, as the browser makes it: what reaches the web app is the formatted error. */
async function call(h: Harness, path: string, input: unknown, options: { browser?: Browser; query?: boolean } = {}) {
  const cookie = [...(options.browser?.cookies ?? [])].map(([name, value]) => `${name}=${value}`).join('; ');
  const headers: Record<string, string> = { origin, ...(cookie ? { cookie } : {}) };
  const request = options.query
    ? new Request(`${origin}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers })
    : new Request(`${origin}/trpc/${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const response = await handleTrpc(h, request, randomIp());
  return { status: response.status, body: (await response.json()) as ErrorBody };
}

/** The part of a refusal the web app reads: status, code, reason and message. */
const refusalOf = ({ status, body }: Awaited<ReturnType<typeof call>>) => ({
  status,
  code: body.error?.data.code,
  reason: body.error?.data.reason,
  message: body.error?.message,
});

afterEach(() => db.update(appSettings).set(DEFAULT_SETTINGS).where(eq(appSettings.id, 1)));

/**
 * Four refusals share 403 FORBIDDEN (and a fifth, a full list of saved searches): the web app tells
 * them apart by `data.reason` (decision 062), so each must carry its own, and no other error any.
 */
describe('refusal reasons', () => {
  it('quota reached: a submit and a renewal past the limit', async () => {
    const h = createHarness();
    const seller = await signedInUser({ ...h, storage: { ...h.storage, delete: () => Promise.resolve() } });
    await db.update(profiles).set({ maxListings: 0 }).where(eq(profiles.id, seller.userId));
    const id = crypto.randomUUID();
    const [upload] = await db
      .insert(uploads)
      .values({ userId: seller.userId, listingId: id, storageKey: `uploads/${seller.userId}/${id}_0.png`, finalKey: `listings/${id}/a.webp`, contentType: 'image/png', status: 'verified' })
      .$returningId();
    const expected = { status: 403, code: 'FORBIDDEN', reason: 'QUOTA_REACHED', message: wizard.quotaText(0) };
    expect(refusalOf(await call(h, 'seller.create', { id, fields: listingFields, images: [{ uploadId: upload!.id }] }, { browser: seller.browser }))).toEqual(expected);
    const expired = await createListing(seller.userId, { status: 'expired' });
    expect(refusalOf(await call(h, 'seller.renew', { id: expired }, { browser: seller.browser }))).toEqual(expected);
  });

  it('e-mail not confirmed: a password sign-in before the link was opened', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    expect((await call(h, 'auth.signUp', { email, password: 'hemmelig1', acceptTerms: true })).status).toBe(200);
    expect(refusalOf(await call(h, 'auth.signIn', { email, password: 'hemmelig1' }))).toEqual({
      status: 403, code: 'FORBIDDEN', reason: 'EMAIL_NOT_CONFIRMED', message: auth.emailNotConfirmed,
    });
  });

  it('sign-ups closed: a sign-up while the admins have closed them', async () => {
    const h = createHarness();
    await db.update(appSettings).set({ signupsOpen: false }).where(eq(appSettings.id, 1));
    expect(refusalOf(await call(h, 'auth.signUp', { email: uniqueEmail(), password: 'hemmelig1', acceptTerms: true }))).toEqual({
      status: 403, code: 'FORBIDDEN', reason: 'SIGNUPS_CLOSED', message: settingsTexts.signupsClosed,
    });
  });

  it('no access: an admin procedure called by a signed-in user without the role', async () => {
    const h = createHarness();
    const user = await signedInUser(h);
    expect(refusalOf(await call(h, 'admin.settings.get', undefined, { browser: user.browser, query: true }))).toEqual({
      status: 403, code: 'FORBIDDEN', reason: 'NO_ACCESS', message: admin.noAccessText,
    });
  });

  it('saved searches full: one more search than the cap', async () => {
    const h = createHarness();
    const user = await signedInUser(h);
    for (let n = 0; n < MAX_SAVED_SEARCHES; n += 1) await user.browser.call((c) => c.savedSearch.create({ name: `Søk ${n}`, alerts: 'never', filters: { minPrice: n + 1 } }));
    expect(refusalOf(await call(h, 'savedSearch.create', { name: 'Ett til', alerts: 'never', filters: {} }, { browser: user.browser }))).toEqual({
      status: 403, code: 'FORBIDDEN', reason: 'SAVED_SEARCHES_FULL', message: savedSearchTexts.tooMany(MAX_SAVED_SEARCHES),
    });
  });

  it('every other error carries no reason: not signed in, not found, bad input', async () => {
    const h = createHarness();
    const user = await signedInUser(h);
    const answers = [
      await call(h, 'seller.mine', undefined, { query: true }),
      await call(h, 'listing.detail', { id: crypto.randomUUID() }, { query: true }),
      await call(h, 'seller.renew', { id: 'ikke-en-id' }, { browser: user.browser }),
    ];
    expect(answers.map((answer) => [answer.body.error.data.code, answer.body.error.data.reason])).toEqual([
      ['UNAUTHORIZED', null],
      ['NOT_FOUND', null],
      ['BAD_REQUEST', null],
    ]);
  });

  it('a new reason gets its own case above (CONSENT_REQUIRED: google.test.ts; VIPPS_REQUIRED: vipps-buyers-only.test.ts): the reasons are exactly these seven', () => {
    expect([...refusalReasons].sort()).toEqual(['CONSENT_REQUIRED', 'EMAIL_NOT_CONFIRMED', 'NO_ACCESS', 'QUOTA_REACHED', 'SAVED_SEARCHES_FULL', 'SIGNUPS_CLOSED', 'VIPPS_REQUIRED']);
  });
});
