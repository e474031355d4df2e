import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the two AWS APIs the functions call, for AWS_ENDPOINT_URL: SES v2 SendEmail
 * (`POST /v2/email/outbound-emails`, answered with a MessageId as SES does, or refused as SES
 * refuses an identity it has not verified: `ses`), S3 DeleteObject
 * (`DELETE /{bucket}/{key}`, path-style as the SDK sends it to an IP endpoint, answered 204) and S3
 * ListObjectsV2 (`GET /{bucket}?list-type=2&prefix=…`) and ListObjects (`GET /{bucket}?marker=…`), answered in S3's XML from `objects`;
 * PutObject, GetObject and HeadObject of whole objects (`bodies`).
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

/**
 * SES's identity checks, as the real service makes them: the sender must be a verified identity
 * (its address, or its domain), and while the account is in the sandbox so must every recipient,
 * except the mailbox simulator's addresses. `null`: every identity counts as verified.
 */
export interface FakeSesAccount {
  sandbox: boolean;
  verified: Set<string> | null;
}

/** SES's answer to a send from or to an identity it has not verified (SESv2 SendEmail, HTTP 400). */
export function notVerifiedAnswer(region: string, identities: string[]) {
  return {
    status: 400,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/' },
    body: JSON.stringify({ message: `Email address is not verified. The following identities failed the check in region ${region.toUpperCase()}: ${identities.join(', ')}` }),
  };
}

const SIMULATOR = '@simulator.amazonses.com';

export function unverifiedIdentities(account: FakeSesAccount, from: string, to: string[]): string[] {
  if (!account.verified) return [];
  const verified = account.verified;
  const ok = (address: string) => verified.has(address.toLowerCase()) || verified.has(address.slice(address.indexOf('@') + 1).toLowerCase());
  const failed = ok(from) ? [] : [from];
  if (account.sandbox) failed.push(...to.filter((address) => !address.toLowerCase().endsWith(SIMULATOR) && !ok(address)));
  return failed;
}

/** What SES's GetAccount and GetEmailIdentity report, and SNS's ListSubscriptions (for `ops preflight`). */
export interface FakeAccountState {
  productionAccess: boolean;
  identities: Record<string, { verified: boolean; dkim: string; mailFrom?: string }>;
  subscriptions: { topicArn: string; protocol: string; endpoint: string; subscriptionArn: string }[];
}

export interface FakeAws {
  url: string;
  ses: FakeSesAccount;
  account: FakeAccountState;
  mails: SentMail[];
  deleted: { bucket: string; key: string }[];
  /** What ListObjectsV2 lists per bucket; a deleted key leaves it. */
  objects: Record<string, { key: string; modified: Date }[]>;
  /** Objects' bytes by `bucket/key`: PutObject stores them, GetObject and HeadObject read them (the data room, decision 103). */
  bodies: Map<string, Uint8Array>;
  unexpected: string[];
  close(): Promise<void>;
}

