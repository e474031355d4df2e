import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { IMAGE_PATH_PREFIX, LOCAL_S3_CREDENTIALS } from '../adapters/storage';
import type { Services } from '../context';
import { bindToRequest } from '../db/bind';
import { isDatabaseUnavailable } from '../db/unavailable';
import { BodyTooLargeError, bodyTooLarge, nodeHeaderReader, refuseFromHead, RETRY_AFTER_SECONDS } from '../http/guard';
import { answerTrpc, trpcCallOf, TRPC_ENDPOINT } from '../http/handler';
import { LocalCache } from '../http/local-cache';
import { nodeTrpcCall, sendAnswer, sendFetchResponse, sendServed, toFetchRequest } from '../http/node';
import type { Served } from '../http/served';
import { request as requestTexts } from '@bedriftstorget/core/texts/http';
import { handleS3Get, handleS3Post } from '../http/s3-proxy';
import { UPLOAD_PREFIX } from '@bedriftstorget/core/listing/image-variants';
import { securityHeaders } from '../http/security-headers';
import { logRefusal, observeRequest, proceduresOf } from '../observability/request-log';
import { handleSeo, isSeoPath, isShellPath } from '../seo/handler';
import { NOINDEX_HEADER } from '../seo/indexing';
import { S3_PROXY_PREFIX } from './services';
import { serveStatic } from './static-files';
import { REALTIME_PATH, serveRealtime } from '../realtime/sse';
import { common } from '@bedriftstorget/core/texts/nb';

