import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { TrpcCall } from './handler';
import { ORIGIN_SECRET_HEADER } from './origin-secret';
import type { Served } from './served';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True only when the event carries the router's secret (compared in constant time). */
export function cameThroughCloudFront(event: APIGatewayProxyEventV2, secret: string): boolean {
  const sent = event.headers[ORIGIN_SECRET_HEADER];
  if (!secret || !sent) return false;
  return timingSafeEqual(digest(sent), digest(secret));
}

/** What a caller that went around CloudFront gets: nothing about the app. */
export const NOT_FROM_CLOUDFRONT: APIGatewayProxyStructuredResultV2 = {
  statusCode: 403,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: 'Forbidden',
};

/** The body's size in bytes, from the event alone (base64 counted as what it decodes to). */
export function eventBodyBytes(event: APIGatewayProxyEventV2): number {
  if (!event.body) return 0;
  return event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body);
}

/** A Lambda function URL event (payload 2.0) as a Fetch Request. */
export function lambdaEventToRequest(event: APIGatewayProxyEventV2, appUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers)) {
    // The origin secret stops here: the app never sees (or logs) it.
    if (value !== undefined && name !== ORIGIN_SECRET_HEADER) headers.set(name, value);
  }
  if (event.cookies?.length) headers.set('cookie', event.cookies.join('; '));
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const method = event.requestContext.http.method;
  const body = event.body === undefined || method === 'GET' || method === 'HEAD'
    ? undefined
    : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
  return new Request(`${appUrl}${event.rawPath}${query}`, { method, headers, body });
}

/**
 * The event as the tRPC handler reads it: its headers in place (the origin secret left out, the
 * cookies as one Cookie header, as the Fetch Request has them) and that Request made only when
 * tRPC's fetch adapter is to answer it (a query batch is answered without one, decision 154).
 */
export function lambdaTrpcCall(event: APIGatewayProxyEventV2, appUrl: string): TrpcCall {
  const byName = new Map<string, string>();
  for (const [name, value] of Object.entries(event.headers)) if (value !== undefined && name !== ORIGIN_SECRET_HEADER) byName.set(name.toLowerCase(), value);
  if (event.cookies?.length) byName.set('cookie', event.cookies.join('; '));
  const headers = { get: (name: string) => byName.get(name.toLowerCase()) ?? null };
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  return { method: event.requestContext.http.method, url: new URL(`${appUrl}${event.rawPath}${query}`), headers, toRequest: () => Promise.resolve(lambdaEventToRequest(event, appUrl)) };
}

/** Either kind of answer as the function URL's result. */
export function lambdaResultOf(answer: Response | Served): Promise<APIGatewayProxyStructuredResultV2> {
  if (answer instanceof Response) return responseToLambdaResult(answer);
  return Promise.resolve({
    statusCode: answer.status,
    headers: answer.headers,
    ...(answer.setCookies.length ? { cookies: answer.setCookies } : {}),
    body: typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8'),
    isBase64Encoded: false,
  });
}

/** Payload 2.0 wants each Set-Cookie in `cookies`, not folded into one header. */
export async function responseToLambdaResult(response: Response): Promise<APIGatewayProxyStructuredResultV2> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  return {
    statusCode: response.status,
    headers,
    ...(cookies.length ? { cookies } : {}),
    body: await response.text(),
    isBase64Encoded: false,
  };
}

/**
 * The viewer's address. CloudFront puts it in CloudFront-Viewer-Address ("ip:port"); the
 * X-Forwarded-For head can be set by the client, so it is never trusted. Call this only for an
 * event that passed `cameThroughCloudFront`: anyone else can write CloudFront-Viewer-Address.
 */
export function viewerIp(event: APIGatewayProxyEventV2): string {
  const viewer = event.headers['cloudfront-viewer-address'];
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':')) || viewer;
  return event.requestContext.http.sourceIp;
}
