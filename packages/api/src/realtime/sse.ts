import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestContext, type Services } from '../context';
import { toFetchRequest } from '../http/node';
import { isAdmin } from '../trpc';
import { ADMIN_CHANNEL, type RealtimeEvent, userChannel } from './channels';
import { isLocalHub } from './local-hub';

export const REALTIME_PATH = '/realtime';

/** Below the idle timeouts of proxies and browsers, so a quiet stream is not cut. */
const HEARTBEAT_MS = 25_000;

/**
 * The local runtime's push channel: Server-Sent Events from the in-process hub. The session is
 * checked exactly as for /trpc, and again on every heartbeat so a signed-out session stops
 * receiving at once rather than when the tab closes.
 */
export async function serveRealtime(services: Services, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const hub = services.realtime;
  if (req.method !== 'GET' || !isLocalHub(hub)) {
    res.writeHead(req.method !== 'GET' ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end();
    return;
  }
  // Set up first: the browser may leave while the session is being checked.
  const cleanups: (() => void)[] = [];
  let closed = false;
  res.on('close', () => {
    closed = true;
    for (const cleanup of cleanups) cleanup();
  });

  const request = await toFetchRequest(req, services.config.appUrl);
  const resHeaders = new Headers();
  const ctx = await createRequestContext(services, request, resHeaders, req.socket.remoteAddress ?? 'unknown');
  const cookies = resHeaders.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!ctx.user || !ctx.session) {
    res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end();
    return;
  }
  const channels = [userChannel(ctx.user.id)];
  if (await isAdmin(services.db, ctx.user.id)) channels.push(ADMIN_CHANNEL);
  if (closed) return;

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(': connected\n\n');

  const send = (event: RealtimeEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);
  for (const channel of channels) cleanups.push(hub.subscribe(channel, send));
  const sessionId = ctx.session.id;
  const heartbeat = setInterval(() => {
    services.auth
      .validateSession(sessionId)
      .then(({ session }) => (session ? res.write(': heartbeat\n\n') : res.end()))
      .catch((error: unknown) => console.error('realtime session check failed', error));
  }, HEARTBEAT_MS);
  cleanups.push(() => clearInterval(heartbeat));
}
