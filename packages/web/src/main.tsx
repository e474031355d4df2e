import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './router/location';
import { AppErrorBoundary } from './app/error-boundary';
import { installErrorReporting } from './app/error-reporting';
import { Providers } from './app/providers';
import { RoutePrefetch } from './app/route-prefetch';
import { loadPath } from './app/prefetch';
import { AppRoutes, routes } from './app/router';
import { installStaleBuildReload } from './app/stale-build';
import { zodWithoutEval } from './app/zod-without-eval';
import './styles.css';

// Before anything renders, so the first render's errors and chunk failures are seen too.
installStaleBuildReload();
installErrorReporting();
// Before any schema is made: the CSP forbids eval, and zod would try it.
zodWithoutEval();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The page's own code first: the HTML has already asked for it (page-preload.ts), and with it here
// the first render shows the page instead of an empty screen that waits for it (lazy-page.tsx). A
// chunk that fails to load is asked for again by the page, which shows the error as before.
// The first render is a transition too: React then renders in slices of a few milliseconds and lets
// the browser in between, instead of one long task that blocks the page while it builds.
void loadPath(routes, window.location.pathname).then(() =>
  // The app's own router (decision 075): its navigations are transitions, so a lazy page never
  // flashes a fallback (decision 021).
  startTransition(() => createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <BrowserRouter>
          <Providers>
            <Suspense fallback={null}>
              <AppRoutes />
            </Suspense>
            <RoutePrefetch />
          </Providers>
        </BrowserRouter>
      </AppErrorBoundary>
    </StrictMode>,
  )),
);
