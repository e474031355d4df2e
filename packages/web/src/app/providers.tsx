import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { RealtimeProvider } from '../lib/realtime';
import { retryDelay, shouldRetryRead } from '../lib/read-retry';
import { ToastHost } from '../lib/toast';
import { trpc } from '../lib/trpc';

/** The server's batch cap (packages/api/src/http/guard.ts). */
const MAX_BATCH_CALLS = 20;
import { AuthProvider, useAuth } from './auth-context';
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
            <WhenSignedIn />
            {children}
          </RealtimeProvider>
        </AuthProvider>
        <ToastHost />
      </QueryClientProvider>
    </trpc.Provider>
  );
}

const SignedInWork = lazy(() => import('./signed-in-work').then((m) => ({ default: m.SignedInWork })));

/** App-wide work for a signed-in user (realtime, kept message and search), loaded once someone is. */
function WhenSignedIn() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SignedInWork />
    </Suspense>
  );
}
