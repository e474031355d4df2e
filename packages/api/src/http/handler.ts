import { randomUUID } from 'node:crypto';
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
import { decodesAsUri, errorResponse, MAX_BATCH_CALLS, originRefusal, refuseFromHead, RETRY_AFTER_SECONDS } from './guard';

export const TRPC_ENDPOINT = '/trpc';

/** Whether a state-changing request comes from the app itself (docs/architecture.md, 'Security'; the rule is in guard.ts). */
export function isAllowedOrigin(req: Request, appUrl: string, local = false): boolean {
  return originRefusal(req.method, req.headers, appUrl, local) === null;
}

/**
 * The one tRPC entry used by every host: the local Node server and the Lambda. Each request writes
 * one log line (observability/request-log.ts); `requestId` is the Lambda's own, so the line sits
 * beside the platform's REPORT line, or a new one locally.
 */
export function handleTrpc(services: Services, req: Request, ip: string, requestId: string = randomUUID()): Promise<Response> {
  const url = new URL(req.url);
  const facts = { requestId, route: 'trpc' as const, method: req.method, procedures: proceduresOf(url.pathname, TRPC_ENDPOINT) };
  // Every statement the request's code sends goes through its own handle, counted for its line.
  return observeRequest(facts, (scope) => routeTrpc(requestServices(services, scope), req, ip, url, scope, requestId));
}

async function routeTrpc(services: Services, req: Request, ip: string, { pathname, search }: URL, scope: RequestScope, requestId: string): Promise<Response> {
  const refused = refuseFromHead(req.method, pathname, req.headers, {
    appUrl: services.config.appUrl,
    local: services.config.runtime === 'local',
    endpoint: TRPC_ENDPOINT,
  });
  if (refused) return refused;
  if (pathname === UNSUBSCRIBE_PATH) return handleOneClickUnsubscribe(services, req, ip);
  if (pathname === CLIENT_ERROR_PATH) return handleClientError(services, req, ip, requestId, scope);
  if (pathname === SMOKE_FAULT_PATH) return handleSmokeFault(services, req);
  // tRPC reads `input` with URLSearchParams, which turns bytes that are no UTF-8 ('%ED%A0%80', an
  // encoded lone surrogate) into U+FFFD: the input would not be what was sent. Refused as the path is.
  if (!decodesAsUri(search)) return errorResponse('BAD_REQUEST', httpTexts.badAddress);
  // Decided once from tRPC's own reading of the batch, before the context (decision 080).
  let policy: CachePolicy = 'private';
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: async ({ resHeaders, info }) => {
      policy = batchCachePolicy(req.method, info.type, info.calls.map((call) => call.path), req.headers);
      try {
        // A public batch is answered as to a visitor: the session cookie is not even read, so the
        // answer cannot depend on it and carries no Set-Cookie (no sliding refresh) to be cached.
        // (The Request is not copied without its Cookie header for that: nothing but the context reads it.)
        const ctx = await createRequestContext(services, req, resHeaders, ip, policy === 'public');
        scope.userId = ctx.user?.id ?? null;
        return ctx;
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    onError({ error, path }) {
      // The request's log line carries each failure; a 5xx with its cause (message and stack).
      scope.errors.push({ ...(path ? { procedure: path } : {}), code: error.code, cause: error.cause ?? error });
    },
    responseMeta({ errors }) {
      // Public batches are cached at the edge and locally; everything else, and every error, never (decision 080).
      const headers: Record<string, string> = { 'cache-control': trpcCacheControl(policy, errors.length > 0) };
      if (errors.some((e) => e.code === 'SERVICE_UNAVAILABLE')) headers['retry-after'] = String(RETRY_AFTER_SECONDS);
      const limited = retryAfterSeconds(errors);
      if (limited) headers['retry-after'] = String(limited);
      return { headers };
    },
  });
}
