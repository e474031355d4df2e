import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from '../../router/link';
import { formatNumber } from '@bedriftstorget/core/format/nb';
import { ownStatusLabel } from '@bedriftstorget/core/listing/labels';
import { STATS_CHANGED } from '@bedriftstorget/core/stats/events';
import { sellerStats as t } from '@bedriftstorget/core/texts/numbers';
import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { buttonClass } from '../../components/button';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { RequireUser } from '../../components/require-user';
import { Spinner } from '../../components/spinner';
import { useRealtimeEvent } from '../../lib/realtime';
import { trpc } from '../../lib/trpc';
import { LineChart } from './line-chart';

/** /statistikk (lazy-loaded with its chart): the seller's own numbers. */
export default function SellerStatsPage() {
  return (
    <RequireUser>
      <Page title={t.title} wide>
        <SellerStats />
      </Page>
    </RequireUser>
  );
}

const sum = (lists: number[][], length: number) => Array.from({ length }, (_, i) => lists.reduce((total, list) => total + (list[i] ?? 0), 0));

function SellerStats() {
  const stats = useQuery(trpc.seller.stats.queryOptions());
  // 'Statistikk' on the owner's listing page opens this page for that listing (decision 146).
  const [chosen, setChosen] = useState(() => new URLSearchParams(window.location.search).get('annonse') ?? 'all');
  // A new message (conversation) or a save of one of the listings: refetch without a reload.
  useRealtimeEvent('messages.changed', () => void stats.refetch());
  useRealtimeEvent(STATS_CHANGED, () => void stats.refetch());
  useRealtimeEvent('offers.changed', () => void stats.refetch());

  const data = stats.data;
  const series = useMemo(() => {
    if (!data) return [];
    const own = data.listings.filter((l) => l.id === chosen);
    const picked = chosen === 'all' || own.length === 0 ? data.listings : own;
    const n = data.days.length;
    return [
      { label: t.seriesViews, colour: '#1d4ed8', values: sum(picked.map((l) => l.daily.views), n) },
      { label: t.seriesSaves, colour: '#16a34a', values: sum(picked.map((l) => l.daily.saves), n) },
      { label: t.seriesMessages, colour: '#c2410c', values: sum(picked.map((l) => l.daily.messages), n) },
    ];
  }, [data, chosen]);

  if (stats.isPending) return <Spinner />;
  if (stats.isError || !data) return <LoadError message={t.loadFailed} retryLabel={adminCommon.retry} onRetry={() => void stats.refetch()} />;
  if (data.listings.length === 0) {
    return (
      <div className="rounded-xl bg-white p-8 text-center shadow-sm">
        <p className="mb-4 text-slate-700">{t.empty}</p>
        <Link to="/legg-ut-annonse" className={buttonClass('primary')}>{t.createListing}</Link>
      </div>
    );
  }
  const c = t.columns;
  const cell = (counts: { total: number; last30: number }) => (
    <td className="px-3 py-2 text-right tabular-nums">
      {formatNumber(counts.total)} <span className="text-xs text-slate-500">/ {formatNumber(counts.last30)}</span>
    </td>
  );
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-600">{t.intro}</p>
      <label className="flex max-w-md flex-col gap-1 text-sm font-medium">
        {t.chooseListing}
        <select value={chosen} onChange={(e) => setChosen(e.target.value)} className="rounded-lg border border-slate-300 bg-white px-3 py-2">
          <option value="all">{t.allListings}</option>
          {data.listings.map((listing) => <option key={listing.id} value={listing.id}>{listing.title}</option>)}
        </select>
      </label>
      <LineChart title={t.chartTitle} keys={data.days} series={series} keyLabel={t.day} showTable={t.showTable} hideTable={t.hideTable} />
      {/* On a phone the seven columns do not fit: the table scrolls sideways, says so, and can be scrolled by keyboard. */}
      <p className="-mb-4 text-xs text-slate-600 sm:hidden" id="stats-scroll-hint">{t.scrollHint}</p>
      <div role="region" aria-label={t.tableTitle} aria-describedby="stats-scroll-hint" tabIndex={0} data-testid="stats-table"
        className="overflow-x-auto rounded-xl bg-white shadow-sm [scrollbar-color:#94a3b8_transparent] [scrollbar-width:thin] focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
        <table className="w-full min-w-[42rem] text-sm">
          <caption className="sr-only">{t.title}</caption>
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">{c.title}</th>
              <th scope="col" className="px-3 py-2">{c.status}</th>
              {[c.views, c.saves, c.messages, c.inquiries, c.offers].map((label) => (
                <th key={label} scope="col" className="px-3 py-2 text-right">
                  {label} <span className="block text-xs font-normal text-slate-500">{t.total} / {t.last30}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.listings.map((listing) => (
              <tr key={listing.id} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 text-left font-medium"><Link className="hover:underline" to={`/bedrift/${listing.id}`}>{listing.title}</Link></th>
                <td className="px-3 py-2">{ownStatusLabel(listing.status)}</td>
                {cell(listing.views)}
                {cell(listing.saves)}
                {cell(listing.messages)}
                {cell(listing.inquiries)}
                {cell(listing.offers)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
