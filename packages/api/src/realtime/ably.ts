import * as Ably from 'ably';
import { ADMIN_CHANNEL, userChannel } from './channels';
import type { Realtime } from './publisher';

/** Ably's own default; the browser's authCallback fetches a new one before it runs out. */
export const ABLY_TOKEN_TTL_MS = 60 * 60_000;

/** Publishes over Ably's REST API: one request per event, nothing kept open in a Lambda. */
export function createAblyRealtime(key: string): Realtime {
  // Short timeouts: a slow Ably should delay a procedure by seconds at most, never fail it.
  const rest = new Ably.Rest({ key, httpRequestTimeout: 3_000, httpMaxRetryDuration: 5_000 });
  return {
    async publish(channel, event) {
      try {
        await rest.channels.get(channel).publish(event.type, event.data);
      } catch (error) {
        console.error(`realtime publish to ${channel} failed`, error);
      }
    },
  };
}

/** Subscribe only: on the user's own channel, and on the admin channel for admins (DESIGN.md §7). */
export function ablyCapability(userId: string, isAdmin: boolean): Record<string, Ably.capabilityOp[]> {
  const capability: Record<string, Ably.capabilityOp[]> = { [userChannel(userId)]: ['subscribe'] };
  if (isAdmin) capability[ADMIN_CHANNEL] = ['subscribe'];
  return capability;
}

/** A token request signed with the key locally (no network); the browser exchanges it with Ably. */
export async function createAblyTokenRequest(key: string, userId: string, isAdmin: boolean): Promise<Ably.TokenRequest> {
  const rest = new Ably.Rest({ key });
  const request = await rest.auth.createTokenRequest({ clientId: userId, capability: ablyCapability(userId, isAdmin), ttl: ABLY_TOKEN_TTL_MS });
  // A plain object, so tRPC serialises exactly these fields.
  return { keyName: request.keyName, clientId: request.clientId, capability: request.capability, ttl: request.ttl, timestamp: request.timestamp, nonce: request.nonce, mac: request.mac };
}
