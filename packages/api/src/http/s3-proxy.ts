import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { LOI_PREFIX, STAMPED_PREFIX } from '@bedriftstorget/core/data-room/limits';
import busboy from 'busboy';
import type { ImageStorage } from '../adapters/storage';
import { isSafeKey, PolicyError, verifyPostPolicy, type AcceptedPost, type Credentials } from './s3-post-policy';
import { request as requestTexts } from '@bedriftstorget/core/texts/http';

/** Nothing larger is read at all, whatever a policy says (ours allow 5 MB for images, 20 MB for documents). */
const HARD_CAP_BYTES = 20 * 1024 * 1024;

function answer(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/xml', connection: 'close' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/**
 * The local stand-in for the bucket's browser endpoint, at `/s3/{bucket}` on the app's origin.
 * It accepts only what S3 accepts from a browser with a presigned POST: a multipart POST to the
 * bucket whose policy is signed with the local credentials, not expired, and met by every field
 * and by the file's size. Then it stores the file with the S3 client. Every other method (PUT,
 * DELETE, GET listing, HEAD) is refused: nothing from outside reaches s3rver directly.
 */
export function handleS3Post(req: IncomingMessage, res: ServerResponse, storage: ImageStorage, credentials: Credentials, prefix: string): void {
  const path = (req.url ?? '/').split('?')[0]!.slice(prefix.length).replace(/\/$/, '');
  if (req.method !== 'POST') return answer(res, 403, 'AccessDenied', 'Only presigned POST uploads are accepted');
  if (path !== storage.bucket) return answer(res, 403, 'AccessDenied', 'Unknown bucket');
  if (Number(req.headers['content-length'] ?? 0) > HARD_CAP_BYTES + 64 * 1024) return answer(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');

  let form: busboy.Busboy;
  try {
    form = busboy({ headers: req.headers, limits: { fields: 30, fieldSize: 16 * 1024, files: 1, parts: 40, fileSize: HARD_CAP_BYTES } });
  } catch {
    return answer(res, 400, 'InvalidRequest', 'Expected multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let accepted: AcceptedPost | null = null;
  let body: Buffer | null = null;
  let failure: PolicyError | null = null;

  form.on('field', (name, value) => {
    fields[name] = value;
  });
  form.on('file', (_name, stream) => {
    try {
      // S3 ignores fields after the file, so the policy is judged on those before it.
      accepted = verifyPostPolicy(fields, storage.bucket, credentials);
    } catch (error) {
      failure = error instanceof PolicyError ? error : new PolicyError('AccessDenied', 'policy');
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= accepted!.maxBytes) chunks.push(chunk);
    });
    stream.on('end', () => {
      if (size > accepted!.maxBytes || (stream as { truncated?: boolean }).truncated) failure = new PolicyError('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      else if (size < accepted!.minBytes) failure = new PolicyError('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      else body = Buffer.concat(chunks);
    });
  });
  form.on('error', () => answer(res, 400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data'));
  form.on('close', () => {
    if (failure) return answer(res, failure.s3Code.startsWith('Entity') ? 400 : 403, failure.s3Code, failure.message);
    if (!accepted || !body) return answer(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request');
    const { key, contentType } = accepted;
    if (!isSafeKey(key)) return answer(res, 400, 'InvalidArgument', 'Invalid key');
    storage.put(key, body, contentType).then(
      () => res.writeHead(204).end(),
      () => answer(res, 503, 'ServiceUnavailable', requestTexts.storageUnavailable),
    );
  });
  req.pipe(form);
}

/**
 * The local stand-in for a presigned GET of a stamped document (decision 097) or an Intensjonsavtale
 * (decision 123): only GET, only the documents bucket's `stamped/` and `loi/` keys (the two kinds a
 * link is made for), only with a signature in the query. The request goes to the local S3 as signed
 * (path, query, and the host the link was signed for), whose front checks the signature and the
 * expiry as S3 does (decision 135); its answer, with the attachment header, comes back as it is.
 */
export function handleS3Get(req: IncomingMessage, res: ServerResponse, bucket: string, s3Port: number, prefix: string): void {
  const url = new URL(req.url ?? '/', 'http://local');
  const path = url.pathname.slice(prefix.length - 1);
  const linked = [STAMPED_PREFIX, LOI_PREFIX].some((kind) => path.startsWith(`/${bucket}/${kind}`));
  if (!linked || path.includes('..') || !url.searchParams.has('X-Amz-Signature')) {
    return answer(res, 403, 'AccessDenied', 'Access Denied');
  }
  const upstream = httpRequest({ host: '127.0.0.1', port: s3Port, method: 'GET', path: `${path}${url.search}`, headers: { host: `127.0.0.1:${s3Port}` } }, (reply) => {
    const keep = ['content-type', 'content-length', 'content-disposition', 'last-modified', 'etag'];
    const headers = Object.fromEntries(keep.flatMap((name) => (reply.headers[name] ? [[name, reply.headers[name]]] : [])));
    res.writeHead(reply.statusCode ?? 502, { ...headers, 'cache-control': 'private, no-store' });
    reply.pipe(res);
  });
  upstream.on('error', () => answer(res, 503, 'ServiceUnavailable', requestTexts.storageUnavailable));
  upstream.end();
}
