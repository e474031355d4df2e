import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { networkKey } from '@bedriftstorget/api/http/network';
import { UNSUBSCRIBE_PATH } from '@bedriftstorget/api/saved-search/paths';
import { rateLimits, users } from '@bedriftstorget/core/auth/auth.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { request as texts } from '@bedriftstorget/core/texts/http';
import { createHarness, db, randomIp, signedInUser, uniqueEmail } from './harness';

/** The real handler with the production address: what a forged cross-site POST meets. */
const PROD = 'https://bedriftstorget.no';

const LOOK_ALIKES = [
  'https://bedriftstorget.no.evil.example',
  'https://evil.example/https://bedriftstorget.no',
  'null',
  'https://Bedriftstorget.no',
  'https://bedriftstorget.no:8443',
  'http://bedriftstorget.no',
  'https://bedriftstorget.no/',
  'http://localhost:3000',
];

function post(path: string, body: unknown, headers: Record<string, string>): Request {
  return new Request(`${PROD}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

const errorMessage = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

async function profileOf(userId: string) {
  const [row] = await db.select({ fullName: profiles.fullName, phone: profiles.phone }).from(profiles).where(eq(profiles.id, userId));
  return row;
}

describe('a refused mutation changes nothing (the Origin check through the handler)', () => {
  it('a signed-in user\'s profile stays as it was for every look-alike origin, and changes from the app itself', async () => {
    const h = createHarness({ config: { appUrl: PROD } });
    const { browser, userId } = await signedInUser(h);
    const cookie = `${h.auth.sessionCookieName}=${browser.sessionId}`;
    const before = await profileOf(userId);
    const forged = { fullName: 'Mallory', companyName: null, phone: '99999999' };
    for (const origin of LOOK_ALIKES) {
      const response = await handleTrpc(h, post('profile.update', forged, { cookie, origin }), randomIp());
      expect(response.status, origin).toBe(403);
      expect(await errorMessage(response)).toBe(texts.foreignOrigin(origin, PROD));
    }
    for (const site of [{}, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const response = await handleTrpc(h, post('profile.update', forged, { cookie, ...site }), randomIp());
      expect(response.status, JSON.stringify(site)).toBe(403);
      expect(await errorMessage(response)).toBe(texts.missingOrigin);
    }
    expect(await profileOf(userId)).toEqual(before);
    // The same request from the app itself goes through: the refusals were the origin's doing alone.
    const ok = await handleTrpc(h, post('profile.update', forged, { cookie, origin: PROD }), randomIp());
    expect(ok.status).toBe(200);
    expect(await profileOf(userId)).toEqual({ fullName: 'Mallory', phone: '+4799999999' });
    const sameOrigin = await handleTrpc(h, post('profile.update', { ...forged, fullName: 'Kari' }, { cookie, 'sec-fetch-site': 'same-origin' }), randomIp());
    expect(sameOrigin.status).toBe(200);
  });

  it('a refused sign-up makes no account, sends no mail and counts no attempt', async () => {
    const h = createHarness({ config: { appUrl: PROD } });
    const ip = randomIp();
    for (const origin of LOOK_ALIKES) {
      const email = uniqueEmail('forged');
      const response = await handleTrpc(h, post('auth.signUp', { email, password: 'hemmelig1', acceptTerms: true }, { origin }), ip);
      expect(response.status, origin).toBe(403);
      expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(h.mailer.to(email)).toEqual([]);
    }
    expect(await db.select().from(rateLimits).where(like(rateLimits.key, `signup-ip:${networkKey(ip)}:%`))).toEqual([]);
  });

  it('exempts the one-click unsubscribe path and nothing beside it', async () => {
    const h = createHarness({ config: { appUrl: PROD } });
    const form = (path: string) =>
      new Request(`${PROD}${path}?t=${'a'.repeat(43)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    // No origin at all, as a mail program sends it: the handler answers (an unknown token is 404), not the guard.
    const exempt = await handleTrpc(h, form(UNSUBSCRIBE_PATH), randomIp());
    expect(exempt.status).toBe(404);
    for (const path of [`${UNSUBSCRIBE_PATH}/`, `${UNSUBSCRIBE_PATH},auth.signUp`, `${UNSUBSCRIBE_PATH}x`]) {
      const refused = await handleTrpc(h, form(path), randomIp());
      expect(refused.status, path).toBe(403);
      expect(await errorMessage(refused)).toBe(texts.missingOrigin);
    }
  });

  it('takes the loopback aliases only while APP_URL is a loopback address', async () => {
    const local = createHarness();
    const port = new URL(local.config.appUrl).port;
    const signIn = (origin: string) => post('auth.signIn', { email: uniqueEmail(), password: 'feil-passord' }, { origin });
    for (const alias of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      expect((await handleTrpc(local, signIn(alias), randomIp())).status, alias).toBe(401);
    }
    const prod = createHarness({ config: { appUrl: PROD } });
    for (const alias of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`, `http://localhost:${port}`]) {
      expect((await handleTrpc(prod, signIn(alias), randomIp())).status, alias).toBe(403);
    }
  });
});
