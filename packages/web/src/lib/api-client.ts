import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@bedriftstorget/api/routers/index';
import { isPublicQuery } from '@bedriftstorget/core/api/public-queries';

/**
 * The app's tRPC client: tRPC's batched HTTP protocol (GET /trpc/a,b?batch=1&input={"0":…} for
 * queries, POST for mutations, an array of `{result:{data}}` or `{error}` back), spoken by a few
 * lines instead of @trpc/client's links, which cost 5 KB of the first load (decision 084). The
 * types are tRPC's own, so every call is checked against the API as before.
 *
 * Public queries (core/api/public-queries.ts) travel in batches of their own: their answers are
 * the same for every visitor and may be cached at the edge, which a batch holding a per-user
 * query never is.
 */

/** The server's batch cap (packages/api/src/http/guard.ts). */
export const MAX_BATCH_CALLS = 20;

export interface ApiErrorShape {
  message: string;
  code: number;
  data: { code: string; httpStatus: number; path?: string; reason?: string | null; [key: string]: unknown };
}

/** A refused or failed call: `data` is the server's error data, undefined when no answer came. */
export class ApiError extends Error {
  readonly shape: ApiErrorShape | undefined;
  readonly data: ApiErrorShape['data'] | undefined;

  constructor(message: string, shape?: ApiErrorShape, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.shape = shape;
    this.data = shape?.data;
  }
}

type CallType = 'query' | 'mutation';

interface Call {
  path: string;
  input: unknown;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

function asError(cause: unknown): ApiError {
  if (cause instanceof ApiError) return cause;
  const message = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(message, undefined, { cause });
}

function settle(call: Call, item: unknown): void {
  const answer = item as { result?: { data?: unknown }; error?: ApiErrorShape } | undefined;
  if (answer?.error) call.reject(new ApiError(answer.error.message, answer.error));
  else if (answer && 'result' in answer) call.resolve(answer.result?.data);
  else call.reject(new ApiError('Unexpected answer from the server'));
}

/** Sends one batch and settles each call with its own item of the answer. */
async function send(type: CallType, calls: Call[]): Promise<void> {
  const paths = calls.map((call) => call.path).join(',');
  const inputs = JSON.stringify(Object.fromEntries(calls.map((call, index) => [index, call.input])));
  // The browser's own HTTP cache is kept out: public answers carry stale-while-revalidate for the
  // CDN, which the browser would honour too (a stale page after an approval, and a background
  // revalidation that keeps the page from ever being idle). TanStack Query is the app's cache.
  const init: RequestInit =
    type === 'query' ? { method: 'GET', cache: 'no-store' } : { method: 'POST', cache: 'no-store', headers: { 'content-type': 'application/json' }, body: inputs };
  const url = type === 'query' ? `/trpc/${paths}?batch=1&input=${encodeURIComponent(inputs)}` : `/trpc/${paths}?batch=1`;
  try {
    const response = await fetch(url, init);
    const body: unknown = await response.json();
    // A whole-request refusal (the guard's 429, a batch too large) answers one error, not an array.
    const items = Array.isArray(body) ? body : calls.map(() => body);
    calls.forEach((call, index) => settle(call, items[index]));
  } catch (cause) {
    const error = asError(cause);
    for (const call of calls) call.reject(error);
  }
}

/** Calls made in the same turn of the event loop share a request, per type and per cacheability. */
function createBatcher() {
  const queues = new Map<string, { type: CallType; calls: Call[] }>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const pending = [...queues.values()];
    queues.clear();
    for (const { type, calls } of pending) {
      for (let start = 0; start < calls.length; start += MAX_BATCH_CALLS) void send(type, calls.slice(start, start + MAX_BATCH_CALLS));
    }
  };

  return (type: CallType, path: string, input: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const key = `${type}:${type === 'query' && isPublicQuery(path) ? 'public' : 'private'}`;
      const queue = queues.get(key) ?? { type, calls: [] };
      queue.calls.push({ path, input, resolve, reject });
      queues.set(key, queue);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
}

export type ApiCall = (type: CallType, path: string, input: unknown) => Promise<unknown>;

export const callApi: ApiCall = createBatcher();

/** `client.a.b.query(input)` / `.mutate(input)`, as @trpc/client's typed client. */
function clientProxy(path: string[]): unknown {
  return new Proxy(() => {}, {
    get: (_target, key) => (typeof key === 'string' && key !== 'then' ? clientProxy([...path, key]) : undefined),
    apply: (_target, _this, args: unknown[]) => {
      const method = path.at(-1);
      const type: CallType = method === 'mutate' ? 'mutation' : 'query';
      return callApi(type, path.slice(0, -1).join('.'), args[0]);
    },
  });
}

export const apiClient = clientProxy([]) as TRPCClient<AppRouter>;
