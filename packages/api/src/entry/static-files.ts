import { open, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { isSitePage } from '@bedriftstorget/core/site/pages';
import { request } from '@bedriftstorget/core/texts/http';

/**
 * The built web app, served as CloudFront serves it in the cloud (decision 022): the `.br`/`.gz`
 * twins that the build wrote (packages/web/build-output.ts) by Accept-Encoding, immutable caching
 * for content-hashed `/assets/*`, `no-cache` for index.html and other unhashed files, and the SPA's
 * index.html for client-side routes. Source maps are never answered, even if one is left in dist.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp',
  '.ico': 'image/x-icon', '.json': 'application/json', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the client accepts, best first (`q=0` refuses one; `*` accepts any). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((name) => weightOf(name) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

function decodePath(pathname: string): string | null {
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

async function fileSize(path: string): Promise<number | null> {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? info.size : null;
}

export async function serveStatic(
  distDir: string,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  extraHeaders: OutgoingHttpHeaders = {},
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end(request.onlyGetOrHead);
    return;
  }
  const decoded = decodePath(pathname);
  if (decoded === null) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(request.badAddress);
    return;
  }
  const root = normalize(distDir);
  let file = normalize(join(root, decoded));
  const isAsset = decoded.startsWith('/assets/');
  if (decoded.endsWith('.map') || decoded.endsWith('.br') || decoded.endsWith('.gz')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end(request.fileNotFound);
    return;
  }
  if (!file.startsWith(root + sep)) file = join(root, 'index.html');
  let size = await fileSize(file);
  let status = 200;
  if (size === null) {
    // A missing hashed asset is never the SPA's HTML (an old tab must not get HTML as JavaScript), and
    // is 403 as in the cloud: the Router sends /assets/* to the StaticSite's bucket, which lets
    // CloudFront read objects but not list them, so S3 answers a missing key with 403 (decision 074).
    // Any other path is a client-side route (or the SPA's own 404 page).
    if (isAsset) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end(request.fileNotFound);
      return;
    }
    file = join(root, 'index.html');
    size = await fileSize(file);
    if (size === null) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end(request.webAppNotBuilt);
      return;
    }
    // A path the app has no page for still gets the app (it shows its Norwegian 404 page), but with
    // the status that says so (decision 091).
    if (!isSitePage(decoded)) status = 404;
  }

  const headers: OutgoingHttpHeaders = {
    ...extraHeaders,
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': isAsset && file.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : 'no-cache',
    vary: 'Accept-Encoding',
  };
  let body = file;
  for (const encoding of acceptedEncodings(req.headers['accept-encoding'])) {
    const compressedSize = await fileSize(file + SUFFIX[encoding]);
    if (compressedSize === null) continue;
    body = file + SUFFIX[encoding];
    size = compressedSize;
    headers['content-encoding'] = encoding;
    break;
  }
  // Opened before the answer starts: a file a deploy's purge deletes meanwhile is still read whole
  // (an open file outlives its name); one already gone is refused as a missing one is. A read error
  // ends this answer only, never the server.
  const handle = await open(body).catch(() => null);
  if (!handle) {
    res.writeHead(isAsset ? 403 : 404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end(request.fileNotFound);
    return;
  }
  headers['content-length'] = (await handle.stat()).size;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    await handle.close();
    return void res.end();
  }
  const stream = handle.createReadStream();
  stream.on('error', (error) => res.destroy(error));
  // A client that goes away mid-file (a reload, a closed tab) closes the file too, not the GC later.
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}
