import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from '../../router/link';
import { toast } from '../../lib/toast';
import { formatDateTime } from '@bedriftstorget/core/format/nb';
import type { ConversationKey } from '@bedriftstorget/core/message/schemas';
import { inbox as texts, messageTexts } from '@bedriftstorget/core/texts/messages';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { sendFailure } from '../../lib/use-messages';
import { Composer } from './composer';
import { useMarkRead } from './use-mark-read';
import { VippsMark } from '../vipps/vipps-mark';

/** One conversation: its messages (live through LiveSync), read marking, and the composer. */
export function ConversationView({ conversation }: { conversation: ConversationKey }) {
  const queryClient = useQueryClient();
  // Pages of 100 messages, newest page first; 'Vis eldre meldinger' fetches the page before (server-bounded).
  const thread = useInfiniteQuery(trpc.message.thread.infiniteQueryOptions(conversation, {
    getNextPageParam: (page) => page.olderCursor ?? undefined,
    retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 2,
  }));
  const reply = useMutation(trpc.message.reply.mutationOptions());
  const [sending, setSending] = useState<{ id: string; text: string }[]>([]);
  const newestPage = thread.data?.pages[0];
  const messages = thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.messages) : [];
  useMarkRead(conversation, thread.data ? messages : undefined);

  const stored = new Set(messages.map((m) => m.clientMessageId));
  const waiting = sending.filter((s) => !stored.has(s.id));
  const listRef = useRef<HTMLOListElement>(null);
  // A new message (or one being sent) scrolls to the bottom; older ones loaded above keep what the reader sees.
  const newest = `${messages.at(-1)?.id ?? ''}:${waiting.length}`;
  const oldest = messages[0]?.id;
  const heightBeforeOlder = useRef<number | null>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newest]);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || heightBeforeOlder.current === null) return;
    list.scrollTop += list.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [oldest]);
  const loadOlder = () => {
    heightBeforeOlder.current = listRef.current?.scrollHeight ?? null;
    void thread.fetchNextPage();
  };

  const send = async (text: string, clientMessageId: string): Promise<boolean> => {
    setSending((s) => [...s, { id: clientMessageId, text }]);
    try {
      await reply.mutateAsync({ ...conversation, text, clientMessageId });
      await queryClient.invalidateQueries(trpc.message.thread.infiniteQueryFilter(conversation));
      void queryClient.invalidateQueries(trpc.message.conversations.pathFilter());
      return true;
    } catch (error) {
      toast.error(messageTexts.sendFailed, { description: sendFailure(error, '') || undefined });
      return false;
    } finally {
      setSending((s) => s.filter((m) => m.id !== clientMessageId));
    }
  };

  const title = newestPage?.listing?.title ?? messageTexts.unknownListing;
  const name = newestPage?.counterpart.name ?? messageTexts.unknownUser;
  const lastMine = [...messages].reverse().find((m) => m.fromMe);

  return (
    <>
      <header className="flex shrink-0 items-center gap-3 border-b border-slate-200 px-4 py-3">
        {newestPage && (
          <div className="min-w-0">
            <h2 className="truncate font-bold">{name}</h2>
            {newestPage.counterpart.verified && <VippsMark />}
            {/* The seller's company, once the seller has let this buyer in (decision 099). */}
            {newestPage.counterpart.company && <p className="truncate text-sm text-slate-700" data-testid="counterpart-company">{newestPage.counterpart.company}</p>}
            {newestPage.listing?.isPublic ? (
              <Link to={`/bedrift/${newestPage.listing.id}`} className="block truncate text-sm text-brand-700 hover:underline">{title}</Link>
            ) : (
              <p className="truncate text-sm text-slate-600">{title}</p>
            )}
          </div>
        )}
      </header>
      {thread.isPending ? (
        <Spinner />
      ) : thread.isError ? (
        <div role="alert" className="m-auto flex flex-col items-center gap-3 p-6 text-center">
          <p className="text-red-700">{thread.error.data?.code === 'NOT_FOUND' ? messageTexts.conversationNotFound : texts.loadFailed}</p>
          <Button variant="secondary" onClick={() => void thread.refetch()}>{texts.retry}</Button>
        </div>
      ) : (
        <>
          <ol ref={listRef} aria-label={`${texts.title}: ${name}`} className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4">
            {thread.hasNextPage && (
              <li className="self-center">
                <Button variant="secondary" disabled={thread.isFetchingNextPage} onClick={loadOlder}>
                  {thread.isFetchingNextPage ? texts.loadingOlder : texts.olderMessages}
                </Button>
              </li>
            )}
            {messages.map((m) => (
              <li key={m.id} className={`flex max-w-[85%] flex-col ${m.fromMe ? 'self-end items-end' : 'self-start items-start'}`} data-from-me={m.fromMe}>
                <span className="sr-only">{m.fromMe ? texts.you : name}: </span>
                <p className={`whitespace-pre-wrap break-words rounded-2xl px-4 py-2 ${m.fromMe ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900'}`}>{m.text}</p>
                <span className="mt-1 text-xs text-slate-500">
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  {m === lastMine && m.read && ` · ${texts.read}`}
                </span>
              </li>
            ))}
            {waiting.map((m) => (
              <li key={m.id} className="flex max-w-[85%] flex-col items-end self-end opacity-60" aria-busy="true">
                <p className="whitespace-pre-wrap break-words rounded-2xl bg-brand-700 px-4 py-2 text-white">{m.text}</p>
                <span className="mt-1 text-xs text-slate-500">{texts.sending}</span>
              </li>
            ))}
          </ol>
          <Composer onSend={send} />
        </>
      )}
    </>
  );
}
