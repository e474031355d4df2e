import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ConversationKey } from '@bedriftstorget/core/message/schemas';
import { trpc } from '../../lib/trpc';

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Opening a conversation marks its messages read (docs/product.md, 'States'), and so does a message arriving
 * while it is open — but only while the tab is visible, since a hidden tab has not been read.
 * Each newest unread message is marked once, so a failing call does not repeat in a loop.
 */
export function useMarkRead(conversation: ConversationKey, messages: { id: string; fromMe: boolean; read: boolean }[] | undefined): void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation(trpc.message.markRead.mutationOptions({
    onSuccess: () => {
      void queryClient.invalidateQueries(trpc.message.unreadCount.pathFilter());
      void queryClient.invalidateQueries(trpc.message.conversations.pathFilter());
      void queryClient.invalidateQueries(trpc.message.thread.infiniteQueryFilter(conversation));
    },
  }));
  const visible = useDocumentVisible();
  const newestUnread = messages?.findLast((m) => !m.fromMe && !m.read)?.id ?? null;
  const marked = useRef<string | null>(null);
  const { listingId, counterpartId } = conversation;
  useEffect(() => {
    if (!visible || !newestUnread || marked.current === newestUnread) return;
    marked.current = newestUnread;
    mutate({ listingId, counterpartId });
  }, [visible, newestUnread, listingId, counterpartId, mutate]);
}
