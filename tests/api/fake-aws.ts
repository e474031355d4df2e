import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the two AWS APIs the functions call, for AWS_ENDPOINT_URL: SES v2 SendEmail
 * (`POST /v2/email/outbound-emails`, answered with a MessageId as SES does), S3 DeleteObject
 * (`DELETE /{bucket}/{key}`, path-style as the SDK sends it to an IP endpoint, answered 204) and S3
 * ListObjectsV2 (`GET /{bucket}?list-type=2&prefix=…`, answered in S3's XML from `objects`).
 * The real SDK clients in the bundle build, sign and send the requests; only AWS is replaced.
 * Anything else gets a 400 with an AWS-style error, so an unexpected call fails visibly.
 */
export interface SentMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  configurationSet: string | undefined;
  /** The SigV4 Authorization header: proves the SDK signed it (service `ses`). */
  authorization: string;
}

export interface FakeAws {
  url: string;
  mails: SentMail[];
  deleted: { bucket: string; key: string }[];
  /** What ListObjectsV2 lists per bucket; a deleted key leaves it. */
  objects: Record<string, { key: string; modified: Date }[]>;
  unexpected: string[];
  close(): Promise<void>;
}

interface SendEmailBody {
  FromEmailAddress: string;
  Destination: { ToAddresses: string[] };
  Content: { Simple: { Subject: { Data: string }; Body: { Text: { Data: string } } } };
  ConfigurationSetName?: string;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += (chunk as Buffer).toString();
  return text;
}

export async function startFakeAws(): Promise<FakeAws> {
  const fake: Omit<FakeAws, 'url' | 'close'> = { mails: [], deleted: [], objects: {}, unexpected: [] };
  let messages = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method === 'POST' && path === '/v2/email/outbound-emails') {
        const input = JSON.parse(body) as SendEmailBody;
        fake.mails.push({
          from: input.FromEmailAddress,
          to: input.Destination.ToAddresses,
          subject: input.Content.Simple.Subject.Data,
          text: input.Content.Simple.Body.Text.Data,
          configurationSet: input.ConfigurationSetName,
          authorization: req.headers.authorization ?? '',
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ MessageId: `fake-${(messages += 1)}` }));
      }
      const object = /^\/([^/]+)\/(.+)$/.exec(path);
      if (req.method === 'DELETE' && object) {
        const [bucket, key] = [object[1]!, decodeURIComponent(object[2]!)];
        fake.deleted.push({ bucket, key });
        fake.objects[bucket] = (fake.objects[bucket] ?? []).filter((item) => item.key !== key);
        return res.writeHead(204).end();
      }
      const query = new URL(req.url ?? '/', 'http://fake').searchParams;
      const bucket = /^\/([^/]+)\/?$/.exec(path);
      if (req.method === 'GET' && bucket && query.get('list-type') === '2') {
        const listed = (fake.objects[bucket[1]!] ?? []).filter((item) => item.key.startsWith(query.get('prefix') ?? ''));
        const contents = listed.map((item) => `<Contents><Key>${item.key}</Key><LastModified>${item.modified.toISOString()}</LastModified><Size>1</Size></Contents>`).join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket[1]}</Name><KeyCount>${listed.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
      }
      fake.unexpected.push(`${req.method} ${req.url}`);
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `fake AWS does not handle ${req.method} ${path}` }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ...fake,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
