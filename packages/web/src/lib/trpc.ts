import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@bedriftstorget/api/routers/index';
import { retryDelay, shouldRetryRead } from './read-retry';

/** The server's batch cap (packages/api/src/http/guard.ts). */
const MAX_BATCH_CALLS = 20;

/** The app's one query cache (app/providers.tsx gives it to TanStack's hooks). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: shouldRetryRead, retryDelay }, mutations: { retry: false } },
});

/** Calls the API directly, outside a query (e.g. a kept message sent after sign-in). */
export const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc', maxItems: MAX_BATCH_CALLS })] });

/**
 * tRPC's TanStack Query integration (decision 075): `trpc.x.y.queryOptions(input)` for TanStack's
 * own `useQuery`, `trpc.x.y.queryKey()` / `pathFilter()` for the cache. It builds options only — no
 * hooks of its own — so the first load carries only the TanStack hooks the app uses.
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
