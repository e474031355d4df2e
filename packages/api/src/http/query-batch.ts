import {
  defaultTransformer,
  getErrorShape,
  getHTTPStatusCode,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  TRPCError,
  transformTRPCResponse,
  type AnyProcedure,
  type AnyRouter,
  type RootConfig,
  type DefaultErrorShape,
  type TRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import { asksPlainJson } from './format-headers';
import type { HeaderReader } from './guard';
import type { Served } from './served';

/**
 * A GET of queries in the plain JSON format, batched (the one shape the web client's reads take)
 * or a single call, answered without a Fetch Request or Response (decision 154). It keeps tRPC's own procedures,
 * middleware, error shapes and status codes; only tRPC's HTTP layer around them is left out, for
 * the requests this reads as such a batch. Anything else (a mutation, a stream, a procedure that
 * is not there, input that is no JSON object …) returns null here and goes through tRPC's
 * fetchRequestHandler as before, so its refusals keep tRPC's own words.
 */
export interface QueryBatch {
  /** `batch=1`: the answer is an array, one item per call; else one call and its item alone. */
  isBatch: boolean;
  calls: { path: string; procedure: AnyProcedure; input: unknown }[];
}

/** Turned off by the test that compares both paths answer for answer. */
export const directQueryBatches = { enabled: true };

const trimSlashes = (path: string) => path.replace(/^\//, '').replace(/\/$/, '');
const ONLY_PARAMS = new Set(['batch', 'input']);

/** The batch the request asks for, read as tRPC's fetch adapter reads it; null when it is not one this answers. */
export async function readQueryBatch(router: AnyRouter, method: string, url: URL, headers: HeaderReader, endpoint: string, maxCalls: number): Promise<QueryBatch | null> {
  if (!directQueryBatches.enabled || method !== 'GET' || !asksPlainJson(headers)) return null;
  const params = url.searchParams;
  for (const name of params.keys()) if (!ONLY_PARAMS.has(name)) return null;
  const isBatch = params.get('batch') === '1';
  // fetchRequestHandler's path: the endpoint cut off, one slash trimmed each side, then decoded.
  const path = decodedPath(trimSlashes(trimSlashes(url.pathname).slice(trimSlashes(endpoint).length)));
  if (path === null) return null;
  const paths = isBatch ? path.split(',') : [path];
  if (paths.length > maxCalls) return null;
  const inputs = inputsOf(params.get('input'), isBatch);
  if (inputs === null) return null;
  const calls: QueryBatch['calls'] = [];
  for (const [index, name] of paths.entries()) {
    const procedure = await getProcedureAtPath(router, name);
    if (!procedure || procedure._def.type !== 'query') return null;
    const input = inputs[index];
    calls.push({ path: name, procedure, input: input === undefined ? undefined : router._def._config.transformer.input.deserialize(input) });
  }
  return { isBatch, calls };
}

function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The inputs by index, or null when tRPC would refuse them (not JSON; a batch's not an object). */
function inputsOf(text: string | null, isBatch: boolean): Record<string, unknown> | null {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isBatch) return { 0: parsed };
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export interface BatchHooks<Ctx> {
  /** `resHeaders` collects what the context and procedures set (Set-Cookie), as tRPC's own does. */
  createContext: (resHeaders: Headers) => Promise<Ctx>;
  onError: (error: TRPCError, path: string | undefined) => void;
  /** The answer's own headers, from its errors (Cache-Control, Retry-After). */
  headersFor: (errors: TRPCError[]) => Record<string, string>;
}

/** What tRPC's resolveResponse answers for this batch, built as a Served: its body, status and headers. */
export async function answerQueryBatch<Ctx extends object>(router: AnyRouter, batch: QueryBatch, hooks: BatchHooks<Ctx>): Promise<Served> {
  // The router's config: its error formatter and transformer, as resolveResponse uses them.
  const config = router._def._config as RootConfig<{ ctx: Ctx; meta: object; errorShape: DefaultErrorShape; transformer: false }>;
  const resHeaders = new Headers();
  let ctx: Ctx | undefined;
  let contextError: TRPCError | undefined;
  try {
    ctx = await hooks.createContext(resHeaders);
  } catch (cause) {
    contextError = getTRPCErrorFromUnknown(cause);
  }
  const results = await Promise.all(batch.calls.map(async ({ path, procedure, input }, batchIndex): Promise<[TRPCError, undefined] | [undefined, unknown]> => {
    try {
      if (contextError) throw contextError;
      // No signal: no procedure reads one, and tRPC's is never aborted for a whole answer.
      return [undefined, await procedure({ path, getRawInput: () => Promise.resolve(input), ctx, type: 'query', signal: undefined, batchIndex })];
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      hooks.onError(error, path);
      return [error, undefined];
    }
  }));
  const errors: TRPCError[] = [];
  const items: TRPCResponse[] = results.map(([error, data], index) => {
    const call = batch.calls[index]!;
    if (error) {
      errors.push(error);
      return { error: getErrorShape({ config, ctx, error, input: call.input, path: call.path, type: 'query' }) };
    }
    if (!isDataStream(data)) return { result: { data } };
    // As resolveResponse: a promise or stream inside the data cannot go in a JSON answer. A single
    // call's is thrown there, so it is reported as its other failures are, without path or input.
    const stream = new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: TRPC_STREAM_REFUSAL });
    errors.push(stream);
    if (!batch.isBatch) hooks.onError(stream, undefined);
    const at = batch.isBatch ? call : { input: undefined, path: undefined };
    return { error: getErrorShape({ config, ctx, error: stream, input: at.input, path: at.path, type: 'query' }) };
  });
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'trpc-accept, accept' };
  resHeaders.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  Object.assign(headers, hooks.headersFor(errors));
  const answer = batch.isBatch ? items : items[0]!;
  return {
    status: getHTTPStatusCode(items),
    headers,
    setCookies: resHeaders.getSetCookie(),
    // tRPC's default transformer leaves the data as it is: its pass over the items would only copy them.
    body: JSON.stringify(config.transformer === defaultTransformer ? answer : transformTRPCResponse(config, answer)),
  };
}

/** tRPC's own words for it (the app's error formatter answers UNSUPPORTED_MEDIA_TYPE in Norwegian, http/messages.ts). */
const TRPC_STREAM_REFUSAL = 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink';

function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromise) || values.some(isAsyncIterable);
}
