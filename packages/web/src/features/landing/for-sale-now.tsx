import { useQuery } from '@tanstack/react-query';
import { Link } from '../../router/link';
import { formatNumber } from '@bedriftstorget/core/format/nb';
import { landingSections as texts } from '@bedriftstorget/core/texts/marketplace';
import { buttonClass } from '../../components/button';
import { ListingCard } from '../../components/listing-card';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';

/** 'Bedrifter til salgs nå': the six newest active listings and the counters. */
export function ForSaleNow() {
  const landing = useQuery(trpc.listing.landing.queryOptions(undefined, { staleTime: 60_000 }));
  return (
    <section aria-labelledby="for-sale-heading" className="bg-slate-50 px-4 py-16">
      <div className="mx-auto max-w-7xl">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="for-sale-heading" className="text-3xl font-bold">{texts.forSaleTitle}</h2>
          {landing.data && (
            <dl className="flex gap-6 text-sm text-slate-600">
              {(['forSale', 'newLast24h', 'industries'] as const).map((key) => (
                <div key={key} className="flex items-baseline gap-1.5">
                  <dd className="text-2xl font-extrabold text-brand-700">{formatNumber(landing.data.counts[key])}</dd>
                  <dt>{texts.counts[key]}</dt>
                </div>
              ))}
            </dl>
          )}
        </div>
        {landing.isPending ? (
          <Spinner />
        ) : landing.isError ? (
          <p role="alert" className="mt-6 text-red-700">{texts.loadFailed}</p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {landing.data.items.map((listing) => <li key={listing.id}><ListingCard listing={listing} /></li>)}
          </ul>
        )}
        <p className="mt-8 text-center"><Link to="/alle-annonser" className={buttonClass('primary')}>{texts.seeAll}</Link></p>
      </div>
    </section>
  );
}
