import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { request as texts } from '@bedriftstorget/core/texts/http';
import { createHarness, db, randomIp, signedInUser } from './harness';

/**
 * Text that is not valid Unicode: an unpaired surrogate ("\ud800") is valid JSON but no character,
 * and the database cannot store it. Every field of every procedure refuses it with the same
 * Norwegian 400, before any schema or handler runs (packages/api/src/http/well-formed.ts).
 */
const h = createHarness();
const app = new URL(h.config.appUrl).origin;

async function post(path: string, body: string, cookie?: string) {
  const headers = { origin: app, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const response = await handleTrpc(h, new Request(`${app}/trpc/${path}`, { method: 'POST', headers, body }), randomIp());
  return { status: response.status, message: ((await response.json()) as { error?: { message: string } }).error?.message };
}

describe('invalid Unicode in the input', () => {
  it('a lone surrogate in a saved search’s filters is a 400 with the Norwegian text, and nothing is stored', async () => {
    const user = await signedInUser(h);
    const cookie = `${h.auth.sessionCookieName}=${user.browser.sessionId}`;
    for (const filters of ['{"q":"\\ud800"}', '{"q":"kaf\\udfff"}', '{"location":"Oslo\\ud83d"}']) {
      expect(await post('savedSearch.create', `{"name":"Søk","alerts":"never","filters":${filters}}`, cookie)).toEqual({ status: 400, message: texts.invalidText });
    }
    expect(await post('savedSearch.create', '{"name":"S\\udc00k","alerts":"never","filters":{}}', cookie)).toEqual({ status: 400, message: texts.invalidText });
    expect(await db.select().from(savedSearches).where(eq(savedSearches.userId, user.userId))).toEqual([]);
    // A surrogate pair is one character (an emoji), and stays welcome.
    expect((await post('savedSearch.create', '{"name":"Kafé \\ud83d\\ude00","alerts":"never","filters":{"q":"kafé"}}', cookie)).status).toBe(200);
  });

  it('in a query, a plain string field, an object key, and for a visitor too', async () => {
    const browse = await handleTrpc(h, new Request(`${app}/trpc/listing.browse?input=${encodeURIComponent('{"q":"\\ud800"}')}`), randomIp());
    expect(browse.status).toBe(400);
    expect(((await browse.json()) as { error: { message: string } }).error.message).toBe(texts.invalidText);
    expect(await post('auth.signIn', '{"email":"a@example.no","password":"\\udbff"}')).toEqual({ status: 400, message: texts.invalidText });
    expect(await post('auth.signIn', '{"email":"a@example.no","password":"hemmelig1","\\ud800":1}')).toEqual({ status: 400, message: texts.invalidText });
  });

  it('a body of half a million nested or listed values is read without overflowing the stack', async () => {
    for (const body of [`{"q":${'['.repeat(400_000)}${']'.repeat(400_000)}}`, `{"q":[${Array(400_000).fill('0').join(',')}]}`]) {
      expect((await post('listing.recordView', body)).status).toBe(400);
    }
  });
});
