import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { RealtimeProvider } from '../lib/realtime';
import { useFavoritesLiveSync } from '../lib/use-favorites';
import { useMessagesLiveSync, usePendingMessageDelivery } from '../lib/use-messages';
import { trpc } from '../lib/trpc';
import { AuthProvider } from './auth-context';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }));
  const [trpcClient] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: '/trpc' })] }));
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RealtimeProvider>
            <LiveSync />
            {children}
          </RealtimeProvider>
        </AuthProvider>
        <Toaster position="top-center" richColors closeButton />
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
  return null;
}