interface SendEmailBody {
  FromEmailAddress: string;
  Destination: { ToAddresses: string[] };
  Content: { Simple: { Subject: { Data: string }; Body: { Text: { Data: string } } } };
  ConfigurationSetName?: string;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeAws(): Promise<FakeAws> {
  const fake: Omit<FakeAws, 'url' | 'close'> = { ses: { sandbox: false, verified: null }, account: { productionAccess: false, identities: {}, subscriptions: [] }, mails: [], deleted: [], objects: {}, bodies: new Map(), unexpected: [] };
  const json = (res: ServerResponse, status: number, body: unknown, type?: string) => {
    res.writeHead(status, { 'content-type': 'application/json', ...(type ? { 'x-amzn-errortype': type } : {}) });
    res.end(JSON.stringify(body));
  };
  let messages = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const bytes = await readBody(req);
      const body = bytes.toString();
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method === 'POST' && path === '/v2/email/outbound-emails') {
        const input = JSON.parse(body) as SendEmailBody;
        const failed = unverifiedIdentities(fake.ses, input.FromEmailAddress, input.Destination.ToAddresses);
        if (failed.length) {
          const answer = notVerifiedAnswer(/\/([a-z0-9-]+)\/ses\/aws4_request/.exec(req.headers.authorization ?? '')?.[1] ?? 'us-east-1', failed);
          res.writeHead(answer.status, answer.headers);
          return res.end(answer.body);
        }
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
      if (req.method === 'GET' && path === '/v2/email/account') {
        return json(res, 200, { ProductionAccessEnabled: fake.account.productionAccess, SendingEnabled: true, SendQuota: { MaxSendRate: fake.account.productionAccess ? 14 : 1 } });
      }
      const identity = /^\/v2\/email\/identities\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && identity) {
        const found = fake.account.identities[decodeURIComponent(identity[1]!)];
        if (!found) return json(res, 404, { message: 'Email identity does not exist.' }, 'NotFoundException');
        return json(res, 200, { VerifiedForSendingStatus: found.verified, DkimAttributes: { Status: found.dkim }, MailFromAttributes: found.mailFrom ? { MailFromDomainStatus: found.mailFrom } : undefined });
      }
      if (req.method === 'POST' && path === '/' && new URLSearchParams(body).get('Action') === 'ListSubscriptions') {
        const members = fake.account.subscriptions
          .map((s) => `<member><TopicArn>${s.topicArn}</TopicArn><Protocol>${s.protocol}</Protocol><SubscriptionArn>${s.subscriptionArn}</SubscriptionArn><Owner>111122223333</Owner><Endpoint>${s.endpoint}</Endpoint></member>`)
          .join('');
        res.writeHead(200, { 'content-type': 'text/xml' });
        return res.end(`<ListSubscriptionsResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><ListSubscriptionsResult><Subscriptions>${members}</Subscriptions></ListSubscriptionsResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></ListSubscriptionsResponse>`);
      }
      const object = /^\/([^/]+)\/(.+)$/.exec(path);
      if (req.method === 'PUT' && object) {
        const [bucket, key] = [object[1]!, decodeURIComponent(object[2]!)];
        fake.bodies.set(`${bucket}/${key}`, new Uint8Array(bytes));
        fake.objects[bucket] = [...(fake.objects[bucket] ?? []).filter((item) => item.key !== key), { key, modified: new Date() }];
        return res.writeHead(200, { etag: '"fake"' }).end();
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && object) {
        const stored = fake.bodies.get(`${object[1]!}/${decodeURIComponent(object[2]!)}`);
        if (!stored) {
          res.writeHead(404, { 'content-type': 'application/xml' });
          return res.end(req.method === 'HEAD' ? undefined : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
        }
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': stored.length, 'last-modified': new Date().toUTCString(), etag: '"fake"' });
        return res.end(req.method === 'HEAD' ? undefined : stored);
      }
      if (req.method === 'DELETE' && object) {
        const [bucket, key] = [object[1]!, decodeURIComponent(object[2]!)];
        fake.bodies.delete(`${bucket}/${key}`);
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
      if (req.method === 'GET' && bucket && !query.has('list-type')) {
        // ListObjects (v1), as the orphan sweep pages it: keys after `marker` in key order, `max-keys` at a time.
        const marker = query.get('marker') ?? '';
        const max = Number(query.get('max-keys') ?? 1000);
        const after = (fake.objects[bucket[1]!] ?? []).filter((item) => item.key > marker).sort((a, b) => (a.key < b.key ? -1 : 1));
        const page = after.slice(0, max);
        const contents = page.map((item) => `<Contents><Key>${item.key}</Key><LastModified>${item.modified.toISOString()}</LastModified><Size>1</Size></Contents>`).join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket[1]}</Name><Marker>${marker}</Marker><MaxKeys>${max}</MaxKeys><IsTruncated>${after.length > max}</IsTruncated>${contents}</ListBucketResult>`);
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
