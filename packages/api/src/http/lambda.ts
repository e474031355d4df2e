import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A Lambda function URL event (payload 2.0) as a Fetch Request. */
export function lambdaEventToRequest(event: APIGatewayProxyEventV2, appUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers)) if (value !== undefined) headers.set(name, value);
  if (event.cookies?.length) headers.set('cookie', event.cookies.join('; '));
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const method = event.requestContext.http.method;
  const body = event.body === undefined || method === 'GET' || method === 'HEAD'
    ? undefined
    : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
  return new Request(`${appUrl}${event.rawPath}${query}`, { method, headers, body });
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
 * X-Forwarded-For head can be set by the client, so it is never trusted.
 */
export function viewerIp(event: APIGatewayProxyEventV2): string {
  const viewer = event.headers['cloudfront-viewer-address'];
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':')) || viewer;
  return event.requestContext.http.sourceIp;
}
