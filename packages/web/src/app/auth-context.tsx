import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { trpc } from '../lib/trpc';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  isAdmin: boolean;
}

interface AuthState {
  user: SessionUser | null;
  loading: boolean;
  refresh: () => Promise<unknown>;
}

const AuthContext = createContext<AuthState | null>(null);

/** The signed-in user, from the session cookie via auth.me; the cookie itself is never readable here. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 60_000, retry: 1 }));
  const { data, isPending, refetch } = me;
  const value = useMemo<AuthState>(() => ({ user: data ?? null, loading: isPending, refresh: refetch }), [data, isPending, refetch]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used within an AuthProvider');
  return state;
}
