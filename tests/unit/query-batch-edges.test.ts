import { initTRPC, TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { answerQueryBatch, readQueryBatch, type BatchHooks } from '@bedriftstorget/api/http/query-batch';
import { readServed, servedToResponse, type Served } from '@bedriftstorget/api/http/served';

/**
 * The direct answer to a GET of queries (decision 154) against tRPC's own, on what the app's
 * procedures never do but tRPC answers in its own way: a procedure that returns a promise inside its
 * data, a context that cannot be made, a procedure that throws something that is no TRPCError.
 * (tests/api/query-batch-parity.test.ts compares the app's own procedures.)
 */
// Not in development: stack traces, which differ by the path taken, stay out of the shapes (as in the app's formatter).
const t = initTRPC.context<{ who: string }>().create({ isDev: false });
const router = t.router({
  plain: t.procedure.query(() => ({ a: 1 })),
  promised: t.procedure.query(() => ({ later: Promise.resolve(1) })),
  fails: t.procedure.query(() => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'borte' });
  }),
  breaks: t.procedure.query(() => {
    throw new Error('uventet');
  }),
});

const ENDPOINT = '/trpc';

function hooks(contextFails: boolean, log: string[]): BatchHooks<{ who: string }> {
  return {
    createContext: (resHeaders) => {
      resHeaders.append('set-cookie', 'a=1; Path=/');
      // A header of the context's own (not a cookie): kept in the answer as tRPC keeps it.
      resHeaders.set('x-context', 'laget');
      return contextFails ? Promise.reject(new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'vent' })) : Promise.resolve({ who: 'x' });
    },
    onError: (error, path) => void log.push(`${error.code} ${path ?? '-'}`),
    headersFor: (errors) => ({ 'cache-control': errors.length ? 'no-store' : 'public', 'x-errors': String(errors.length) }),
  };
}

async function both(path: string, contextFails = false): Promise<{ direct: Served; general: Served; directLog: string[]; generalLog: string[] }> {
  const url = new URL(`http://localhost${path}`);
  const directLog: string[] = [];
  const generalLog: string[] = [];
  const read = await readQueryBatch(router, 'GET', url, new Headers(), ENDPOINT, 20);
  if (!read) throw new Error(`${path}: not answered directly`);
  const direct = await answerQueryBatch(router, read, hooks(contextFails, directLog));
  const h = hooks(contextFails, generalLog);
  const general = await readServed(await fetchRequestHandler({
    endpoint: ENDPOINT,
    req: new Request(url),
    router,
    createContext: ({ resHeaders }) => h.createContext(resHeaders),
    onError: ({ error, path: p }) => h.onError(error, p),
    responseMeta: ({ errors }) => ({ headers: h.headersFor(errors) }),
  }));
  return { direct, general, directLog, generalLog };
}

const comparable = (served: Served) => ({ ...served, body: served.body.toString(), streamed: served.streamed === true });

describe('the direct answer on the edges of tRPC’s protocol', () => {
  // The last column: what onError heard, in tRPC's order ('-': no path, as tRPC reports a single call's stream).
  const cases: [string, string, boolean, string[]][] = [
    ['a promise inside a batched call’s data', '/trpc/plain,promised?batch=1', false, []],
    ['a promise inside a single call’s data', '/trpc/promised', false, ['UNSUPPORTED_MEDIA_TYPE -']],
    ['a refusal and a result in one batch', '/trpc/fails,plain?batch=1', false, ['NOT_FOUND fails']],
    ['something thrown that is no TRPCError', '/trpc/breaks,plain?batch=1', false, ['INTERNAL_SERVER_ERROR breaks']],
    ['a context that cannot be made, batched', '/trpc/plain,fails?batch=1', true, ['SERVICE_UNAVAILABLE plain', 'SERVICE_UNAVAILABLE fails']],
    ['a context that cannot be made, single', '/trpc/plain', true, ['SERVICE_UNAVAILABLE plain']],
    ['a path with a slash after it', '/trpc/plain/', false, []],
    ['a batch of two with a slash after it', '/trpc/plain,fails/?batch=1', false, ['NOT_FOUND fails']],
  ];
  for (const [name, path, contextFails, heard] of cases) {
    it(name, async () => {
      const { direct, general, directLog, generalLog } = await both(path, contextFails);
      expect(comparable(direct)).toEqual(comparable(general));
      expect(generalLog).toEqual(heard);
      expect(directLog).toEqual(heard);
    });
  }
});

describe('a router with a data transformer', () => {
  // Wraps every value on the way out and unwraps input on the way in, so a skipped pass shows.
  const wrap = { serialize: (v: unknown) => ({ wrapped: v }), deserialize: (v: unknown) => (v as { wrapped: unknown }).wrapped };
  const w = initTRPC.create({ isDev: false, transformer: wrap });
  const wrapped = w.router({ echo: w.procedure.input((v) => v).query(({ input }) => ({ got: input })) });

  it('serializes the answer and reads the input through it, as tRPC does', async () => {
    const path = `/trpc/echo?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { wrapped: 'hei' } }))}`;
    const url = new URL(`http://localhost${path}`);
    const read = await readQueryBatch(wrapped, 'GET', url, new Headers(), ENDPOINT, 20);
    const none = { createContext: () => Promise.resolve({}), onError: () => undefined, headersFor: () => ({}) };
    const direct = await answerQueryBatch(wrapped, read!, none);
    const general = await readServed(await fetchRequestHandler({ endpoint: ENDPOINT, req: new Request(url), router: wrapped, createContext: () => ({}) }));
    expect(comparable(direct)).toEqual(comparable(general));
    expect(JSON.parse(direct.body.toString())).toEqual([{ result: { data: { wrapped: { got: 'hei' } } } }]);
  });
});

describe('an answer turned back into a Fetch Response (servedToResponse)', () => {
  const served = (status: number, body: string): Served => ({ status, headers: { 'content-type': 'application/json', etag: '"v1"' }, setCookies: ['a=1; Path=/', 'b=2; Path=/; HttpOnly'], body: Buffer.from(body) });

  it('gives 204 and 304 no body, as Fetch requires, and keeps their headers and every Set-Cookie line', () => {
    for (const status of [204, 304]) {
      const response = servedToResponse(served(status, ''));
      expect(response.status).toBe(status);
      expect(response.body).toBeNull();
      expect(response.headers.get('etag')).toBe('"v1"');
      expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    }
  });

  it('keeps any other answer\'s body, even an empty one', async () => {
    expect(await servedToResponse(served(200, '{"a":1}')).text()).toBe('{"a":1}');
    const empty = servedToResponse(served(200, ''));
    expect(empty.body).not.toBeNull();
    expect(await empty.text()).toBe('');
    expect(await servedToResponse(served(404, '{"error":1}')).text()).toBe('{"error":1}');
  });
});
