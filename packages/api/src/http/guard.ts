import { request as texts } from '@bedriftstorget/core/texts/http';
import { UNSUBSCRIBE_PATH } from '../saved-search/paths';

/** The largest tRPC request body (decision 017): forms and messages are a few kB; images go straight to storage. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The most calls in one batched request; the web client splits its batches at the same size. */
export const MAX_BATCH_CALLS = 20;
/** How long a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

export class BodyTooLargeError extends Error {}

const JSON_RPC_CODES = { BAD_REQUEST: -32600, FORBIDDEN: -32003, PAYLOAD_TOO_LARGE: -32013, SERVICE_UNAVAILABLE: -32603 } as const;
const STATUS = { BAD_REQUEST: 400, FORBIDDEN: 403, PAYLOAD_TOO_LARGE: 413, SERVICE_UNAVAILABLE: 503 } as const;

/** An error in tRPC's own shape, so the web client reads its message like any procedure's. */
/** What the checks read of a request's headers: a Fetch `Headers`, or Node's own headers read in place (`nodeHeaderReader`). */
export type HeaderReader = Pick<Headers, 'get'>;

/** Node's request headers as a HeaderReader, without copying them into a `Headers` first. */
export function nodeHeaderReader(headers: Record<string, string | string[] | undefined>): HeaderReader {
  return { get: (name) => {
    const value = headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  } };
}

export function errorResponse(code: keyof typeof STATUS, message: string, headers: Record<string, string> = {}): Response {
  const body = { error: { message, code: JSON_RPC_CODES[code], data: { code, httpStatus: STATUS[code] } } };
  return Response.json(body, { status: STATUS[code], headers: { 'cache-control': 'no-store', ...headers } });
}

export const bodyTooLarge = () => errorResponse('PAYLOAD_TOO_LARGE', texts.bodyTooLarge, { connection: 'close' });

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins allowed to change state. Locally, the loopback names of the configured address are
 * one machine: opening http://127.0.0.1:3000 when APP_URL says localhost works too (decision 017).
 */
export function allowedOrigins(appUrl: string, local: boolean): string[] {
  const url = new URL(appUrl);
  if (!local || !LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/** Refuses state-changing requests from other origins (docs/architecture.md, 'Security'); GET, HEAD and OPTIONS cannot change state. */
export function originRefusal(method: string, headers: HeaderReader, appUrl: string, local: boolean): string | null {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  const origin = headers.get('origin');
  const allowed = allowedOrigins(appUrl, local);
  if (origin) return allowed.includes(origin) ? null : texts.foreignOrigin(origin, new URL(appUrl).origin);
  // Browsers send Origin on every POST; without it only Sec-Fetch-Site: same-origin will do.
  return headers.get('sec-fetch-site') === 'same-origin' ? null : texts.missingOrigin;
}

/** True when every %XX in `text` is well formed and together they spell UTF-8 (no encoded lone surrogate). */
export function decodesAsUri(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function batchCalls(pathname: string, endpoint: string): number {
  const rest = pathname.slice(endpoint.length + 1);
  return rest ? rest.split(',').length : 0;
}

/**
 * What can be refused from the request line and headers alone, before a byte of the body is read:
 * a declared body past the cap, an address that is not valid percent-encoding, a foreign origin, a
 * batch past the cap.
 */
export function refuseFromHead(method: string, pathname: string, headers: HeaderReader, opts: { appUrl: string; local: boolean; endpoint: string }): Response | null {
  const declared = Number(headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return bodyTooLarge();
  // tRPC decodes the procedure names with decodeURIComponent, which throws on '%E0%A4%A' (a 500 there).
  if (!decodesAsUri(pathname)) return errorResponse('BAD_REQUEST', texts.badAddress);
  // The one-click unsubscribe is POSTed by mail programs from no origin; its tokens are its permission
  // and it can only turn off the alerts of the searches they name, so a forged request has nothing to gain.
  const origin = pathname === UNSUBSCRIBE_PATH ? null : originRefusal(method, headers, opts.appUrl, opts.local);
  if (origin) return errorResponse('FORBIDDEN', origin);
  if (batchCalls(pathname, opts.endpoint) > MAX_BATCH_CALLS) return errorResponse('BAD_REQUEST', texts.batchTooLarge(MAX_BATCH_CALLS));
  return null;
}
