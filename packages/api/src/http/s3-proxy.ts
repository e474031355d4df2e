import { request, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * Forwards `/s3/...` to the local S3 server as is (method, headers, streamed body), so the
 * browser's presigned upload stays on the app's origin. Local only: in the cloud the browser
 * posts to the S3 bucket directly.
 */
export function proxyToS3(req: IncomingMessage, res: ServerResponse, s3Port: number, prefix: string): void {
  const path = `/${(req.url ?? '/').slice(prefix.length)}`;
  const upstream = request(
    { host: '127.0.0.1', port: s3Port, method: req.method, path, headers: { ...req.headers, host: `127.0.0.1:${s3Port}` } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Lagringstjenesten svarer ikke.');
  });
  req.pipe(upstream);
}
