import type { Context } from '../context';
import { userChannel } from '../realtime/channels';

/**
 * The seller's /mine-annonser and the buyer's listing page refresh their requests: one event on each
 * person's own channel (the channel the messages use), no data in it.
 */
export const ACCESS_CHANGED = 'access.changed';

export async function publishAccessChanged(ctx: Context, ...userIds: string[]): Promise<void> {
  await Promise.all([...new Set(userIds)].map((id) => ctx.realtime.publish(userChannel(id), { type: ACCESS_CHANGED })));
}

export function myListingsLink(appUrl: string): string {
  return `${appUrl}/mine-annonser`;
}

export function listingLink(appUrl: string, listingId: string): string {
  return `${appUrl}/bedrift/${listingId}`;
}
