import { QueryClient } from '@tanstack/react-query';
import { apiClient, callApi } from './api-client';
import { createOptionsProxy } from './query-options';
import { retryDelay, shouldRetryRead } from './read-retry';

/** The app's one query cache (app/providers.tsx gives it to TanStack's hooks). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: shouldRetryRead, retryDelay }, mutations: { retry: false } },
});

/** Calls the API directly, outside a query (e.g. a kept message sent after sign-in). */
export const trpcClient = apiClient;

/**
 * Query and mutation options for TanStack's own hooks (decisions 075 and 084):
 * `useQuery(trpc.x.y.queryOptions(input))`, `trpc.x.y.queryKey()` / `pathFilter()` for the cache.
 */
export const trpc = createOptionsProxy(callApi);
