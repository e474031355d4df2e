/**
 * The web app's own tRPC client (packages/web/src/lib/api-client.ts, query-options.ts): tRPC's
 * wire format, public queries in batches of their own, the server's batch cap, errors as the app
 * reads them, and query keys equal to @trpc/tanstack-react-query's so cache filters keep working.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@bedriftstorget/api/routers/index';
import { ApiError, apiClient, callApi, MAX_BATCH_CALLS } from '../../packages/web/src/lib/api-client';
import { createOptionsProxy } from '../../packages/web/src/lib/query-options';

interface Sent {
  url: URL;
  method: string;
  body: unknown;
  cache: RequestCache | undefined;
}
let sent: Sent[] = [];
let answer: (paths: string[]) => unknown = (paths) => paths.map((path) => ({ result: { data: path } }));

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const parsed = new URL(url, 'http://localhost');
    sent.push({ url: parsed, method: init.method ?? 'GET', body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined, cache: init.cache });
    const paths = decodeURIComponent(parsed.pathname.slice('/trpc/'.length)).split(',');
    return Promise.resolve(new Response(JSON.stringify(answer(paths)), { headers: { 'content-type': 'application/json' } }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  answer = (paths) => paths.map((path) => ({ result: { data: path } }));
});

const inputsOf = (request: Sent): unknown => JSON.parse(request.url.searchParams.get('input') ?? 'null');

describe('the web API client', () => {
  it('sends queries as one GET batch with tRPC inputs, and mutations as a POST batch', async () => {
    const [a, b] = await Promise.all([apiClient.favorite.list.query({ sort: 'newest' }), apiClient.message.unreadCount.query()]);
    expect([a, b]).toEqual(['favorite.list', 'message.unreadCount']);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.url.pathname).toBe('/trpc/favorite.list,message.unreadCount');
    expect(sent[0]!.url.searchParams.get('batch')).toBe('1');
    expect(inputsOf(sent[0]!)).toEqual({ 0: { sort: 'newest' } });
    // Never the browser's HTTP cache: public answers carry the CDN's stale-while-revalidate.
    expect(sent[0]!.cache).toBe('no-store');

    await apiClient.listing.recordView.mutate({ id: 'abc' });
    expect(sent[1]!.method).toBe('POST');
    expect(sent[1]!.body).toEqual({ 0: { id: 'abc' } });
  });

  it('never puts a public query in a batch with a per-user one', async () => {
    await Promise.all([
      callApi('query', 'listing.browse', { q: 'kafe' }),
      callApi('query', 'auth.me', undefined),
      callApi('query', 'listing.detail', { id: 'x' }),
      callApi('query', 'favorite.list', {}),
    ]);
    const batches = sent.map((request) => request.url.pathname).sort();
    expect(batches).toEqual(['/trpc/auth.me,favorite.list', '/trpc/listing.browse,listing.detail']);
  });

  it(`splits a batch at the server's cap of ${MAX_BATCH_CALLS} calls`, async () => {
    await Promise.all(Array.from({ length: MAX_BATCH_CALLS + 1 }, (_, index) => callApi('query', 'listing.detail', { id: String(index) })));
    expect(sent.map((request) => request.url.pathname.split(',').length)).toEqual([MAX_BATCH_CALLS, 1]);
  });

  it("rejects each call with the server's error data, and a whole-request refusal for every call", async () => {
    const refusal = { message: 'For mange forespørsler', code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } };
    answer = (paths) => paths.map((path) => (path === 'auth.me' ? { error: refusal } : { result: { data: 1 } }));
    const [me, other] = await Promise.allSettled([apiClient.auth.me.query(), apiClient.favorite.list.query({ sort: 'newest' })]);
    expect(me.status === 'rejected' && me.reason).toBeInstanceOf(ApiError);
    expect(me.status === 'rejected' && (me.reason as ApiError).data?.code).toBe('TOO_MANY_REQUESTS');
    expect(me.status === 'rejected' && (me.reason as ApiError).message).toBe(refusal.message);
    expect(other).toEqual({ status: 'fulfilled', value: 1 });

    answer = () => ({ error: refusal });
    const both = await Promise.allSettled([apiClient.auth.me.query(), apiClient.favorite.list.query({ sort: 'newest' })]);
    expect(both.map((result) => result.status === 'rejected' && (result.reason as ApiError).data?.httpStatus)).toEqual([429, 429]);
  });

  it('a network failure is an ApiError without data (what read-retry treats as transient)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiClient.auth.me.query().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).data).toBeUndefined();
  });
});

describe('query options', () => {
  const queryClient = new QueryClient();
  const ours = createOptionsProxy(callApi);
  const theirs = createTRPCOptionsProxy<AppRouter>({ client: createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] }), queryClient });

  it("makes the same query keys and filters as tRPC's own options proxy", () => {
    expect(ours.listing.detail.queryKey({ id: 'a' })).toEqual(theirs.listing.detail.queryKey({ id: 'a' }));
    expect(ours.auth.me.queryKey()).toEqual(theirs.auth.me.queryKey());
    expect(ours.message.pathFilter()).toEqual(theirs.message.pathFilter());
    expect(ours.message.conversations.pathFilter()).toEqual(theirs.message.conversations.pathFilter());
    expect(ours.listing.browse.infiniteQueryKey({ q: 'x', cursor: 'c' })).toEqual(theirs.listing.browse.infiniteQueryKey({ q: 'x', cursor: 'c' }));
    expect(ours.listing.browse.queryFilter({ q: 'x' }, { exact: true })).toEqual(theirs.listing.browse.queryFilter({ q: 'x' }, { exact: true }));
    expect(ours.listing.recordView.mutationOptions().mutationKey).toEqual(theirs.listing.recordView.mutationOptions().mutationKey);
  });

  it('an infinite query sends its page cursor in the input and starts from initialCursor', async () => {
    const options = ours.listing.browse.infiniteQueryOptions({ q: 'x' }, { initialCursor: 'start', getNextPageParam: () => null });
    expect(options.initialPageParam).toBe('start');
    await (options.queryFn as (context: unknown) => Promise<unknown>)({ queryKey: options.queryKey, pageParam: 'p2', direction: 'forward' });
    expect(inputsOf(sent[0]!)).toEqual({ 0: { q: 'x', cursor: 'p2', direction: 'forward' } });
  });
});