/** handleSeo answers every path isSeoPath names; this is only its type's other case. */
const notFound = () => new Response(requestTexts.pageNotFound, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface LocalServerOptions {
  services: Services;
  /** The built SPA (production-like), or Vite's middlewares (dev with hot reload). */
  web: { distDir: string } | { middlewares: Middleware };
  /**
   * The shared cache in front of /trpc and the crawler pages, as CloudFront is in the cloud (decision
   * 081): by default one of its own when LOCAL_CACHE is on; tests pass one with their own clock, or null.
   */
  cache?: LocalCache | null;
}


async function serveImage(services: Services, pathname: string, res: ServerResponse): Promise<void> {
  const key = pathname.slice(IMAGE_PATH_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  // Keys are ours: control characters or '..' can only be a probe. Raw uploads are never served:
  // only checked, re-encoded images (and older attached keys) are.
  const probe = [...key].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007f') || key.split('/').includes('..');
  const object = key && !probe && !key.startsWith(UPLOAD_PREFIX) ? await services.storage.get(key) : null;
  if (!object) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(requestTexts.imageNotFound);
    return;
  }
  // The object's own Cache-Control, as CloudFront passes it on from S3 (final images: a year, immutable).
  res.writeHead(200, {
    'content-type': object.contentType ?? 'application/octet-stream',
    ...(object.contentLength !== undefined ? { 'content-length': object.contentLength } : {}),
    ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
  });
  Readable.fromWeb(object.body as NodeReadableStream).pipe(res);
}

/** The local host: `/trpc` (the same handler as the Lambda), `/realtime` (SSE), `/images/*` from s3rver, and the web app. */
export function createLocalServer({ services, web, cache = services.config.local?.cache ? new LocalCache() : null }: LocalServerOptions): Server {
  const origin = services.config.appUrl;
  // Only GETs are cached, keyed by the URL alone; the cache keeps only answers marked public (http/local-cache.ts).
  const cached = (req: IncomingMessage, res: ServerResponse, answer: () => Promise<Response | Served>) =>
    cache && req.method === 'GET' ? cache.serve(req.url ?? '/', answer, res.getHeaders() as Record<string, string>).then((served) => sendServed(res, served)) : answer().then((built) => sendAnswer(res, built));
  const local = { appUrl: origin, local: true, endpoint: TRPC_ENDPOINT };
  return createServer((req, res) => {
    // A fresh public copy goes out before anything else is done: its headers were all kept with it.
    const hit = cache && req.method === 'GET' ? cache.fresh(req.url ?? '/') : null;
    if (hit) return void res.writeHead(200, hit.head).end(hit.body);
    const handle = async () => {
      // Parsed inside the handler: a malformed address becomes a 400 below, never an escaped throw.
      const url = new URL(req.url ?? '/', origin);
      const { pathname } = url;
      // The same headers CloudFront sets in the cloud; uploads go through our own origin here.
      const headers = securityHeaders(pathname);
      // Vite's dev pages need inline scripts (React refresh): the page policy is for the built app.
      if (!('distDir' in web) && !pathname.startsWith(IMAGE_PATH_PREFIX)) delete headers['content-security-policy'];
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      // As CloudFront's viewer-response code does on every stage but production (decision 066).
      if (!services.config.indexable) res.setHeader(NOINDEX_HEADER.name, NOINDEX_HEADER.value);
      if (pathname === TRPC_ENDPOINT || pathname.startsWith(`${TRPC_ENDPOINT}/`)) {
        // One log line per request, refused ones too (docs/decisions/073).
        const facts = { requestId: randomUUID(), route: 'trpc' as const, method: req.method ?? 'GET', procedures: proceduresOf(pathname, TRPC_ENDPOINT) };
        // Refused on its headers before the body is read (size, origin, batch); the body itself is capped while read.
        const refused = refuseFromHead(facts.method, pathname, nodeHeaderReader(req.headers), local);
        if (refused) return sendFetchResponse(res, await logRefusal(facts, refused)).finally(() => req.destroy());
        const ip = req.socket.remoteAddress ?? 'unknown';
        // The first answer logs under this request's id; a refresh the cache starts later gets its own.
        let requestId: string | undefined = facts.requestId;
        return cached(req, res, async () => {
          // A GET or HEAD has no body: its headers are read in place. Others' bodies are read (capped) first.
          const call = facts.method === 'GET' || facts.method === 'HEAD' ? nodeTrpcCall(req, url, origin) : trpcCallOf(await toFetchRequest(req, origin).catch(async (error: unknown) => {
            if (error instanceof BodyTooLargeError) await logRefusal(facts, 413);
            throw error;
          }));
          const answer = answerTrpc(services, call, ip, requestId);
          requestId = undefined; // answerTrpc makes one for a refresh
          return answer;
        });
      }
      if (pathname.startsWith(IMAGE_PATH_PREFIX)) return serveImage(services, pathname, res);
      if (pathname.startsWith(S3_PROXY_PREFIX) && services.config.local) {
        // Two buckets behind one path: images, and the data room's documents (decision 097).
        if (req.method === 'GET') return handleS3Get(req, res, services.documents.bucket, services.config.local.s3Port, S3_PROXY_PREFIX);
        const bucket = pathname.slice(S3_PROXY_PREFIX.length).split('/')[0];
        return handleS3Post(req, res, bucket === services.documents.bucket ? services.documents : services.storage, LOCAL_S3_CREDENTIALS, S3_PROXY_PREFIX);
      }
      if (pathname === REALTIME_PATH) return serveRealtime(services, req, res);
      if (isSeoPath(pathname)) {
        // Listing pages with their own head, browse with its first page, the sitemap and robots.txt: the same
        // handler as the cloud's SEO function. Those pages need the built shell; under Vite (dev) they stay plain SPA routes.
        const readShell = () => ('distDir' in web ? readFile(join(web.distDir, 'index.html'), 'utf8').catch(() => null) : Promise.resolve(null));
        if ('distDir' in web || !isShellPath(pathname)) {
          return cached(req, res, async () => {
            const request = await toFetchRequest(req, origin);
            const facts = { route: 'seo' as const, method: request.method, path: pathname };
            return observeRequest(facts, async (scope) => (await handleSeo({ db: bindToRequest(services.db, scope), config: services.config }, request, { shell: async () => (await readShell()) ?? '' })) ?? notFound());
          });
        }
      }
      if ('distDir' in web) return serveStatic(web.distDir, req, res, pathname);
      web.middlewares(req, res, () => res.writeHead(404).end());
    };
    handle().catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) return void sendFetchResponse(res, bodyTooLarge()).finally(() => req.destroy());
      if (error instanceof URIError || (error instanceof TypeError && error.message.startsWith('Invalid URL'))) {
        // A malformed address (bad %-escape) is the visitor's mistake, not ours.
        return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(requestTexts.badAddress);
      }
      if (isDatabaseUnavailable(error) && !res.headersSent) {
        return void res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(RETRY_AFTER_SECONDS) }).end(requestTexts.unavailable);
      }
      console.error(`${req.method} ${req.url} failed`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(common.genericError);
    });
  });
}
