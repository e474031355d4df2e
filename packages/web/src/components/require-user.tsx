import type { ReactNode } from 'react';
import { Navigate } from '../router/navigate';
import { useLocation } from '../router/location';
import { useAuth } from '../app/auth-context';
import { isSigningOut } from '../lib/signing-out';
import { Spinner } from './spinner';

/** Pages for signed-in users: a visitor goes to /auth and comes back afterwards. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner />;
  if (!user && isSigningOut()) return <Spinner />;
  if (!user) return <Navigate to={`/auth?mode=login&next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}
