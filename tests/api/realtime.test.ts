import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { ADMIN_CHANNEL, type RealtimeEvent, userChannel } from '@bedriftstorget/api/realtime/channels';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { Browser, createHarness, db, signedInUser } from './harness';

const h = createHarness();
let server: Server;
let distDir: string;
let base: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'bt-realtime-'));
  server = createLocalServer({ services: h, web: { distDir } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(distDir, { recursive: true, force: true });
});

/** An open /realtime stream, read frame by frame as EventSource would. */
class Stream {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private constructor(readonly response: Response, private readonly abort: AbortController) {}

  static async open(sessionId: string | undefined): Promise<Stream> {
    const abort = new AbortController();
    const headers: Record<string, string> = sessionId ? { cookie: `${h.auth.sessionCookieName}=${sessionId}` } : {};
    const response = await fetch(`${base}/realtime`, { headers, signal: abort.signal });
    return new Stream(response, abort);
  }

  /** The next `data:` event; comments (the greeting, heartbeats) are skipped. */
  async next(): Promise<RealtimeEvent> {
    const reader = this.response.body!.getReader();
    try {
      for (;;) {
        const end = this.buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (data) return JSON.parse(data.slice('data: '.length)) as RealtimeEvent;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        this.buffer += this.decoder.decode(value, { stream: true });
      }
    } finally {
      reader.releaseLock();
    }
  }

  close(): void {
    this.abort.abort();
  }
}

/** Resolves once the server has subscribed the stream, so nothing published after it is missed. */
async function subscribed(channel: string, count = 1): Promise<void> {
  for (let attempt = 0; attempt < 100 && h.realtime.listenerCount(channel) < count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(h.realtime.listenerCount(channel)).toBeGreaterThanOrEqual(count);
}

describe('GET /realtime (local SSE)', () => {
  it('answers 401 without a session, or with an unknown one', async () => {
    const none = await fetch(`${base}/realtime`);
    expect(none.status).toBe(401);
    const unknown = await fetch(`${base}/realtime`, { headers: { cookie: `${h.auth.sessionCookieName}=${'x'.repeat(40)}` } });
    expect(unknown.status).toBe(401);
    // The stale cookie is cleared, as /trpc does.
    expect(unknown.headers.getSetCookie().some((c) => c.startsWith(`${h.auth.sessionCookieName}=;`))).toBe(true);
  });

  it("streams the user's own events and no one else's", async () => {
    const me = await signedInUser(h);
    const other = await signedInUser(h);
    const stream = await Stream.open(me.browser.sessionId);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get('cache-control')).toMatch(/no-store/);
      await subscribed(userChannel(me.userId));
      await h.realtime.publish(userChannel(other.userId), { type: 'favorites.changed', data: { to: 'other' } });
      await h.realtime.publish(ADMIN_CHANNEL, { type: 'admin.queue', data: { to: 'admins' } });
      await h.realtime.publish(userChannel(me.userId), { type: 'favorites.changed', data: { to: 'me' } });
      // Events arrive in order: had either earlier one been sent here, it would come first.
      expect(await stream.next()).toEqual({ type: 'favorites.changed', data: { to: 'me' } });
      await h.realtime.publish(userChannel(me.userId), { type: 'messages.unread' });
      expect(await stream.next()).toEqual({ type: 'messages.unread' });
    } finally {
      stream.close();
    }
  });

  it('gives admins the admin channel as well', async () => {
    const admin = await signedInUser(h);
    await db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const before = h.realtime.listenerCount(ADMIN_CHANNEL);
    const stream = await Stream.open(admin.browser.sessionId);
    try {
      await subscribed(ADMIN_CHANNEL, before + 1);
      await h.realtime.publish(ADMIN_CHANNEL, { type: 'admin.queue', data: { pending: 3 } });
      expect(await stream.next()).toEqual({ type: 'admin.queue', data: { pending: 3 } });
      await h.realtime.publish(userChannel(admin.userId), { type: 'favorites.changed' });
      expect(await stream.next()).toEqual({ type: 'favorites.changed' });
    } finally {
      stream.close();
    }
  });

  it('unsubscribes when the browser goes away', async () => {
    const me = await signedInUser(h);
    const stream = await Stream.open(me.browser.sessionId);
    await subscribed(userChannel(me.userId));
    stream.close();
    for (let attempt = 0; attempt < 100 && h.realtime.listenerCount(userChannel(me.userId)) > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(h.realtime.listenerCount(userChannel(me.userId))).toBe(0);
  });

  it('stops after sign-out: the ended session gets 401', async () => {
    const me = await signedInUser(h);
    const sessionId = me.browser.sessionId;
    await me.browser.call((c) => c.auth.signOut());
    expect((await fetch(`${base}/realtime`, { headers: { cookie: `${h.auth.sessionCookieName}=${sessionId}` } })).status).toBe(401);
  });
});

describe('realtime procedures', () => {
  it('tells signed-in browsers to use SSE locally, and visitors nothing', async () => {
    expect(await new Browser(h).call((c) => c.realtime.config())).toEqual({ mode: 'off' });
    const me = await signedInUser(h);
    expect(await me.browser.call((c) => c.realtime.config())).toEqual({ mode: 'sse' });
    await expect(me.browser.call((c) => c.realtime.ablyToken())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('hands out an Ably token request for the own channel, plus admin for admins (cloud)', async () => {
    const cloud = createHarness({ config: { runtime: 'aws', ably: { key: 'appid.keyid:secretsecret' } } });
    const user = await signedInUser(cloud);
    expect(await user.browser.call((c) => c.realtime.config())).toEqual({ mode: 'ably' });
    const request = await user.browser.call((c) => c.realtime.ablyToken());
    expect(request).toMatchObject({ keyName: 'appid.keyid', clientId: user.userId });
    expect(JSON.parse(request.capability)).toEqual({ [userChannel(user.userId)]: ['subscribe'] });
    expect(request.mac).toBeTruthy();

    const admin = await signedInUser(cloud);
    await db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const adminRequest = await admin.browser.call((c) => c.realtime.ablyToken());
    expect(JSON.parse(adminRequest.capability)).toEqual({ [userChannel(admin.userId)]: ['subscribe'], [ADMIN_CHANNEL]: ['subscribe'] });
  });
});
