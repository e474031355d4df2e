import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@bedriftstorget/api/routers/index';

type Admin = inferRouterOutputs<AppRouter>['admin'];

export type AdminStatsData = Admin['overview']['stats'];
export type QueueItemData = Admin['overview']['queue'][number];
export type AdminListingRow = Admin['listings']['list']['items'][number];
export type AdminUserRow = Admin['users']['list']['items'][number];
export type AdminLogRow = Admin['log']['list'][number];
export type RevisionItemData = Admin['overview']['revisions'][number];
