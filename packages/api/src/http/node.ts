import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, MAX_BODY_BYTES, nodeHeaderReader } from './guard';
import type { TrpcCall } from './handler';
import { bodyLength, type Served } from './served';

/**
 * Reads the body up to `maxBytes` and stops at the first byte past it (a chunked upload has no
 * Content-Length to refuse it by), so a huge POST never sits in memory.
 */
export async function readBodyCapped(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Turns a Node request into a Fetch Request, so the same handler serves Node and Lambda. */
export async function toFetchRequest(req: IncomingMessage, origin: string, maxBytes = MAX_BODY_BYTES): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    body = await readBodyCapped(req, maxBytes);
  }
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body: body ? new Uint8Array(body) : undefined });
}

/**
 * A GET or HEAD to /trpc as the handler reads it: Node's headers in place, and a Fetch Request
 * only if tRPC's fetch adapter is to answer it (a query batch is answered without one, decision 154).
 */
export function nodeTrpcCall(req: IncomingMessage, url: URL, origin: string): TrpcCall {
  return { method: req.method ?? 'GET', url, headers: nodeHeaderReader(req.headers), toRequest: () => toFetchRequest(req, origin) };
}

/** Writes either kind of answer: one built whole (a Served) or a Fetch Response. */
export function sendAnswer(res: ServerResponse, answer: Response | Served): Promise<void> {
  return answer instanceof Response ? sendFetchResponse(res, answer) : sendServed(res, answer);
}

export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  const cookies = response.headers.getSetCookie();
  // Sent whole with a Content-Length below, so never with the origin's transfer-encoding too.
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'transfer-encoding') res.setHeader(name, value);
  });
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.statusCode = response.status;
  if (!response.body) return void res.end();
  // tRPC answers (httpBatchLink, no streaming) are whole JSON strings: one read and one write
  // instead of a web-to-node stream pipe per request, which cost more CPU than the JSON itself
  // under load (decision record 041).
  const body = Buffer.from(await response.arrayBuffer());
  res.setHeader('content-length', body.length);
  await new Promise<void>((resolve, reject) => {
    res.on('error', reject);
    res.end(body, resolve);
  });
}

/** An answer read whole (from the local cache, or the origin through it). */
export function sendServed(res: ServerResponse, served: Served): Promise<void> {
  for (const [name, value] of Object.entries(served.headers)) res.setHeader(name, value);
  if (served.setCookies.length > 0) res.setHeader('set-cookie', served.setCookies);
  res.statusCode = served.status;
  res.setHeader('content-length', bodyLength(served.body));
  return new Promise<void>((resolve, reject) => {
    res.on('error', reject);
    res.end(served.body, resolve);
  });
}
