import { describe, expect, it } from 'vitest';
import { allowedOrigins, MAX_BATCH_CALLS, MAX_BODY_BYTES, originRefusal, refuseFromHead } from '@bedriftstorget/api/http/guard';
import { UNSUBSCRIBE_PATH } from '@bedriftstorget/api/saved-search/paths';
import { request as texts } from '@bedriftstorget/core/texts/http';

/**
 * The Origin check lets a state-changing request through only from exactly the app's origin, as a
 * browser serializes it: scheme, lowercase host and port, no path, no trailing slash. Anything that
 * merely looks like it (a prefix, a substring, another case or port) is another site.
 */
const PROD = 'https://bedriftstorget.no';
const LOCAL = 'http://localhost:3000';

const post = (headers: Record<string, string>, method = 'POST') => ({ method, headers: new Headers(headers) });
const refusal = (appUrl: string, local: boolean, headers: Record<string, string>, method = 'POST') => {
  const request = post(headers, method);
  return originRefusal(request.method, request.headers, appUrl, local);
};

describe('allowedOrigins', () => {
  it('is the configured origin alone in production, whatever the runtime', () => {
    expect(allowedOrigins(PROD, false)).toEqual([PROD]);
    expect(allowedOrigins(PROD, true)).toEqual([PROD]);
    expect(allowedOrigins(`${PROD}/`, false)).toEqual([PROD]);
  });

  it('adds the loopback names of a local loopback address, with its scheme and port', () => {
    expect(allowedOrigins(LOCAL, true)).toEqual([LOCAL, 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(allowedOrigins('http://127.0.0.1:3100', true)).toEqual(['http://localhost:3100', 'http://127.0.0.1:3100', 'http://[::1]:3100']);
    expect(allowedOrigins('http://localhost', true)).toEqual(['http://localhost', 'http://127.0.0.1', 'http://[::1]']);
  });

  it('adds no loopback names outside the local runtime', () => {
    expect(allowedOrigins(LOCAL, false)).toEqual([LOCAL]);
  });
});

describe('originRefusal: only the exact origin may change state', () => {
  it('lets the app itself through', () => {
    expect(refusal(PROD, false, { origin: PROD })).toBeNull();
  });

  it.each([
    ['a look-alike host with the real one as its prefix', 'https://bedriftstorget.no.evil.example'],
    ['the real origin as a path of another', 'https://evil.example/https://bedriftstorget.no'],
    ['a host ending in the real one', 'https://evilbedriftstorget.no'],
    ['a subdomain', 'https://www.bedriftstorget.no'],
    ['a sandboxed frame or file: page ("null")', 'null'],
    ['another letter case (browsers send the host lowercase)', 'https://Bedriftstorget.no'],
    ['an upper-case scheme and host', 'HTTPS://BEDRIFTSTORGET.NO'],
    ['another port', 'https://bedriftstorget.no:8443'],
    ['the default port written out (browsers leave it off)', 'https://bedriftstorget.no:443'],
    ['plain http', 'http://bedriftstorget.no'],
    ['a trailing slash', 'https://bedriftstorget.no/'],
    ['two Origin headers, the real one first', 'https://bedriftstorget.no, https://evil.example'],
    ['localhost', 'http://localhost:3000'],
    ['127.0.0.1', 'http://127.0.0.1'],
    ['[::1]', 'http://[::1]'],
  ])('refuses %s', (_what, origin) => {
    expect(refusal(PROD, false, { origin })).toBe(texts.foreignOrigin(origin, PROD));
    // Claiming to be same-origin does not help once an Origin is sent.
    expect(refusal(PROD, false, { origin, 'sec-fetch-site': 'same-origin' })).toBe(texts.foreignOrigin(origin, PROD));
  });

  it('refuses the loopback names for a production address even in the local runtime', () => {
    for (const origin of ['http://localhost', 'http://127.0.0.1', 'http://[::1]', 'https://localhost']) {
      expect(refusal(PROD, true, { origin }), origin).toBe(texts.foreignOrigin(origin, PROD));
    }
  });

  it('accepts the loopback aliases locally, and nothing next to them', () => {
    for (const origin of [LOCAL, 'http://127.0.0.1:3000', 'http://[::1]:3000']) expect(refusal(LOCAL, true, { origin }), origin).toBeNull();
    for (const origin of [
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://127.0.0.2:3000',
      'http://0.0.0.0:3000',
      'http://LOCALHOST:3000',
      'http://localhost.evil.example:3000',
      'http://localhost:3000/',
    ]) {
      expect(refusal(LOCAL, true, { origin }), origin).toBe(texts.foreignOrigin(origin, LOCAL));
    }
  });

  it('refuses the loopback aliases of a localhost address outside the local runtime', () => {
    expect(refusal(LOCAL, false, { origin: 'http://127.0.0.1:3000' })).toBe(texts.foreignOrigin('http://127.0.0.1:3000', LOCAL));
    expect(refusal(LOCAL, false, { origin: LOCAL })).toBeNull();
  });

  it('without an Origin, takes only Sec-Fetch-Site: same-origin', () => {
    expect(refusal(PROD, false, { 'sec-fetch-site': 'same-origin' })).toBeNull();
    expect(refusal(PROD, false, {})).toBe(texts.missingOrigin);
    for (const site of ['same-site', 'cross-site', 'none', 'Same-Origin', 'same-origin, cross-site']) {
      expect(refusal(PROD, false, { 'sec-fetch-site': site }), site).toBe(texts.missingOrigin);
    }
  });

  it('lets GET, HEAD and OPTIONS through from anywhere; every other method is checked', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(refusal(PROD, false, { origin: 'https://evil.example' }, method), method).toBeNull();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'patch']) {
      expect(refusal(PROD, false, { origin: 'https://evil.example' }, method), method).toBe(texts.foreignOrigin('https://evil.example', PROD));
      expect(refusal(PROD, false, {}, method), method).toBe(texts.missingOrigin);
    }
  });
});

