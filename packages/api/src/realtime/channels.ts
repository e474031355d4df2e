/** Channel names shared by the publishers, the SSE endpoint and the Ably token's capability. */
export function userChannel(userId: string): string {
  return `user:${userId}`;
}

export const ADMIN_CHANNEL = 'admin';

/** What a browser receives: `type` names the event (e.g. 'favorites.changed'); data is JSON. */
export interface RealtimeEvent {
  type: string;
  data?: unknown;
}
