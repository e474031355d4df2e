import { useQuery } from '@tanstack/react-query';
import { offerStatuses } from '@bedriftstorget/core/offer/enums';
import { offerThread, staffOffers as t } from '@bedriftstorget/core/texts/offers';
import { trpc } from '../../lib/trpc';

/**
 * The listing's offers for staff (decision 121): how many and in which state — never the terms'
 * messages or the parties' names, which `admin.listings.offers` does not send.
 */
export function ListingOffers({ listingId }: { listingId: string }) {
  const offers = useQuery(trpc.admin.listings.offers.queryOptions({ id: listingId }, { gcTime: 0 }));
  if (offers.isPending) return null;
  if (offers.isError) return <p role="alert" className="text-sm text-red-700">{t.loadFailed}</p>;
  const shown = offerStatuses.filter((status) => offers.data.counts[status] > 0);
  return (
    <section aria-labelledby="admin-offers-title" className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="admin-offers">
      <h3 id="admin-offers-title" className="font-semibold text-slate-900">{t.title(offers.data.total)}</h3>
      {shown.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
          {shown.map((status) => <li key={status}>{offerThread.status[status]}: <span className="font-semibold tabular-nums">{offers.data.counts[status]}</span></li>)}
        </ul>
      )}
    </section>
  );
}
