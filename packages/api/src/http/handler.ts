import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createRequestContext, type Services } from '../context';
import { asUnavailable } from '../db/unavailable';
import { retryAfterSeconds } from '../auth/rate-limit';
import { appRouter } from '../routers';
import { handleOneClickUnsubscribe, UNSUBSCRIBE_PATH } from '../saved-search/unsubscribe-http';
import { MAX_BATCH_CALLS, originRefusal, refuseFromHead, RETRY_AFTER_SECONDS } from './guard';

export const TRPC_ENDPOINT = '/trpc';

/** Whether a state-changing request comes from the app itself (DESIGN.md §7; the rule is in guard.ts). */
export function isAllowedOrigin(req: Request, appUrl: string, local = false): boolean {
  return originRefusal(req.method, req.headers, appUrl, local) === null;
}

/** The one tRPC entry used by every host: the local Node server and the Lambda. */
export async function handleTrpc(services: Services, req: Request, ip: string): Promise<Response> {
  const refused = refuseFromHead(req.method, new URL(req.url).pathname, req.headers, {
    appUrl: services.config.appUrl,
    local: services.config.runtime === 'local',
    endpoint: TRPC_ENDPOINT,
  });
  if (refused) return refused;
  if (new URL(req.url).pathname === UNSUBSCRIBE_PATH) return handleOneClickUnsubscribe(services, req);
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: async ({ resHeaders }) => {
      try {
        return await createRequestContext(services, req, resHeaders, ip);
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${path ?? '?'} failed`, error.cause ?? error);
    },
    responseMeta({ errors }) {
      // Answers depend on the session cookie: never cache them in a shared cache.
      const headers: Record<string, string> = { 'cache-control': 'no-store' };
      if (errors.some((e) => e.code === 'SERVICE_UNAVAILABLE')) headers['retry-after'] = String(RETRY_AFTER_SECONDS);
      const limited = retryAfterSeconds(errors);
      if (limited) headers['retry-after'] = String(limited);
      return { headers };
    },
  });
}
