import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { IMAGE_PATH_PREFIX } from '../adapters/storage';
import type { Services } from '../context';
import { handleTrpc, TRPC_ENDPOINT } from '../http/handler';
import { sendFetchResponse, toFetchRequest } from '../http/node';
import { proxyToS3 } from '../http/s3-proxy';
import { S3_PROXY_PREFIX } from './services';
import { REALTIME_PATH, serveRealtime } from '../realtime/sse';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface LocalServerOptions {
  services: Services;
  /** The built SPA (production-like), or Vite's middlewares (dev with hot reload). */
  web: { distDir: string } | { middlewares: Middleware };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp',
  '.ico': 'image/x-icon', '.json': 'application/json', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
};

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};
const CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

async function serveStatic(distDir: string, pathname: string, res: ServerResponse): Promise<void> {
  const root = normalize(distDir);
  let file = normalize(join(root, decodeURIComponent(pathname)));
  if (!file.startsWith(root + sep)) file = join(root, 'index.html');
  let info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    // Client-side routes (and unknown paths, which the SPA answers with its 404 page).
    file = join(root, 'index.html');
    info = await stat(file).catch(() => null);
    if (!info) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Web-appen er ikke bygget. Kjør npm start.');
      return;
    }
  }
  const isAsset = pathname.startsWith('/assets/');
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    'content-security-policy': CSP,
  });
  createReadStream(file).pipe(res);
}

async function serveImage(services: Services, pathname: string, res: ServerResponse): Promise<void> {
  const key = pathname.slice(IMAGE_PATH_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  const object = key ? await services.storage.get(key) : null;
  if (!object) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Fant ikke bildet');
    return;
  }
  res.writeHead(200, {
    'content-type': object.contentType ?? 'application/octet-stream',
    ...(object.contentLength !== undefined ? { 'content-length': object.contentLength } : {}),
    'cache-control': 'public, max-age=86400',
    // Uploaded content must never run as a page on our origin.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  Readable.fromWeb(object.body as NodeReadableStream).pipe(res);
}

/** The local host: `/trpc` (the same handler as the Lambda), `/realtime` (SSE), `/images/*` from s3rver, and the web app. */
export function createLocalServer({ services, web }: LocalServerOptions): Server {
  const origin = services.config.appUrl;
  return createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const pathname = new URL(req.url ?? '/', origin).pathname;
    const handle = async () => {
      if (pathname === TRPC_ENDPOINT || pathname.startsWith(`${TRPC_ENDPOINT}/`)) {
        const request = await toFetchRequest(req, origin);
        return sendFetchResponse(res, await handleTrpc(services, request, req.socket.remoteAddress ?? 'unknown'));
      }
      if (pathname.startsWith(IMAGE_PATH_PREFIX)) return serveImage(services, pathname, res);
      if (pathname.startsWith(S3_PROXY_PREFIX) && services.config.local) return proxyToS3(req, res, services.config.local.s3Port, S3_PROXY_PREFIX);
      if (pathname === REALTIME_PATH) return serveRealtime(services, req, res);
      if ('distDir' in web) return serveStatic(web.distDir, pathname, res);
      web.middlewares(req, res, () => res.writeHead(404).end());
    };
    handle().catch((error: unknown) => {
      console.error(`${req.method} ${req.url} failed`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Noe gikk galt. Prøv igjen.');
    });
  });
}
