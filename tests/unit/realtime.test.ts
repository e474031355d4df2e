import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { loadCloudConfig } from '@bedriftstorget/api/config';
import * as Ably from 'ably';
import { ABLY_TOKEN_TTL_MS, ablyCapability, createAblyTokenRequest } from '@bedriftstorget/api/realtime/ably';
import { ADMIN_CHANNEL, type RealtimeEvent, userChannel } from '@bedriftstorget/api/realtime/channels';
import { LocalHub } from '@bedriftstorget/api/realtime/local-hub';
import { realtimeMode } from '@bedriftstorget/api/realtime/publisher';

const KEY = 'appid.keyid:secretsecret';

/** Ably's token request signature (HMAC-SHA256 of the fields, one per line), as Ably checks it. */
function expectedMac(r: { keyName: string; ttl?: number; capability: string; clientId?: string; timestamp: number; nonce: string }): string {
  const text = [r.keyName, r.ttl ?? '', r.capability, r.clientId ?? '', r.timestamp, r.nonce, ''].join('\n');
  return createHmac('sha256', 'secretsecret').update(text).digest('base64');
}

describe('Ably token request (signed locally, no network)', () => {
  it('lets a user subscribe to their own channel only', () => {
    const request = createAblyTokenRequest(KEY, 'user-1', false);
    expect(request.keyName).toBe('appid.keyid');
    expect(request.clientId).toBe('user-1');
    expect(JSON.parse(request.capability)).toEqual({ [userChannel('user-1')]: ['subscribe'] });
    expect(request.ttl).toBe(ABLY_TOKEN_TTL_MS);
    expect(request.ttl).toBe(60 * 60_000);
    expect(request.nonce.length).toBeGreaterThanOrEqual(16);
    expect(request.mac).toBe(expectedMac(request));
  });

  it('adds the admin channel for admins, still subscribe only', () => {
    const request = createAblyTokenRequest(KEY, 'admin-1', true);
    expect(JSON.parse(request.capability)).toEqual({ [userChannel('admin-1')]: ['subscribe'], [ADMIN_CHANNEL]: ['subscribe'] });
    expect(request.mac).toBe(expectedMac(request));
  });

  it('signs exactly as the Ably SDK does for the same fields', async () => {
    const ours = createAblyTokenRequest(KEY, 'admin-1', true, 1_795_000_000_000);
    const sdk = await new Ably.Rest({ key: KEY }).auth.createTokenRequest({
      clientId: 'admin-1', capability: ablyCapability('admin-1', true), ttl: ABLY_TOKEN_TTL_MS, timestamp: ours.timestamp, nonce: ours.nonce,
    });
    expect(ours).toEqual({ keyName: sdk.keyName, clientId: sdk.clientId, capability: sdk.capability, ttl: sdk.ttl, timestamp: sdk.timestamp, nonce: sdk.nonce, mac: sdk.mac });
  });

  it('signs a fresh request each time', () => {
    const [a, b] = [createAblyTokenRequest(KEY, 'user-1', false), createAblyTokenRequest(KEY, 'user-1', false)];
    expect(a.nonce).not.toBe(b.nonce);
  });
});

describe('realtime mode from configuration', () => {
  const resources = { databaseUrl: 'mysql://x', imageBucket: 'b', mailFrom: 'a@b.no', googleClientId: 'placeholder', googleClientSecret: 'placeholder' };

  it('is Ably in the cloud only when the key is set, never with the placeholder', () => {
    const env = { APP_URL: 'https://x.no' };
    const withKey = loadCloudConfig({ ...resources, ablyKey: KEY }, env);
    expect(withKey.ably).toEqual({ key: KEY });
    expect(realtimeMode(withKey)).toBe('ably');
    const placeholder = loadCloudConfig({ ...resources, ablyKey: 'placeholder' }, env);
    expect(placeholder.ably).toBeNull();
    expect(realtimeMode(placeholder)).toBe('off');
  });

  it('is off, with one logged error, when the AblyKey secret is not an Ably key (the API keeps working)', () => {
    const env = { APP_URL: 'https://x.no' };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const bad of ['appid.keyid', 'appid:secret', 'appid.keyid:', ' appid.keyid:secret', 'appid.key id:secret']) {
        logged.mockClear();
        const config = loadCloudConfig({ ...resources, ablyKey: bad }, env);
        expect([bad, config.ably, realtimeMode(config)]).toEqual([bad, null, 'off']);
        expect(logged).toHaveBeenCalledTimes(1);
        // The log names the problem, never the secret itself.
        expect(String(logged.mock.calls[0]![0])).toMatch(/^AblyKey is not an Ably API key/);
        expect(String(logged.mock.calls[0]![0])).not.toContain(bad.trim());
      }
      logged.mockClear();
      expect(loadCloudConfig({ ...resources, ablyKey: KEY }, env).ably).toEqual({ key: KEY });
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});

describe('local hub', () => {
  it('delivers to the channel subscribed to, and nothing after unsubscribing', async () => {
    const hub = new LocalHub();
    const mine: RealtimeEvent[] = [];
    const theirs: RealtimeEvent[] = [];
    const unsubscribe = hub.subscribe(userChannel('a'), (event) => mine.push(event));
    hub.subscribe(userChannel('b'), (event) => theirs.push(event));

    await hub.publish(userChannel('a'), { type: 'favorites.changed', data: { count: 2 } });
    await hub.publish(ADMIN_CHANNEL, { type: 'queue.changed' });
    expect(mine).toEqual([{ type: 'favorites.changed', data: { count: 2 } }]);
    expect(theirs).toEqual([]);

    unsubscribe();
    await hub.publish(userChannel('a'), { type: 'favorites.changed' });
    expect(mine).toHaveLength(1);
    expect(hub.listenerCount(userChannel('a'))).toBe(0);
    expect(hub.listenerCount(userChannel('b'))).toBe(1);
  });

  it('reaches every listener of a channel even when one throws', async () => {
    const hub = new LocalHub();
    const received: string[] = [];
    hub.subscribe('c', () => {
      throw new Error('broken tab');
    });
    hub.subscribe('c', (event) => received.push(event.type));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(hub.publish('c', { type: 'x' })).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
    expect(received).toEqual(['x']);
  });
});
