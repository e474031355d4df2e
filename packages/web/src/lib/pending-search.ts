import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from './toast';
import type { AlertFrequency } from '@bedriftstorget/core/saved-search/enums';
import type { SavedFiltersInput } from '@bedriftstorget/core/saved-search/schemas';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { useAuth } from '../app/auth-context';
import { trpc, trpcClient } from './trpc';
import { errorCode } from './use-messages';

/**
 * A visitor's 'Lagre søk', kept in localStorage through /auth, sign-up and the confirmation link
 * (as a visitor's message is, pending-message.ts), and saved once they are signed in.
 */
export const PENDING_SEARCH_KEY = 'pending_saved_search';
const MAX_AGE_MS = 48 * 60 * 60 * 1000;

export interface PendingSearch {
  name: string;
  alerts: AlertFrequency;
  filters: SavedFiltersInput;
  savedAt: number;
}

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function keepPendingSearch(search: Omit<PendingSearch, 'savedAt'>): void {
  store()?.setItem(PENDING_SEARCH_KEY, JSON.stringify({ ...search, savedAt: Date.now() }));
}

export function takePendingSearch(): PendingSearch | null {
  const raw = store()?.getItem(PENDING_SEARCH_KEY);
  if (!raw) return null;
  store()?.removeItem(PENDING_SEARCH_KEY);
  try {
    const parsed = JSON.parse(raw) as PendingSearch;
    if (typeof parsed.name !== 'string' || typeof parsed.savedAt !== 'number' || Date.now() - parsed.savedAt > MAX_AGE_MS) return null;
    return parsed;
  } catch {
    return null;
  }
}

/** Saves the kept search once the visitor has signed in, on whatever page sign-in lands. */
export function usePendingSearchDelivery(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const running = useRef(false);
  useEffect(() => {
    if (!userId || running.current) return;
    // Taken (removed) before the call: a second tab finds nothing; the cap and validation are the server's.
    const pending = takePendingSearch();
    if (!pending) return;
    running.current = true;
    trpcClient.savedSearch.create
      .mutate({ name: pending.name, alerts: pending.alerts, filters: pending.filters })
      .then(() => {
        toast.success(texts.saved);
        void queryClient.invalidateQueries(trpc.savedSearch.pathFilter());
      })
      .catch((error: unknown) => {
        // The server's own Norwegian reason (the cap, a bad name) says more than a generic text.
        toast.error(texts.failed, { description: errorCode(error) && error instanceof Error ? error.message : undefined });
        // A lost connection: keep it for the next page load.
        if (!errorCode(error)) keepPendingSearch(pending);
      })
      .finally(() => {
        running.current = false;
      });
  }, [userId, queryClient]);
}
