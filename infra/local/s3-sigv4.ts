import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import type { HttpRequest, QueryParameterBag } from '@smithy/types';

/**
 * SigV4 as S3 checks it (decision 135), for the local S3's front: s3rver accepts any V4 signature,
 * so a forged or altered link worked locally and no test could catch a signing mistake. The
 * signature is computed again with the AWS SDK's own signer from what the request says it signed
 * (its signed headers, its query, its date and scope) and compared in constant time.
 */
export interface S3Refusal {
  status: number;
  code: string;
  message: string;
}

export interface SignedRequest {
  method: string;
  /** The path as sent (still percent-encoded: S3 signs it without encoding it again). */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Secrets {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** S3 allows a request's clock this far from its own. */
const MAX_SKEW_MS = 15 * 60 * 1000;
const WEEK_SECONDS = 7 * 24 * 60 * 60;
const QUERY_AUTH = ['x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-expires', 'x-amz-signedheaders', 'x-amz-signature', 'x-amz-security-token'];
const UNSIGNED_PAYLOADS = new Set(['UNSIGNED-PAYLOAD', 'STREAMING-UNSIGNED-PAYLOAD-TRAILER']);

const refuse = (status: number, code: string, message: string): S3Refusal => ({ status, code, message });
const denied = refuse(403, 'AccessDenied', 'Access Denied');
const mismatch = refuse(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');

/** The hash the signer is given: node's SHA-256, an HMAC when it has a key. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    const key = typeof secret === 'string' || secret === undefined ? secret : ArrayBuffer.isView(secret) ? new Uint8Array(secret.buffer, secret.byteOffset, secret.byteLength) : new Uint8Array(secret);
    this.hash = key === undefined ? createHash('sha256') : createHmac('sha256', key);
  }
  update(data: Uint8Array): void {
    this.hash.update(data);
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/** 20261129T093000Z → a Date, or null. */
function amzDate(text: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

function sameHex(given: string, expected: string | undefined): boolean {
  if (!expected || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));
}

/** Only the headers the request says it signed, as it sent them. */
function signedHeaders(headers: IncomingHttpHeaders, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, [headers[name] ?? ''].flat().join(',')]));
}

function scopeOf(credential: string, secrets: Secrets): { region: string } | S3Refusal {
  const [accessKeyId, , region, service, terminator] = credential.split('/');
  if (accessKeyId !== secrets.accessKeyId) return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (!region || service !== 's3' || terminator !== 'aws4_request') return refuse(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  return { region };
}

function signer(secrets: Secrets, region: string): SignatureV4 {
  // S3's own settings: the path is signed as sent, and no checksum header is added.
  return new SignatureV4({ credentials: { accessKeyId: secrets.accessKeyId, secretAccessKey: secrets.secretAccessKey }, region, service: 's3', sha256: NodeSha256, uriEscapePath: false, applyChecksum: false });
}

function baseRequest(request: SignedRequest, headers: Record<string, string>, query: QueryParameterBag): HttpRequest {
  const [hostname = '', port] = (request.headers.host ?? '').split(':');
  return { method: request.method, protocol: 'http:', hostname, port: port ? Number(port) : undefined, path: request.path, query, headers };
}

/** A presigned URL: X-Amz-* in the query, valid for X-Amz-Expires seconds from X-Amz-Date. */
async function verifyQuery(request: SignedRequest, secrets: Secrets, now: Date): Promise<S3Refusal | null> {
  const get = (name: string) => [...request.query].find(([key]) => key.toLowerCase() === name)?.[1];
  const date = amzDate(get('x-amz-date'));
  const expires = Number(get('x-amz-expires'));
  const names = (get('x-amz-signedheaders') ?? '').split(';').filter(Boolean);
  if (get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || !date || !Number.isInteger(expires) || !names.includes('host')) {
    return refuse(400, 'AuthorizationQueryParametersError', 'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
  }
  if (expires < 0 || expires > WEEK_SECONDS) return refuse(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be between 0 and 604800 seconds');
  const scope = scopeOf(get('x-amz-credential') ?? '', secrets);
  if ('status' in scope) return scope;
  // The other x-amz-* parameters were headers the signer hoisted into the query: given back as headers, it hoists them again.
  const query: Record<string, string> = {};
  const hoisted: Record<string, string> = {};
  for (const [key, value] of request.query) {
    if (QUERY_AUTH.includes(key.toLowerCase())) continue;
    if (key.toLowerCase().startsWith('x-amz-')) hoisted[key] = value;
    else query[key] = value;
  }
  const signed = await signer(secrets, scope.region).presign(baseRequest(request, { ...signedHeaders(request.headers, names), ...hoisted }, query), {
    signingDate: date,
    expiresIn: expires,
    signableHeaders: new Set(names),
  });
  if (!sameHex(get('x-amz-signature') ?? '', signed.query?.['X-Amz-Signature'] as string | undefined)) return mismatch;
  // Checked after the signature, as S3 does: an altered link is a mismatch, a good one past its time expired.
  if (now.getTime() > date.getTime() + expires * 1000) return refuse(403, 'AccessDenied', 'Request has expired');
  return null;
}

/** The Authorization header's signature, over the signed headers and the payload's hash. */
async function verifyHeader(request: SignedRequest, authorization: string, secrets: Secrets, now: Date): Promise<S3Refusal | null> {
  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization.trim());
  if (!match) return refuse(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, credential = '', list = '', signature = ''] = match;
  const scope = scopeOf(credential, secrets);
  if ('status' in scope) return scope;
  const names = list.split(';');
  const date = amzDate([request.headers['x-amz-date']].flat()[0]);
  const payload = [request.headers['x-amz-content-sha256']].flat()[0];
  if (!date || !names.includes('host') || !names.includes('x-amz-date')) return refuse(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  if (!payload || !names.includes('x-amz-content-sha256')) return refuse(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  const signed = await signer(secrets, scope.region).sign(baseRequest(request, signedHeaders(request.headers, names), Object.fromEntries(request.query)), {
    signingDate: date,
    signableHeaders: new Set(names),
  });
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization ?? ''))?.[1];
  if (!sameHex(signature, expected)) return mismatch;
  if (Math.abs(now.getTime() - date.getTime()) > MAX_SKEW_MS) return refuse(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  if (UNSIGNED_PAYLOADS.has(payload)) return null;
  if (!/^[0-9a-f]{64}$/.test(payload)) return refuse(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented');
  if (createHash('sha256').update(request.body).digest('hex') !== payload) return refuse(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  return null;
}

/** null: S3 would serve it. Otherwise the refusal S3 answers, in its status and code. */
export async function verifySigV4(request: SignedRequest, secrets: Secrets, now = new Date()): Promise<S3Refusal | null> {
  const authorization = [request.headers.authorization].flat()[0];
  if (authorization) return verifyHeader(request, authorization, secrets, now);
  if ([...request.query.keys()].some((key) => key.toLowerCase() === 'x-amz-signature')) return verifyQuery(request, secrets, now);
  // Anonymous: the buckets are private, as in the cloud.
  return denied;
}

export function s3ErrorXml(refusal: S3Refusal): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escape(refusal.message)}</Message></Error>`;
}
