import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { myListings, wizard as t } from '@bedriftstorget/core/texts/seller';
import { buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { Link } from '../../router/link';
import { trpc } from '../../lib/trpc';
import { QuotaStanding } from '../my-listings/quota-request';

/**
 * A signed-in seller whose quota is full learns it when the wizard opens, not after five steps
 * and the uploads: the same count a submit is refused by (seller.mine's quotaUsed, maxListings).
 * If the count cannot be read the wizard opens as before; the submit still checks.
 */
export function QuotaGate({ children }: { children: ReactNode }) {
  const mine = useQuery(trpc.seller.mine.queryOptions(undefined, { retry: false }));
  if (mine.isPending) return <main id="innhold" className="flex-1"><Spinner /></main>;
  const quota = mine.data;
  if (!quota || quota.quotaUsed < quota.maxListings) return children;
  return (
    <main id="innhold" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">{t.title}</h1>
      <div role="alert" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950">
        <h2 className="text-xl font-bold">{t.quotaTitle}</h2>
        <p className="mt-2">{t.quotaText(quota.maxListings)}</p>
        <p className="mt-2 text-sm">{myListings.quota(quota.quotaUsed, quota.maxListings)}</p>
        {/* A real way forward instead of an upgrade that does not exist (decision 141). */}
        <div className="mt-3"><QuotaStanding data={quota} offerRequest /></div>
        <Link to="/mine-annonser" className={`${buttonClass('secondary')} mt-4`}>{t.toMyListings}</Link>
      </div>
    </main>
  );
}
