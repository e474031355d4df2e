import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './router/location';
import { Providers } from './app/providers';
import { RoutePrefetch } from './app/route-prefetch';
import { AppRoutes } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The app's own router (decision 075): its navigations are transitions, so a lazy page never
// flashes a fallback (decision 021).
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
        <RoutePrefetch />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
