import { useEffect } from 'react';
import { useAuth } from './auth-context';
import { installRoutePrefetch, prefetchWhenIdle } from './prefetch';
import { routes } from './router';

const SIGNED_IN_PATHS = ['/mine-annonser', '/meldinger', '/legg-ut-annonse', '/lagrede-annonser', '/mine-utkast', '/profil'];
const ADMIN_PATHS = ['/admin', '/admin/annonser', '/admin/brukere', '/admin/logg'];

/**
 * Route prefetching (decision 021): every link on intent (hover, focus, touch); a signed-in user's
 * own pages (and an admin's back office) when the browser is idle, so opening them from the
 * account menu never waits. Visitors get intent prefetching only, which keeps the first visit light.
 */
export function RoutePrefetch() {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const isAdmin = user?.isAdmin ?? false;
  useEffect(() => installRoutePrefetch(routes), []);
  useEffect(() => {
    if (!signedIn) return;
    return prefetchWhenIdle(routes, isAdmin ? [...SIGNED_IN_PATHS, ...ADMIN_PATHS] : SIGNED_IN_PATHS);
  }, [signedIn, isAdmin]);
  return null;
}
