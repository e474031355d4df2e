import { useQuery } from '@tanstack/react-query';
import { offerThread as t } from '@bedriftstorget/core/texts/offers';
import { useRealtimeEvent } from '../../lib/realtime';
import { trpc } from '../../lib/trpc';
import type { OfferThreadData as Thread } from '../../lib/types';
import { OfferThreadCard } from './offer-thread';
import { OFFERS_CHANGED } from './offers-event';

/** Threads grouped by listing, newest first within each. */
function byListing(threads: Thread[]): Thread[][] {
  const groups = new Map<string, Thread[]>();
  for (const thread of threads) groups.set(thread.listingId ?? thread.id, [...(groups.get(thread.listingId ?? thread.id) ?? []), thread]);
  return [...groups.values()];
}

/**
 * The seller's 'Bud' in /mine-annonser: every thread on the seller's listings, grouped by
 * listing, live. Nothing shows until someone has made an offer.
 */
export function SellerOffers() {
  const list = useQuery(trpc.offer.forSeller.queryOptions({}));
  useRealtimeEvent(OFFERS_CHANGED, () => void list.refetch());
  if (list.isError) return <p role="alert" className="mb-6 text-red-700">{t.loadFailed}</p>;
  if (!list.data?.length) return null;
  return (
    <section aria-labelledby="offers-heading" className="mb-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="seller-offers">
      <h2 id="offers-heading" className="text-lg font-bold">{t.heading} ({list.data.length})</h2>
      {byListing(list.data).map((threads) => (
        <div key={threads[0]!.id} className="mt-4">
          <h3 className="font-semibold text-slate-900">{threads[0]!.listingTitle}</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {threads.map((thread) => <OfferThreadCard key={thread.id} thread={thread} />)}
          </ul>
        </div>
      ))}
    </section>
  );
}
