import { createHmac, randomBytes } from 'node:crypto';
import { ADMIN_CHANNEL, userChannel } from './channels';
import type { Realtime } from './publisher';

/**
 * Ably over its REST API with fetch (decision 007): the server only signs token requests and
 * publishes, so it needs neither Ably's SDK (~320 KB with ws/got in the Lambda bundle) nor a
 * connection. The browser keeps the SDK for its realtime connection.
 */

/** ably-js 2.x's primary endpoint ("main"); the REST API answers on the same host. */
export const ABLY_REST_URL = 'https://main.realtime.ably.net';

/** Ably's own default; the browser's authCallback fetches a new one before it runs out. */
export const ABLY_TOKEN_TTL_MS = 60 * 60_000;

/** A slow Ably should delay a procedure by seconds at most, never fail it. */
const PUBLISH_TIMEOUT_MS = 3_000;

/** The fields Ably's TokenRequest has (what the browser's authCallback hands to the SDK). */
export interface AblyTokenRequest {
  keyName: string;
  clientId: string;
  capability: string;
  ttl: number;
  timestamp: number;
  nonce: string;
  mac: string;
}

type CapabilityOp = 'subscribe' | 'publish' | 'presence' | 'history';

/** An Ably API key as Ably's dashboard shows it: `appId.keyId:secret`. */
const ABLY_KEY = /^[^.:\s]+\.[^.:\s]+:\S+$/;

/** Why `key` is not an Ably API key, or null when it is one (config.ts turns realtime off on a bad key). */
export function ablyKeyProblem(key: string): string | null {
  return ABLY_KEY.test(key) ? null : 'Ably-nøkkelen må ha formen appId.keyId:hemmelighet';
}

function splitKey(key: string): { keyName: string; secret: string } {
  const problem = ablyKeyProblem(key);
  if (problem) throw new Error(problem);
  const colon = key.indexOf(':');
  return { keyName: key.slice(0, colon), secret: key.slice(colon + 1) };
}

export interface AblyRestOptions {
  /** Ably's REST host; tests point it at a local fake that speaks the same protocol. */
  restUrl?: string;
}

/** Publishes one message per event: POST /channels/{name}/messages with the key as Basic auth. */
export function createAblyRealtime(key: string, options: AblyRestOptions = {}): Realtime {
  splitKey(key);
  const base = (options.restUrl ?? ABLY_REST_URL).replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(key).toString('base64')}`;
  return {
    async publish(channel, event) {
      try {
        const response = await fetch(`${base}/channels/${encodeURIComponent(channel)}/messages`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json', 'x-ably-version': '6' },
          // Object data travels as JSON text marked `encoding: json`, as ably-js sends it; the
          // browser's SDK decodes it back to the object.
          body: JSON.stringify({ name: event.type, ...(event.data === undefined ? {} : { data: JSON.stringify(event.data), encoding: 'json' }) }),
          signal: AbortSignal.timeout(PUBLISH_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`Ably answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      } catch (error) {
        // A failed push must never fail the change that caused it (publisher.ts).
        console.error(`realtime publish to ${channel} failed`, error);
      }
    },
  };
}

/** Subscribe only: on the user's own channel, and on the admin channel for admins (docs/architecture.md, 'Security'). */
export function ablyCapability(userId: string, isAdmin: boolean): Record<string, CapabilityOp[]> {
  const capability: Record<string, CapabilityOp[]> = { [userChannel(userId)]: ['subscribe'] };
  if (isAdmin) capability[ADMIN_CHANNEL] = ['subscribe'];
  return capability;
}

/** Ably signs the canonical form: channel names sorted, each operation list sorted. */
function canonicalCapability(capability: Record<string, CapabilityOp[]>): string {
  const sorted: Record<string, CapabilityOp[]> = {};
  for (const name of Object.keys(capability).sort()) sorted[name] = [...capability[name]!].sort();
  return JSON.stringify(sorted);
}

/**
 * A token request signed with the key locally (no network), as Ably's token request spec
 * describes: base64 HMAC-SHA256, keyed with the key's secret, of keyName, ttl, capability,
 * clientId, timestamp and nonce, each followed by a newline. The browser exchanges it with Ably;
 * the role is read at every request, so a revoked admin loses the admin channel at the next one.
 */
export function createAblyTokenRequest(key: string, userId: string, isAdmin: boolean, now = Date.now()): AblyTokenRequest {
  const { keyName, secret } = splitKey(key);
  const capability = canonicalCapability(ablyCapability(userId, isAdmin));
  const nonce = randomBytes(16).toString('hex');
  const ttl = ABLY_TOKEN_TTL_MS;
  const text = [keyName, ttl, capability, userId, now, nonce].map((field) => `${field}\n`).join('');
  const mac = createHmac('sha256', secret).update(text).digest('base64');
  return { keyName, clientId: userId, capability, ttl, timestamp: now, nonce, mac };
}
