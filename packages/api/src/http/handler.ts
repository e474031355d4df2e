import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createRequestContext, type Services } from '../context';
import { appRouter } from '../routers';

export const TRPC_ENDPOINT = '/trpc';

/**
 * Refuses state-changing requests from other origins (DESIGN.md §7). Browsers send Origin on
 * every POST; a request without it and without Sec-Fetch-Site same-origin is refused too.
 */
export function isAllowedOrigin(req: Request, appUrl: string): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return true;
  const origin = req.headers.get('origin');
  if (origin) return origin === new URL(appUrl).origin;
  return req.headers.get('sec-fetch-site') === 'same-origin';
}

/** The one tRPC entry used by every host: the local Node server and the Lambda. */
export async function handleTrpc(services: Services, req: Request, ip: string): Promise<Response> {
  if (!isAllowedOrigin(req, services.config.appUrl)) {
    return Response.json({ error: 'Forespørselen kommer fra en annen opprinnelse.' }, { status: 403 });
  }
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createRequestContext(services, req, resHeaders, ip),
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${path ?? '?'} failed`, error.cause ?? error);
    },
    responseMeta() {
      // Answers depend on the session cookie: never cache them in a shared cache.
      return { headers: { 'cache-control': 'no-store' } };
    },
  });
}
