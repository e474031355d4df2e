import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ownStatusLabel } from '@bedriftstorget/core/listing/labels';
import { priceText } from '@bedriftstorget/core/listing/rules';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { myListings as t } from '@bedriftstorget/core/texts/seller';
import { Button, buttonClass } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Page } from '../../components/page';
import { RequireUser } from '../../components/require-user';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';

const STATUS_STYLE: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-900',
  sold: 'bg-slate-800 text-white',
  archived: 'bg-slate-200 text-slate-700',
};

export function MyListingsPage() {
  return (
    <RequireUser>
      <MyListings />
    </RequireUser>
  );
}

function MyListings() {
  const utils = trpc.useUtils();
  const mine = trpc.seller.mine.useQuery();
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = trpc.seller.delete.useMutation({
    onSuccess: () => {
      toast.success(t.deleted);
      setDeleting(null);
      void utils.seller.mine.invalidate();
    },
    onError: () => toast.error(t.deleteFailed),
  });
  const markSold = trpc.seller.markSold.useMutation({
    onSuccess: () => {
      toast.success(t.markedSold);
      void utils.seller.mine.invalidate();
    },
    onError: () => toast.error('Feil'),
  });

  return (
    <Page title={t.title} wide>
      {mine.isPending ? (
        <Spinner />
      ) : mine.isError ? (
        <p role="alert" className="text-red-700">{t.loadFailed}</p>
      ) : (
        <>
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600">{t.quota(mine.data.items.length, mine.data.maxListings)}</p>
            <Link to="/legg-ut-annonse" className={buttonClass('primary')}>{t.newListing}</Link>
          </div>
          {mine.data.items.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="text-xl font-bold">{t.emptyTitle}</h2>
              <p className="mt-2 text-slate-600">{t.emptyText}</p>
            </div>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {mine.data.items.map((listing) => (
                <li key={listing.id}>
                  <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="my-listing">
                    <div className="relative aspect-[3/2] bg-slate-200">
                      {listing.imageUrl && <img src={listing.imageUrl} alt="" loading="lazy" className="h-full w-full object-cover" />}
                      <span className={`absolute left-3 top-3 rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_STYLE[listing.status] ?? 'bg-slate-200 text-slate-700'}`}>
                        {ownStatusLabel(listing.status)}
                      </span>
                    </div>
                    <div className="flex flex-1 flex-col gap-1 p-4">
                      <h2 className="text-lg font-bold">{listing.title}</h2>
                      <p className="text-sm text-slate-600">{listing.location} · {priceText(listing.price)} · {formatDate(listing.createdAt)}</p>
                      <div className="mt-auto flex flex-wrap gap-2 pt-3">
                        <Link to={`/bedrift/${listing.id}`} className={buttonClass('secondary')}>{t.view}</Link>
                        <Link to={`/legg-ut-annonse?edit=${listing.id}`} className={buttonClass('secondary')}>{t.edit}</Link>
                        {listing.status === 'active' && <Button variant="secondary" onClick={() => markSold.mutate({ id: listing.id })}>{t.markSold}</Button>}
                        <Button variant="ghost" className="text-red-700" onClick={() => setDeleting(listing.id)}>{t.delete}</Button>
                      </div>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t.confirmDelete}
        confirmLabel={t.delete}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting })}
      />
    </Page>
  );
}
