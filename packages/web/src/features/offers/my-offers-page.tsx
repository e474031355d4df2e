import { useQuery } from '@tanstack/react-query';
import { offerThread as t } from '@bedriftstorget/core/texts/offers';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { RequireUser } from '../../components/require-user';
import { Spinner } from '../../components/spinner';
import { useRealtimeEvent } from '../../lib/realtime';
import { trpc } from '../../lib/trpc';
import { OFFERS_CHANGED } from './offers-event';
import { OfferThreadCard } from './offer-thread';

/** /mine-bud: the buyer's offers, each with its answers, timeline and LOI, live. */
export function MyOffersPage() {
  return (
    <RequireUser>
      <MyOffers />
    </RequireUser>
  );
}

function MyOffers() {
  const list = useQuery(trpc.offer.mine.queryOptions({}));
  useRealtimeEvent(OFFERS_CHANGED, () => void list.refetch());
  return (
    // The page's landmark and title as every page has (the skip link lands on #innhold).
    <Page title={t.mineHeading}>
      {list.isPending && <Spinner />}
      {list.isError && <LoadError message={t.loadFailed} retryLabel={t.retry} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <p className="text-slate-700">{t.mineEmpty}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="my-offers">
          {list.data.map((thread) => <OfferThreadCard key={thread.id} thread={thread} />)}
        </ul>
      )}
    </Page>
  );
}
