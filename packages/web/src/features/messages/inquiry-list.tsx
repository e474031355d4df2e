import { useInfiniteQuery } from '@tanstack/react-query';
import { formatDateTime } from '@bedriftstorget/core/format/nb';
import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { inquiryInbox as t } from '@bedriftstorget/core/texts/numbers';
import { Button } from '../../components/button';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { VippsMark } from '../vipps/vipps-mark';

/** 'Forespørsler': inquiries about the seller's listings with the buyer's details, newest first. */
export function InquiryList() {
  const inquiries = useInfiniteQuery(trpc.message.inquiries.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }));
  if (inquiries.isPending) return <Spinner />;
  if (inquiries.isError) return <LoadError message={t.loadFailed} retryLabel={adminCommon.retry} onRetry={() => void inquiries.refetch()} />;
  const items = inquiries.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="p-6 text-center text-slate-500">{t.empty}</p>;
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <ul aria-label={t.inquiries} className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="p-4">
            <p className="text-xs text-slate-500">{formatDateTime(item.createdAt)} · {t.about(item.listingTitle)}</p>
            <p className="font-semibold">{item.buyerName}{item.buyerVerified && <VippsMark className="ml-2 align-middle" />}</p>
            {/* A deleted buyer has no address any more (decision 088): the name says 'Slettet bruker'. */}
            {item.buyerEmail && <a className="text-sm text-brand-700 hover:underline" href={`mailto:${item.buyerEmail}`}>{item.buyerEmail}</a>}
            <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{item.message}</p>
          </li>
        ))}
      </ul>
      {inquiries.hasNextPage && (
        <div className="p-4 text-center">
          <Button variant="secondary" disabled={inquiries.isFetchingNextPage} onClick={() => void inquiries.fetchNextPage()}>{t.more}</Button>
        </div>
      )}
    </div>
  );
}