describe('refuseFromHead: the one exempt path', () => {
  const options = { appUrl: PROD, local: false, endpoint: '/trpc' };
  const head = (pathname: string, headers: Record<string, string>) => refuseFromHead('POST', pathname, new Headers(headers), options);

  it('takes the one-click unsubscribe from no origin, or any', () => {
    expect(head(UNSUBSCRIBE_PATH, {})).toBeNull();
    expect(head(UNSUBSCRIBE_PATH, { origin: 'https://mail.example' })).toBeNull();
  });

  it.each([
    '/trpc/auth.signUp',
    `${UNSUBSCRIBE_PATH}/`,
    `${UNSUBSCRIBE_PATH}x`,
    `${UNSUBSCRIBE_PATH},auth.signUp`,
    `/trpc/auth.signUp,${UNSUBSCRIBE_PATH.slice('/trpc/'.length)}`,
    `/x${UNSUBSCRIBE_PATH}`,
    UNSUBSCRIBE_PATH.toUpperCase(),
  ])('checks the origin of %s', async (pathname) => {
    for (const [headers, message] of [
      [{}, texts.missingOrigin],
      [{ origin: 'https://mail.example' }, texts.foreignOrigin('https://mail.example', PROD)],
    ] as const) {
      const refused = head(pathname, headers);
      expect(refused?.status, pathname).toBe(403);
      expect(((await refused!.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect(head(pathname, { origin: PROD })).toBeNull();
  });
});

describe('refuseFromHead: the caps, before a byte of the body is read', () => {
  const options = { appUrl: PROD, local: false, endpoint: '/trpc' };
  const head = (pathname: string, headers: Record<string, string> = {}) => refuseFromHead('POST', pathname, new Headers({ origin: PROD, ...headers }), options);
  const answer = async (response: Response | null) => {
    const body = (await response!.json()) as { error: { message: string; code: number; data: { code: string; httpStatus: number } } };
    return { status: response!.status, cacheControl: response!.headers.get('cache-control'), ...body.error };
  };
  const calls = (n: number) => `/trpc/${Array.from({ length: n }, () => 'auth.me').join(',')}`;

  it('takes a declared body of exactly the cap, and refuses one byte more with 413', async () => {
    expect(head('/trpc/auth.signUp', { 'content-length': String(MAX_BODY_BYTES) })).toBeNull();
    const refused = head('/trpc/auth.signUp', { 'content-length': String(MAX_BODY_BYTES + 1) });
    expect(await answer(refused)).toMatchObject({ status: 413, cacheControl: 'no-store', message: texts.bodyTooLarge, code: -32013, data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } });
    expect(refused!.headers.get('connection')).toBe('close');
  });

  it(`takes a batch of ${MAX_BATCH_CALLS} calls, and refuses one more with 400`, async () => {
    expect(head(calls(MAX_BATCH_CALLS))).toBeNull();
    expect(head('/trpc')).toBeNull();
    expect(await answer(head(calls(MAX_BATCH_CALLS + 1)))).toMatchObject({ status: 400, cacheControl: 'no-store', message: texts.batchTooLarge(MAX_BATCH_CALLS), code: -32600 });
  });

  it('refuses an address that is not valid percent-encoding with 400, not a 500 in tRPC', async () => {
    expect(await answer(head('/trpc/auth.me%E0%A4%A'))).toMatchObject({ status: 400, message: texts.badAddress, data: { code: 'BAD_REQUEST', httpStatus: 400 } });
    expect(head('/trpc/auth.me%20')).toBeNull();
  });

  it('answers a foreign origin with 403 in tRPC’s shape', async () => {
    const refused = refuseFromHead('POST', '/trpc/auth.signUp', new Headers({ origin: 'https://evil.example' }), options);
    expect(await answer(refused)).toMatchObject({ status: 403, cacheControl: 'no-store', code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403 } });
  });
});
