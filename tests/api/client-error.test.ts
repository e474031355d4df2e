/**
 * The browser's error reports (docs/decisions/073): POST /trpc/klientfeil through the same handler
 * as tRPC. A report is logged as one JSON line with only the message, stack, path and user agent;
 * junk and oversized bodies get a 4xx and are not logged; each network address is limited.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_RULE, type ClientErrorLogLine } from '@bedriftstorget/api/http/client-error';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import type { RequestLogLine } from '@bedriftstorget/api/observability/request-log';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_PATH, type ClientErrorReport } from '@bedriftstorget/core/monitoring/client-error';
import { clientErrorTexts } from '@bedriftstorget/core/texts/monitoring';
import { createHarness, randomIp, signedInUser } from './harness';

const h = createHarness();
const origin = new URL(h.config.appUrl).origin;
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';
let printed: string[] = [];

beforeEach(() => {
  printed = [];
  const keep = (text: unknown) => void printed.push(String(text));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const lines = <T extends { type: string }>(type: T['type']): T[] =>
  printed.filter((text) => text.startsWith('{')).map((text) => JSON.parse(text) as T).filter((line) => line.type === type);

const report = (overrides: Partial<Record<keyof ClientErrorReport, unknown>> & Record<string, unknown> = {}) => ({
  kind: 'error',
  message: 'TypeError: Cannot read properties of undefined (reading \'title\')',
  stack: 'TypeError: Cannot read properties of undefined\n    at DetailPage (https://bedriftstorget.no/assets/detail-page-Ab12.js:1:2345)',
  path: '/bedrift/4f1c0e7a-1111-4222-8333-944445555666',
  ...overrides,
});

function send(body: string | object, ip = randomIp(), headers: Record<string, string> = {}) {
  const request = new Request(`${origin}${CLIENT_ERROR_PATH}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', 'user-agent': USER_AGENT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return handleTrpc(h, request, ip);
}

describe('the client error endpoint', () => {
  it('logs a report as one line: kind, message, stack, path without its query, user agent — and nothing about who sent it', async () => {
    const { browser } = await signedInUser(h);
    printed = [];
    const ip = randomIp();
    const response = await send(report({ path: '/alle-annonser?q=kafe&sted=Oslo#topp' }), ip, { cookie: `bt_session=${browser.sessionId!}` });
    expect(response.status).toBe(204);
    const [logged] = lines<ClientErrorLogLine>('client-error');
    expect(logged).toEqual({
      type: 'client-error',
      requestId: expect.any(String) as unknown,
      kind: 'error',
      message: report().message,
      stack: report().stack,
      path: '/alle-annonser',
      userAgent: USER_AGENT,
    });
    // The request's own line shares its id and carries no user: the report is not tied to anyone.
    const [request] = lines<RequestLogLine>('request');
    expect(request).toMatchObject({ requestId: logged!.requestId, procedures: ['klientfeil'], status: 204 });
    expect(request).not.toHaveProperty('userId');
    expect(printed.join('\n')).not.toContain(ip);
  });

  it('refuses junk with 400 and logs no report: not JSON, unknown fields, a missing or too long message, a path that is not a path', async () => {
    const junk = [
      'not json',
      '[]',
      report({ email: 'someone@example.no' }),
      report({ message: '' }),
      report({ message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) }),
      report({ kind: 'console' }),
      report({ path: 'https://evil.example/' }),
    ];
    for (const body of junk) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await response.text()).toBe(clientErrorTexts.invalid);
    }
    expect(lines('client-error')).toEqual([]);
  });

  it('refuses a body past the cap with 413 (declared or not), a GET with 405 and another origin with 403', async () => {
    const big = report({ stack: 'x'.repeat(CLIENT_ERROR_LIMITS.bodyBytes) });
    expect((await send(big)).status).toBe(413);
    expect((await send(big, randomIp(), { 'content-length': String(JSON.stringify(big).length) })).status).toBe(413);
    expect((await handleTrpc(h, new Request(`${origin}${CLIENT_ERROR_PATH}`), randomIp())).status).toBe(405);
    expect((await send(report(), randomIp(), { origin: 'https://evil.example' })).status).toBe(403);
    expect(lines('client-error')).toEqual([]);
  });

  it(`takes ${CLIENT_ERROR_RULE.limit} reports per address in its window, then 429; another address is not held back`, async () => {
    // The middle of a window, so the burst never straddles two windows.
    const window = CLIENT_ERROR_RULE.windowMs;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / window) * window + window / 2);
    const ip = randomIp();
    for (let i = 0; i < CLIENT_ERROR_RULE.limit; i += 1) expect((await send(report(), ip)).status).toBe(204);
    const refused = await send(report(), ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(window / 1000));
    expect(lines('client-error')).toHaveLength(CLIENT_ERROR_RULE.limit);
    expect((await send(report(), randomIp())).status).toBe(204);
  });
});
