import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLucia } from '@bedriftstorget/api/auth/lucia';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { MAX_BATCH_CALLS } from '@bedriftstorget/api/http/guard';
import { ORIGIN_SECRET_HEADER } from '@bedriftstorget/api/http/origin-secret';
import { request as texts } from '@bedriftstorget/core/texts/http';
import { savedSearchTexts } from '@bedriftstorget/core/texts/saved-search';
import { createHarness, uniqueEmail } from './harness';

/** The real local server on a free port, as an attacker outside would reach it (decision 017). */
const h = createHarness();
const dist = mkdtempSync(join(tmpdir(), 'bt-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bedriftstorget</title>');
let server: Server;
let base: string;
let app: string;

beforeAll(async () => {
  server = createLocalServer({ services: h, web: { distDir: dist } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = new URL(h.config.appUrl).origin;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** A raw request (node:http, not fetch): paths are sent exactly as written, bodies can be chunked. */
function raw(method: string, path: string, headers: Record<string, string> = {}, write?: (req: ReturnType<typeof httpRequest>) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    if (write) write(req);
    else req.end();
  });
}

const json = { 'content-type': 'application/json' };
const message = (answer: Answer) => (JSON.parse(answer.body) as { error: { message: string } }).error.message;

describe('request body cap', () => {
  it('refuses a declared 2 MB body with 413 before reading it', async () => {
    const answer = await raw('POST', '/trpc/auth.signUp', { ...json, origin: app, 'content-length': String(2 * 1024 * 1024) }, (req) => {
      req.write('{"email":"'); // the rest never comes: the answer must not wait for it
    });
    expect(answer.status).toBe(413);
    expect(message(answer)).toBe(texts.bodyTooLarge);
  });

  it('stops reading a chunked body at 1 MB', async () => {
    const answer = await raw('POST', '/trpc/auth.signUp', { ...json, origin: app, 'transfer-encoding': 'chunked' }, (req) => {
      const piece = Buffer.alloc(256 * 1024, 'a');
      for (let i = 0; i < 5; i += 1) req.write(piece);
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(message(answer)).toBe(texts.bodyTooLarge);
  });

  it('caps the Lambda by the event body too', async () => {
    // The handler reads the origin secret from SST's linked resources; the event carries it as CloudFront would.
    process.env.SST_RESOURCE_OriginSecret = JSON.stringify({ type: 'sst.sst.Linkable', value: 'test-origin-secret' });
    const { handler: lambdaHandler } = await import('@bedriftstorget/api/entry/lambda');
    const event = { rawPath: '/trpc/auth.signUp', rawQueryString: '', headers: { origin: app, [ORIGIN_SECRET_HEADER]: 'test-origin-secret' }, body: 'a'.repeat(1024 * 1024 + 1), isBase64Encoded: false, requestContext: { http: { method: 'POST', sourceIp: '10.0.0.9' } } };
    const result = await lambdaHandler(event as unknown as APIGatewayProxyEventV2);
    expect(result.statusCode).toBe(413);
    expect(result.body).toContain(texts.bodyTooLarge);
  });
});

describe('bad addresses', () => {
  it.each([
    ['/%E0%A4%A', 400],
    ['/images/%E0%A4%A', 400],
    ['/images/a%00b', 404],
    ['/images/..%2F..%2Fetc%2Fpasswd', 404],
  ])('%s answers %i, not 500', async (path, status) => {
    const answer = await raw('GET', path);
    expect(answer.status).toBe(status);
    expect(answer.body.length).toBeGreaterThan(0);
  });

  it.each(['/trpc/%E0%A4%A', '/trpc/auth.me,listing.landing%E0%A4%A?batch=1', '/trpc/auth.me%ED%A0%80'])(
    '%s (a procedure name that is not valid percent-encoding) answers 400 with the Norwegian text, not 500',
    async (path) => {
      const answer = await raw('GET', path);
      expect(answer.status).toBe(400);
      expect(message(answer)).toBe(texts.badAddress);
    },
  );
});

describe('malformed percent-encoding and lone surrogates elsewhere in the address', () => {
  it.each([
    ['/trpc/listing.browse?input=%E0%A4%A', 'badAddress'],
    // Well-formed escapes of bytes that are no UTF-8 (an encoded lone surrogate): not read as U+FFFD.
    ['/trpc/listing.browse?input=%7B%22q%22%3A%22%ED%A0%80%22%7D', 'badAddress'],
    [`/trpc/listing.browse?input=${encodeURIComponent('{"q":"\\ud800"}')}`, 'invalidText'],
  ] as const)('GET %s answers 400 with the Norwegian text (%s), not 500', async (path, text) => {
    const answer = await raw('GET', path);
    expect(answer.status).toBe(400);
    expect(message(answer)).toBe(texts[text]);
  });

  it.each(['/trpc/varsel-av?t=%E0%A4%A', '/trpc/varsel-av?t=%ED%A0%80', '/trpc/varsel-av?t=a&t=%E0%A4%A'])(
    'the one-click unsubscribe %s answers 404 with the Norwegian text to a POST, never 500',
    async (path) => {
      const answer = await raw('POST', path, { 'content-type': 'application/x-www-form-urlencoded' }, (req) => req.end('List-Unsubscribe=One-Click'));
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(savedSearchTexts.unsubscribeFailed);
    },
  );
});

describe('malformed tRPC requests get short Norwegian errors', () => {
  const post = (path: string, body: string, headers: Record<string, string> = json) => raw('POST', `/trpc/${path}`, { origin: app, ...headers }, (req) => req.end(body));

  it('invalid JSON', async () => {
    const answer = await post('auth.signIn', '{"email":');
    expect(answer.status).toBe(400);
    expect(message(answer)).toBe(texts.invalidJson);
  });

  it('unsupported content type', async () => {
    const answer = await post('auth.signIn', 'email=a', { 'content-type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(message(answer)).toBe(texts.unsupportedContentType);
  });

  it('unknown procedure', async () => {
    const answer = await post('auth.nope', '{}');
    expect(answer.status).toBe(404);
    expect(message(answer)).toBe(texts.unknownProcedure);
  });

  it('wrong method', async () => {
    const answer = await raw('GET', '/trpc/auth.signOut');
    expect(answer.status).toBe(405);
    expect(message(answer)).toBe(texts.methodNotAllowed);
  });

  it('input of the wrong shape', async () => {
    const answer = await post('listing.recordView', '"x"');
    expect(answer.status).toBe(400);
    expect(message(answer)).toBe(texts.invalidType);
    expect(answer.body).not.toMatch(/expected|Invalid|zod|at \w+ \(/);
  });

  it(`a batch of more than ${MAX_BATCH_CALLS} calls, whatever the procedures`, async () => {
    const paths = Array.from({ length: MAX_BATCH_CALLS + 1 }, () => 'auth.me').join(',');
    const answer = await raw('GET', `/trpc/${paths}?batch=1`);
    expect(answer.status).toBe(400);
    expect(message(answer)).toBe(texts.batchTooLarge(MAX_BATCH_CALLS));
  });
});

describe('origins: the loopback names of the configured address are one machine', () => {
  it('accepts the loopback aliases of a localhost APP_URL locally, and says what is wrong otherwise', async () => {
    const port = new URL(app).port;
    for (const alias of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`, app]) {
      const answer = await raw('POST', '/trpc/auth.signIn', { ...json, origin: alias }, (req) => req.end(JSON.stringify({ email: uniqueEmail(), password: 'feil-passord' })));
      expect(answer.status, alias).toBe(401);
    }
    const foreign = await raw('POST', '/trpc/auth.signIn', { ...json, origin: 'https://evil.example' }, (req) => req.end('{}'));
    expect(foreign.status).toBe(403);
    expect(message(foreign)).toBe(texts.foreignOrigin('https://evil.example', app));
  });
});

describe('an unreachable database', () => {
  it('answers 503 with Retry-After and the Norwegian text, for queries, mutations and sessions', async () => {
    const away = connectMysql('mysql://root@127.0.0.1:1/bt_nowhere', 1);
    const services = { ...h, db: away.db, auth: createLucia(away.db, false) };
    try {
      const requests = [
        new Request(`${app}/trpc/listing.landing`),
        new Request(`${app}/trpc/auth.signIn`, { method: 'POST', headers: { ...json, origin: app }, body: JSON.stringify({ email: uniqueEmail(), password: 'x' }) }),
        new Request(`${app}/trpc/auth.me`, { headers: { cookie: `${h.auth.sessionCookieName}=abc` } }),
      ];
      for (const request of requests) {
        const response = await handleTrpc(services, request, '10.1.2.3');
        expect(response.status, request.url).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(((await response.json()) as { error: { message: string } }).error.message).toBe(texts.unavailable);
      }
    } finally {
      await away.close();
    }
  });
});
