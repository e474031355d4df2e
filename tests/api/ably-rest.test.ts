import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as Ably from 'ably';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAblyRealtime } from '@bedriftstorget/api/realtime/ably';
import { ADMIN_CHANNEL, userChannel } from '@bedriftstorget/api/realtime/channels';
import { grantAdmin, revokeAdmin } from '../../infra/ops/roles';
import { createListing } from './fixtures';
import { Browser, createHarness, db, signedInUser } from './harness';

const KEY = 'appid.keyid:secretsecret';

interface Received {
  channel: string;
  authorization: string | undefined;
  version: string | undefined;
  body: { name?: string; data?: string; encoding?: string };
}

/**
 * A local fake of Ably's REST endpoint: POST /channels/{name}/messages with Basic auth, answered
 * as Ably answers (201 with the serial; 401 with Ably's error body for a wrong key).
 */
const received: Received[] = [];
let fake: Server;
let restUrl = '';

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += (chunk as Buffer).toString();
  return text;
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    void (async () => {
      const match = /^\/channels\/([^/]+)\/messages$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return res.writeHead(404).end();
      if (req.headers.authorization !== `Basic ${Buffer.from(KEY).toString('base64')}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'Invalid credentials', code: 40101, statusCode: 401 } }));
      }
      const channel = decodeURIComponent(match[1]!);
      received.push({ channel, authorization: req.headers.authorization, version: req.headers['x-ably-version'] as string | undefined, body: JSON.parse(await readBody(req)) as Received['body'] });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ channel, messageId: 'abc', serials: ['01'] }));
    })();
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  restUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => fake.close(resolve)));

describe('Ably publishing over REST (against a local fake of Ably)', () => {
  it('posts the event to the channel with the key as Basic auth, data as Ably-encoded JSON', async () => {
    const channel = userChannel(crypto.randomUUID());
    await createAblyRealtime(KEY, { restUrl }).publish(channel, { type: 'messages.new', data: { conversationId: 'c1', unread: 3 } });
    const sent = received.filter((r) => r.channel === channel);
    expect(sent).toEqual([{ channel, authorization: `Basic ${Buffer.from(KEY).toString('base64')}`, version: '6', body: { name: 'messages.new', data: '{"conversationId":"c1","unread":3}', encoding: 'json' } }]);
    // What the browser's SDK makes of it: the object again.
    const decoded = await Ably.Realtime.Message.fromEncoded(sent[0]!.body);
    expect(decoded.data).toEqual({ conversationId: 'c1', unread: 3 });
  });

  it('logs Ably\'s refusal and never fails the change that published', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(createAblyRealtime('appid.keyid:wrong', { restUrl }).publish('admin', { type: 'queue.changed' })).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]![1])).toContain('Ably answered 401');
    log.mockRestore();
  });

  it('a procedure publishes through it: saving a favourite reaches the user channel', async () => {
    const h = createHarness({ config: { runtime: 'aws', ably: { key: KEY } } });
    const user = await signedInUser(h);
    const listingId = await createListing((await signedInUser(h)).userId);
    // The same signed-in browser, against services whose realtime adapter is the Ably one.
    const browser = new Browser({ ...h, realtime: createAblyRealtime(KEY, { restUrl }) });
    browser.cookies = user.browser.cookies;
    await browser.call((c) => c.favorite.add({ listingId }));
    expect(received.filter((r) => r.channel === userChannel(user.userId)).map((r) => r.body.name)).toEqual(['favorites.changed']);
  });
});

describe('Ably token requests follow the role', () => {
  it('a revoked admin loses the admin channel at the next token request', async () => {
    const cloud = createHarness({ config: { runtime: 'aws', ably: { key: KEY } } });
    const admin = await signedInUser(cloud);
    expect((await grantAdmin(db, admin.email)).ok).toBe(true);
    const before = await admin.browser.call((c) => c.realtime.ablyToken());
    expect(JSON.parse(before.capability)).toEqual({ [ADMIN_CHANNEL]: ['subscribe'], [userChannel(admin.userId)]: ['subscribe'] });
    expect((await revokeAdmin(db, admin.email)).ok).toBe(true);
    const after = await admin.browser.call((c) => c.realtime.ablyToken());
    expect(JSON.parse(after.capability)).toEqual({ [userChannel(admin.userId)]: ['subscribe'] });
  });
});
