import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../router/link';
import { Navigate } from '../../router/navigate';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { priceText } from '@bedriftstorget/core/listing/rules';
import { savedSorts, type SavedSort } from '@bedriftstorget/core/listing/schemas';
import { favorites as texts } from '@bedriftstorget/core/texts/marketplace';
import { pages } from '@bedriftstorget/core/texts/nb';
import { useAuth } from '../../app/auth-context';
import { buttonClass } from '../../components/button';
import { FavoriteButton } from '../../components/favorite-button';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import type { SavedListingData } from '../../lib/types';
import { trpc } from '../../lib/trpc';
import { IMAGE_SIZES, ListingImage } from '../../components/listing-image';
import { isSigningOut } from '../../lib/signing-out';

/** /lagrede-annonser: the user's favourites with sorting; sold and unpublished ones dimmed. */
export function SavedPage() {
  const { user, loading } = useAuth();
  const [sort, setSort] = useState<SavedSort>('saved_desc');
  const saved = useQuery(trpc.favorite.list.queryOptions({ sort }, { enabled: Boolean(user), placeholderData: (previous) => previous }));
  if (!loading && !user && !isSigningOut()) return <Navigate to="/auth?mode=login&next=%2Flagrede-annonser" replace />;

  return (
    <Page title={pages.saved} wide>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <Link to="/alle-annonser" className="text-brand-700 hover:underline">{texts.browseAll}</Link>
        <div className="flex items-center gap-2">
          <label htmlFor="saved-sort" className="text-sm font-medium">{texts.sortLabel}</label>
          <select id="saved-sort" className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm" value={sort} onChange={(e) => setSort(e.target.value as SavedSort)}>
            {savedSorts.map((s) => <option key={s} value={s}>{texts.sorts[s]}</option>)}
          </select>
        </div>
      </div>
      {loading || saved.isPending ? (
        <Spinner />
      ) : saved.isError ? (
        <p role="alert" className="text-red-700">{texts.loadFailed}</p>
      ) : saved.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-xl font-bold">{texts.emptyTitle}</h2>
          <p className="mt-2 text-slate-600">{texts.emptyText}</p>
          <Link to="/alle-annonser" className={buttonClass('primary', 'mt-5')}>{texts.browseAll}</Link>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {saved.data.map((item) => <li key={item.listingId}><SavedCard item={item} /></li>)}
        </ul>
      )}
    </Page>
  );
}

function SavedCard({ item }: { item: SavedListingData }) {
  const badge = item.state === 'sold' ? texts.sold : item.state === 'unpublished' ? texts.unpublished : null;
  const dimmed = item.state !== 'active';
  return (
    <article className={`relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm ${dimmed ? 'opacity-60' : ''}`} data-state={item.state}>
      <div className="relative aspect-[3/2] bg-slate-200">
        {item.imageUrl && <ListingImage url={item.imageUrl} alt="" sizes={IMAGE_SIZES.row} className="h-full w-full object-cover" />}
        {badge && <span className="absolute left-3 top-3 rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-bold text-white">{badge}</span>}
        <FavoriteButton listingId={item.listingId} className="absolute right-3 top-3 z-10" />
      </div>
      <div className="flex flex-col gap-1 p-4">
        {item.industry && <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{industryLabels[item.industry]} · {item.location}</p>}
        <h2 className="text-lg font-bold">
          {item.state === 'unpublished' ? item.title : <Link to={`/bedrift/${item.listingId}`} className="after:absolute after:inset-0">{item.title}</Link>}
        </h2>
        {item.state !== 'unpublished' && <p className="text-lg font-extrabold text-brand-700">{priceText(item.price)}</p>}
      </div>
    </article>
  );
}
