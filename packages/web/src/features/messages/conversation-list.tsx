import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '../../router/link';
import type { ConversationKey } from '@bedriftstorget/core/message/schemas';
import { formatDateTime } from '@bedriftstorget/core/format/nb';
import { inbox as texts, messageTexts } from '@bedriftstorget/core/texts/messages';
import { Button, buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { sameKey } from './conversation-key';
import { VippsMark } from '../vipps/vipps-mark';

/** Conversations, newest activity first; unread ones bold with their count (kept live by LiveSync). */
export function ConversationList({ selected, onSelect }: { selected: ConversationKey | null; onSelect: (key: ConversationKey) => void }) {
  // Pages of 50, newest activity first; older ones on 'Vis eldre samtaler' (the server bounds each page).
  const conversations = useInfiniteQuery(trpc.message.conversations.infiniteQueryOptions({}, { staleTime: 10_000, getNextPageParam: (page) => page.nextCursor ?? undefined }));
  if (conversations.isPending) return <Spinner />;
  if (conversations.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
        <p className="text-red-700">{texts.loadFailed}</p>
        <Button variant="secondary" onClick={() => void conversations.refetch()}>{texts.retry}</Button>
      </div>
    );
  }
  const items = conversations.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 p-8 text-center">
        <h2 className="text-lg font-bold">{texts.emptyTitle}</h2>
        <p className="text-sm text-slate-600">{texts.emptyText}</p>
        <Link to="/alle-annonser" className={buttonClass('primary')}>{texts.browse}</Link>
      </div>
    );
  }
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <ul className="divide-y divide-slate-100">
        {items.map((c) => {
          const key = { listingId: c.listingId, counterpartId: c.counterpartId };
          const current = sameKey(key, selected);
          const unread = c.unread > 0;
          return (
            <li key={`${c.listingId ?? ''}:${c.counterpartId}`}>
              <button
                type="button"
                onClick={() => onSelect(key)}
                aria-current={current ? 'true' : undefined}
                data-unread={unread}
                className={`flex w-full flex-col gap-0.5 px-4 py-3 text-left hover:bg-slate-50 ${current ? 'bg-brand-50' : ''}`}
              >
                <span className="flex items-center gap-2">
                  <span className={`truncate ${unread ? 'font-bold text-slate-900' : 'font-semibold text-slate-800'}`}>{c.counterpartName ?? messageTexts.unknownUser}</span>
                  {c.counterpartVerified && <VippsMark className="shrink-0" />}
                  {unread && (
                    <>
                      <span aria-hidden="true" className="ml-auto shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white" data-testid="unread-mark">
                        {c.unread > 9 ? '9+' : c.unread}
                      </span>
                      <span className="sr-only">{`, ${texts.unread(c.unread)}`}</span>
                    </>
                  )}
                </span>
                <span className="truncate text-xs font-medium text-brand-700">{c.listingTitle ?? messageTexts.unknownListing}</span>
                <span className={`truncate text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>
                  {c.lastMessage.fromMe ? `${texts.you}: ` : ''}
                  {c.lastMessage.text}
                </span>
                <time dateTime={c.lastMessage.createdAt} className="text-xs text-slate-500">{formatDateTime(c.lastMessage.createdAt)}</time>
              </button>
            </li>
          );
        })}
      </ul>
      {conversations.hasNextPage && (
        <div className="p-4 text-center">
          <Button variant="secondary" disabled={conversations.isFetchingNextPage} onClick={() => void conversations.fetchNextPage()}>
            {conversations.isFetchingNextPage ? texts.loadingOlder : texts.olderConversations}
          </Button>
        </div>
      )}
    </div>
  );
}
