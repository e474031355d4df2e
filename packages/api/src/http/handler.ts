import { randomUUID } from 'node:crypto';
import type { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { request as httpTexts } from '@bedriftstorget/core/texts/http';
import { createRequestContext, requestServices, type Services } from '../context';
import { asUnavailable } from '../db/unavailable';
import { retryAfterSeconds } from '../auth/rate-limit';
import { observeRequest, proceduresOf } from '../observability/request-log';
import type { RequestScope } from '../observability/request-scope';
import { appRouter } from '../routers';
import { handleOneClickUnsubscribe, UNSUBSCRIBE_PATH } from '../saved-search/unsubscribe-http';
import { batchCachePolicy, trpcCacheControl, type CachePolicy } from './cache-policy';
import { CLIENT_ERROR_PATH, handleClientError } from './client-error';
import { handleSmokeFault, SMOKE_FAULT_PATH } from './smoke-fault';
import { decodesAsUri, errorResponse, MAX_BATCH_CALLS, originRefusal, refuseFromHead, RETRY_AFTER_SECONDS, type HeaderReader } from './guard';
import { answerQueryBatch, readQueryBatch } from './query-batch';
import { servedToResponse, type Served } from './served';

export const TRPC_ENDPOINT = '/trpc';

/** Whether a state-changing request comes from the app itself (docs/architecture.md, 'Security'; the rule is in guard.ts). */
export function isAllowedOrigin(req: Request, appUrl: string, local = false): boolean {
  return originRefusal(req.method, req.headers, appUrl, local) === null;
}

/**
 * A tRPC request as each host has it. The headers are read in place (Node's own, the Lambda
 * event's); the Fetch Request, body included, is made only for what tRPC's fetch adapter answers.
 */
export interface TrpcCall {
  method: string;
  url: URL;
  headers: HeaderReader;
  toRequest: () => Promise<Request>;
}

/** A Fetch Request as a TrpcCall (tests, the bench, and whatever already speaks Fetch). */
export function trpcCallOf(req: Request): TrpcCall {
  return { method: req.method, url: new URL(req.url), headers: req.headers, toRequest: () => Promise.resolve(req) };
}

/**
 * The one tRPC entry used by every host: the local Node server and the Lambda. Each request writes
 * one log line (observability/request-log.ts); `requestId` is the Lambda's own, so the line sits
 * beside the platform's REPORT line, or a new one locally. A query batch comes back built (a
 * Served, decision 154); everything else as tRPC's Fetch Response, streams included.
 */
export function answerTrpc(services: Services, call: TrpcCall, ip: string, requestId: string = randomUUID()): Promise<Response | Served> {
  const facts = { requestId, route: 'trpc' as const, method: call.method, procedures: proceduresOf(call.url.pathname, TRPC_ENDPOINT) };
  // Every statement the request's code sends goes through its own handle, counted for its line.
  return observeRequest(facts, (scope) => routeTrpc(requestServices(services, scope), call, ip, scope, requestId));
}

/** answerTrpc for a Fetch Request, answered as a Fetch Response. */
export async function handleTrpc(services: Services, req: Request, ip: string, requestId?: string): Promise<Response> {
  const answer = await answerTrpc(services, trpcCallOf(req), ip, requestId);
  return answer instanceof Response ? answer : servedToResponse(answer);
}

async function routeTrpc(services: Services, call: TrpcCall, ip: string, scope: RequestScope, requestId: string): Promise<Response | Served> {
  const { method, url, headers } = call;
  const refused = refuseFromHead(method, url.pathname, headers, {
    appUrl: services.config.appUrl,
    local: services.config.runtime === 'local',
    endpoint: TRPC_ENDPOINT,
  });
  if (refused) return refused;
  if (url.pathname === UNSUBSCRIBE_PATH) return handleOneClickUnsubscribe(services, await call.toRequest(), ip);
  if (url.pathname === CLIENT_ERROR_PATH) return handleClientError(services, await call.toRequest(), ip, requestId, scope);
  if (url.pathname === SMOKE_FAULT_PATH) return handleSmokeFault(services, await call.toRequest());
  // tRPC reads `input` with URLSearchParams, which turns bytes that are no UTF-8 ('%ED%A0%80', an
  // encoded lone surrogate) into U+FFFD: the input would not be what was sent. Refused as the path is.
  if (!decodesAsUri(url.search)) return errorResponse('BAD_REQUEST', httpTexts.badAddress);
  const onError = (error: TRPCError, path: string | undefined) => {
    // The request's log line carries each failure; a 5xx with its cause (message and stack).
    scope.errors.push({ ...(path ? { procedure: path } : {}), code: error.code, cause: error.cause ?? error });
  };
  // Decided once from the batch's own calls, before the context (decision 080).
  let policy: CachePolicy = 'private';
  const createContext = async (resHeaders: Headers, type: string, paths: string[]) => {
    policy = batchCachePolicy(method, type, paths, headers);
    try {
      // A public batch is answered as to a visitor: the session cookie is not even read, so the
      // answer cannot depend on it and carries no Set-Cookie (no sliding refresh) to be cached.
      const ctx = await createRequestContext(services, { headers }, resHeaders, ip, policy === 'public');
      scope.userId = ctx.user?.id ?? null;
      return ctx;
    } catch (error) {
      throw asUnavailable(error);
    }
  };
  // Public batches are cached at the edge and locally; everything else, and every error, never (decision 080).
  const headersFor = (errors: TRPCError[]) => answerHeaders(policy, errors);
  const batch = await readQueryBatch(appRouter, method, url, headers, TRPC_ENDPOINT, MAX_BATCH_CALLS);
  if (batch) {
    const paths = batch.calls.map((c) => c.path);
    return answerQueryBatch(appRouter, batch, { createContext: (resHeaders) => createContext(resHeaders, 'query', paths), onError, headersFor });
  }
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req: await call.toRequest(),
    router: appRouter,
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: ({ resHeaders, info }) => createContext(resHeaders, info.type, info.calls.map((c) => c.path)),
    onError: ({ error, path }) => onError(error, path),
    responseMeta: ({ errors }) => ({ headers: headersFor(errors) }),
  });
}

/** Cache-Control for the batch, and Retry-After when the database is away or a limit was reached. */
function answerHeaders(policy: CachePolicy, errors: TRPCError[]): Record<string, string> {
  const headers: Record<string, string> = { 'cache-control': trpcCacheControl(policy, errors.length > 0) };
  if (errors.some((e) => e.code === 'SERVICE_UNAVAILABLE')) headers['retry-after'] = String(RETRY_AFTER_SECONDS);
  const limited = retryAfterSeconds(errors);
  if (limited) headers['retry-after'] = String(limited);
  return headers;
}
