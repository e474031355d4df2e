import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { useEffect, useRef } from 'react';
import { useLocation } from '../router/location';
import { toast } from './toast';
import { contactDialog as texts } from '@bedriftstorget/core/texts/messages';
import { useAuth } from '../app/auth-context';
import { clearPendingMessage, readPendingMessage } from './pending-message';
import { useRealtimeEvent } from './realtime';
import { trpc, trpcClient } from './trpc';

/** The event the server publishes to both people (packages/api/src/message/notify.ts). */
const MESSAGES_CHANGED = 'messages.changed';

/** Refusals whose own text tells the user more than 'Prøv igjen senere' would. */
const TELLING_CODES = new Set(['BAD_REQUEST', 'TOO_MANY_REQUESTS', 'NOT_FOUND']);

/** Refusals a later try would get again (own or sold listing, bad text): the kept message is dropped. */
const FINAL_REFUSALS = new Set(['BAD_REQUEST', 'NOT_FOUND', 'FORBIDDEN']);

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

/** The description of a failed send: the server's reason for a refusal, else the catalogue's fallback. */
export function sendFailure(error: unknown, fallback: string): string {
  const code = errorCode(error);
  return code && TELLING_CODES.has(code) && error instanceof Error ? error.message : fallback;
}

/** Unread messages of the signed-in user (for the account menu's badge). */
export function useUnreadCount(): number | undefined {
  const { user } = useAuth();
  return useQuery(trpc.message.unreadCount.queryOptions(undefined, { enabled: Boolean(user), staleTime: 30_000 })).data;
}

/** A message was sent or read by either person: refresh the badge, the inbox and the open conversation. */
export function useMessagesLiveSync(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(MESSAGES_CHANGED, () => {
    void queryClient.invalidateQueries(trpc.message.pathFilter());
  });
}

/** How long a tab not showing the listing leaves the sending to the one that does. */
const OTHER_TAB_DELAY_MS = 2000;

/** Two tabs signing in at once: one sends, the other then finds nothing left (the server's client id is the backstop). */
async function withPendingLock(task: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    await navigator.locks.request('pending_message', task);
    return;
  }
  await task();
}

/**
 * Sends the message a visitor wrote before signing in, once the user is signed in — on whatever
 * page sign-in lands (the detail page, or / after the confirmation link). Exactly once: the
 * client id makes the server store it once, and it is removed from storage after the answer.
 */
export function usePendingMessageDelivery(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const attempted = useRef<string | null>(null);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    const pending = readPendingMessage();
    if (!pending || attempted.current === pending.clientMessageId) return;
    // The tab showing the listing sends it at once, so 'Meldingen er sendt!' shows where it was written;
    // any other tab of the same browser waits a moment and then finds it sent (or sends it, if none shows it).
    const delay = pathname === `/bedrift/${pending.listingId}` ? 0 : OTHER_TAB_DELAY_MS;
    const timer = window.setTimeout(() => {
      attempted.current = pending.clientMessageId;
      void withPendingLock(async () => {
        const current = readPendingMessage();
        if (current?.clientMessageId !== pending.clientMessageId) return;
        try {
          await trpcClient.message.contactSeller.mutate({ listingId: current.listingId, text: current.text, clientMessageId: current.clientMessageId });
          clearPendingMessage(current.clientMessageId);
          toast.success(texts.sentTitle, { description: texts.sentText });
          void queryClient.invalidateQueries(trpc.message.pathFilter());
        } catch (error) {
          // A lost connection, a server error or the rate limit keeps it for the next page load.
          if (FINAL_REFUSALS.has(errorCode(error) ?? '')) clearPendingMessage(current.clientMessageId);
          toast.error(texts.failedTitle, { description: sendFailure(error, texts.failedText) });
        }
      });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [userId, queryClient, pathname]);
}
