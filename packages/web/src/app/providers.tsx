import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { RealtimeProvider } from '../lib/realtime';
import { ToastHost } from '../lib/toast';
import { queryClient } from '../lib/trpc';
import { AuthProvider, useAuth } from './auth-context';
import { seedFirstData } from './first-data';

export function Providers({ children }: { children: ReactNode }) {
  // Before the first render, so the first data in the page is in the cache when the page asks.
  const [client] = useState(() => {
    seedFirstData(queryClient);
    return queryClient;
  });
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RealtimeProvider>
          <WhenSignedIn />
          {children}
        </RealtimeProvider>
      </AuthProvider>
      <ToastHost />
    </QueryClientProvider>
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
