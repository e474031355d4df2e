import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { RealtimeProvider } from '../lib/realtime';
import { useFavoritesLiveSync } from '../lib/use-favorites';
import { useMessagesLiveSync, usePendingMessageDelivery } from '../lib/use-messages';
import { usePendingSearchDelivery } from '../lib/pending-search';
import { retryDelay, shouldRetryRead } from '../lib/errors';
import { ToastHost } from '../lib/toast';
import { trpc } from '../lib/trpc';

/** The server's batch cap (packages/api/src/http/guard.ts). */
const MAX_BATCH_CALLS = 20;
import { AuthProvider } from './auth-context';
import { seedFirstData } from './first-data';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { refetchOnWindowFocus: false, retry: shouldRetryRead, retryDelay }, mutations: { retry: false } },
    });
    seedFirstData(client);
    return client;
  });
  const [trpcClient] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: '/trpc', maxItems: MAX_BATCH_CALLS })] }));
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RealtimeProvider>
            <LiveSync />
            {children}
          </RealtimeProvider>
        </AuthProvider>
        <ToastHost />
      </QueryClientProvider>
    </trpc.Provider>
  );
}

/** App-wide subscriptions to the signed-in user's realtime events. */
function LiveSync() {
  useFavoritesLiveSync();
  useMessagesLiveSync();
  // Here, not on the detail page: sign-up's confirmation link lands on /.
  usePendingMessageDelivery();
  usePendingSearchDelivery();
  return null;
}
