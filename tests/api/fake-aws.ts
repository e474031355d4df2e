import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the two AWS APIs the functions call, for AWS_ENDPOINT_URL: SES v2 SendEmail
 * (`POST /v2/email/outbound-emails`, answered with a MessageId as SES does) and S3 DeleteObject
 * (`DELETE /{bucket}/{key}`, path-style as the SDK sends it to an IP endpoint, answered 204).
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
  const fake: Omit<FakeAws, 'url' | 'close'> = { mails: [], deleted: [], unexpected: [] };
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
        fake.deleted.push({ bucket: object[1]!, key: decodeURIComponent(object[2]!) });
        return res.writeHead(204).end();
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
