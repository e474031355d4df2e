/**
 * One structured log line per request from the tRPC handler (docs/decisions/073): its fields for a
 * query, a mutation, a batch, a 4xx, a 5xx and a 503, read from the console as CloudWatch would.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLucia } from '@bedriftstorget/api/auth/lucia';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import type { RequestLogLine } from '@bedriftstorget/api/observability/request-log';
import { createHarness, signedInUser, uniqueEmail } from './harness';

const h = createHarness();
const origin = new URL(h.config.appUrl).origin;
let printed: { stream: 'out' | 'err'; text: string }[] = [];

beforeEach(() => {
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((text: unknown) => void printed.push({ stream: 'out', text: String(text) }));
  vi.spyOn(console, 'error').mockImplementation((text: unknown) => void printed.push({ stream: 'err', text: String(text) }));
});
afterEach(() => vi.restoreAllMocks());

/** The request lines printed so far, parsed, with the stream each went to. */
function requestLines(): (RequestLogLine & { stream: 'out' | 'err' })[] {
  return printed.flatMap(({ stream, text }) => {
    if (!text.startsWith('{')) return [];
    const line = JSON.parse(text) as RequestLogLine;
    return line.type === 'request' ? [{ ...line, stream }] : [];
  });
}

function onlyLine() {
  const lines = requestLines();
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${origin}/trpc/${path}`, { method: 'POST', headers: { origin, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const get = (path: string, headers: Record<string, string> = {}) => new Request(`${origin}/trpc/${path}`, { headers });

describe('the request log line', () => {
  it('a signed-in query: request id, procedure, 200, duration, round trips and the user id — one line on stdout', async () => {
    const { browser, userId } = await signedInUser(h);
    printed = [];
    const response = await handleTrpc(h, get('auth.me', { cookie: `bt_session=${browser.sessionId!}` }), '10.1.0.1', 'req-query-1');
    expect(response.status).toBe(200);
    const line = onlyLine();
    expect(line).toMatchObject({ type: 'request', requestId: 'req-query-1', route: 'trpc', method: 'GET', procedures: ['auth.me'], status: 200, userId, stream: 'out' });
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    // The session lookup reads the database at least once; the exact count is tested per driver (round-trips.test.ts).
    expect(line.dbRoundTrips).toBeGreaterThanOrEqual(1);
    expect(line.errors).toBeUndefined();
  });

  it('a visitor query that needs no database: no user id, zero round trips', async () => {
    await handleTrpc(h, get('auth.providers'), '10.1.0.2');
    const line = onlyLine();
    expect(line).toMatchObject({ procedures: ['auth.providers'], status: 200, dbRoundTrips: 0 });
    expect(line).not.toHaveProperty('userId');
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a mutation: POST, its procedure and the statements it sent; never its input', async () => {
    const email = uniqueEmail('logg');
    const response = await handleTrpc(h, post('auth.signUp', { email, password: 'hemmelig1', acceptTerms: true }), '10.1.0.3');
    expect(response.status).toBe(200);
    const line = onlyLine();
    expect(line).toMatchObject({ method: 'POST', procedures: ['auth.signUp'], status: 200 });
    expect(line.dbRoundTrips).toBeGreaterThanOrEqual(2);
    expect(printed.map((p) => p.text).join('\n')).not.toContain(email);
  });

  it('a batch: every procedure of the batch in one line', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
    const response = await handleTrpc(h, get(`auth.providers,auth.me?batch=1&input=${input}`), '10.1.0.4');
    expect(response.status).toBe(200);
    expect(onlyLine()).toMatchObject({ procedures: ['auth.providers', 'auth.me'], status: 200 });
  });

  it('a 4xx: the status and the failed call\'s code, without message or stack', async () => {
    const response = await handleTrpc(h, post('auth.signUp', { email: uniqueEmail(), password: '123', acceptTerms: true }), '10.1.0.5');
    expect(response.status).toBe(400);
    const line = onlyLine();
    expect(line).toMatchObject({ status: 400, errors: [{ procedure: 'auth.signUp', code: 'BAD_REQUEST' }], stream: 'out' });
    expect(line.errors![0]).not.toHaveProperty('message');
    expect(line.errors![0]).not.toHaveProperty('stack');
  });

  it('a 5xx: on stderr with the cause\'s message and stack, which the browser never sees', async () => {
    const broken = { ...h, auth: createLucia(h.db, false) };
    vi.spyOn(broken.auth, 'validateSession').mockRejectedValue(new Error('sesjonslageret svarte rart'));
    const response = await handleTrpc(broken, get('auth.me', { cookie: 'bt_session=whatever' }), '10.1.0.6', 'req-500');
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('sesjonslageret');
    const line = onlyLine();
    expect(line).toMatchObject({ requestId: 'req-500', status: 500, stream: 'err', procedures: ['auth.me'] });
    expect(line.errors).toHaveLength(1);
    expect(line.errors![0]!.code).toBe('INTERNAL_SERVER_ERROR');
    expect(line.errors![0]!.message).toContain('Error: sesjonslageret svarte rart');
    expect(line.errors![0]!.stack).toMatch(/^ {4}at /);
  });

  it('a 503 while the database is away: on stderr with the driver\'s error as the cause', async () => {
    const away = connectMysql('mysql://root@127.0.0.1:1/bt_nowhere', 1);
    try {
      const services = { ...h, db: away.db, auth: createLucia(away.db, false) };
      const sessionId = 'hemmelig-sesjon-0123456789';
      const response = await handleTrpc(services, get('auth.me', { cookie: `bt_session=${sessionId}` }), '10.1.0.7');
      expect(response.status).toBe(503);
      const line = onlyLine();
      expect(line).toMatchObject({ status: 503, stream: 'err', errors: [{ code: 'SERVICE_UNAVAILABLE' }] });
      expect(line.errors![0]!.message).toMatch(/^DrizzleQueryError: Failed query: select .* ← Error: connect ECONNREFUSED/);
      // The failed query's parameters (here the session id) stay out of the log.
      expect(JSON.stringify(line)).not.toContain(sessionId);
      expect(line.dbRoundTrips).toBeGreaterThanOrEqual(1);
    } finally {
      await away.close();
    }
  });

  it('a request refused on its headers is logged too (foreign origin: 403)', async () => {
    const response = await handleTrpc(h, post('auth.signUp', { email: uniqueEmail(), password: 'hemmelig1', acceptTerms: true }, { origin: 'https://evil.example' }), '10.1.0.8');
    expect(response.status).toBe(403);
    expect(onlyLine()).toMatchObject({ procedures: ['auth.signUp'], status: 403, dbRoundTrips: 0 });
  });
});

describe('the SEO handler\'s log line', () => {
  it('its route, the public path, status and the sitemap\'s database round trips', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'bt-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bedriftstorget</title>');
    const server = createLocalServer({ services: h, web: { distDir: dist } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/robots.txt`)).status).toBe(200);
      expect((await fetch(`${base}/sitemap.xml?utm=x`)).status).toBe(200);
      const [robots, sitemap] = requestLines();
      expect(robots).toMatchObject({ route: 'seo', method: 'GET', path: '/robots.txt', status: 200, dbRoundTrips: 0 });
      expect(sitemap).toMatchObject({ route: 'seo', path: '/sitemap.xml', status: 200 });
      expect(sitemap!.dbRoundTrips).toBeGreaterThanOrEqual(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
