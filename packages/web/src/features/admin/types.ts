import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@bedriftstorget/api/routers/index';

type Admin = inferRouterOutputs<AppRouter>['admin'];

export type AdminStatsData = Admin['overview']['stats'];
export type QueueItemData = Admin['overview']['queue'][number];
export type AdminListingRow = Admin['listings']['list']['items'][number];
export type AdminUserRow = Admin['users']['list']['items'][number];
export type AdminLogRow = Admin['log']['list'][number];
export type RevisionItemData = Admin['overview']['revisions'][number];

/** Listings as staff saw them, each with its content version: what approval and rejection name (decision 106). */
export interface Seen {
  ids: string[];
  versions: number[];
}

/** The ids with the version each shows on screen now. */
export function seenOf(items: readonly { id: string; version: number }[], ids: string[]): Seen {
  const version = new Map(items.map((item) => [item.id, item.version]));
  return { ids, versions: ids.map((id) => version.get(id) ?? 0) };
}
