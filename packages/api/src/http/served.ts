/**
 * An answer as the hosts write it: status, headers (Set-Cookie apart, as Node and Lambda each send
 * it) and the whole body. tRPC's query batches are built as one directly (decision 154); anything
 * else answered as a Fetch Response is read into one.
 */
export interface Served {
  status: number;
  headers: Record<string, string>;
  setCookies: string[];
  /**
   * A query batch's JSON stays a string (decision 157): Node writes a string body with its headers
   * in one write, and Lambda's result wants a string, so a Buffer of it was made only to be copied
   * again (27 µs of a browse's ~800 µs of CPU here). Anything read from a Fetch Response is bytes.
   */
  body: Buffer | string;
  /** The origin streamed it (`transfer-encoding`, e.g. tRPC's JSONL): never kept (decision 105). */
  streamed?: boolean;
}

/**
 * A Fetch response read whole, as the local server sends it: with a Content-Length, so without
 * the origin's `transfer-encoding` (sending both is malformed HTTP).
 */
export async function readServed(response: Response): Promise<Served> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'transfer-encoding') headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers, setCookies: response.headers.getSetCookie(), body, streamed: response.headers.has('transfer-encoding') };
}

/** The body's length in bytes, for Content-Length. */
export function bodyLength(body: Buffer | string): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.length;
}

/** The answer as a Fetch Response, for callers that speak Fetch (tests, the bench, the SEO pages' reads). */
export function servedToResponse(served: Served): Response {
  const headers = new Headers(served.headers);
  for (const cookie of served.setCookies) headers.append('set-cookie', cookie);
  // 204 and 304 carry no body in Fetch.
  const body = served.status === 204 || served.status === 304 ? null : typeof served.body === 'string' ? served.body : new Uint8Array(served.body);
  return new Response(body, { status: served.status, headers });
}
