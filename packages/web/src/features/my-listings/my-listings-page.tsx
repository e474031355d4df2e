import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/location';
import { toast } from '../../lib/toast';
import { ownStatusLabel } from '@bedriftstorget/core/listing/labels';
import { priceText } from '@bedriftstorget/core/listing/rules';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { myListings as t } from '@bedriftstorget/core/texts/seller';
import { EXPIRY_WARNING_DAYS } from '@bedriftstorget/core/listing/enums';
import { expiry, underOffer } from '@bedriftstorget/core/texts/lifecycle';
import { errorMessage } from '../../lib/errors';
import { Button, buttonClass } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Page } from '../../components/page';
import { RequireUser } from '../../components/require-user';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { IMAGE_SIZES, ListingImage } from '../../components/listing-image';
import { AccessRequests } from './access-requests';
import { ListingNotes } from './listing-notes';
import { QuotaStanding } from './quota-request';
import { SellerOffers } from '../offers/offer-list';
import { MarkSoldDialog } from './mark-sold-dialog';
import { dataRoomTexts } from '@bedriftstorget/core/texts/data-room';
import { SellerDocuments } from '../data-room/seller-documents';

const STATUS_STYLE: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-900',
  sold: 'bg-slate-800 text-white',
  archived: 'bg-slate-200 text-slate-700',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-orange-100 text-orange-900',
};

const DAY_MS = 86_400_000;

/** 'Forny annonse' shows for an expired listing and in the last 7 days of an active one (when the mail goes). */
function renewable(listing: { status: string; expiresAt: string | null }, now = Date.now()): boolean {
  if (listing.status === 'expired') return true;
  return listing.status === 'active' && listing.expiresAt !== null && new Date(listing.expiresAt).getTime() - now <= EXPIRY_WARNING_DAYS * DAY_MS;
}

export function MyListingsPage() {
  return (
    <RequireUser>
      <MyListings />
    </RequireUser>
  );
}

function MyListings() {
  const queryClient = useQueryClient();
  const mine = useQuery(trpc.seller.mine.queryOptions());
  const [deleting, setDeleting] = useState<string | null>(null);
  const [selling, setSelling] = useState<{ id: string; title: string } | null>(null);
  // The listing whose 'Dokumenter' section is open (decision 097); its card then takes the whole row.
  const [documentsOf, setDocumentsOf] = useState<string | null>(null);
  // A seller with many listings narrows them by status; the counts come from the list. The choice
  // lives in the URL (?status=…), so a reload, Back from a listing or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status') || 'all';
  // A status none of the listings has (an old link) shows them all rather than an empty page.
  const status = mine.data?.items.some((item) => item.status === wanted) ? wanted : 'all';
  const setStatus = (value: string) => setParams(value === 'all' ? {} : { status: value }, { replace: true });
  const remove = useMutation(trpc.seller.delete.mutationOptions({
    onSuccess: () => {
      toast.success(t.deleted);
      setDeleting(null);
      void queryClient.invalidateQueries(trpc.seller.mine.pathFilter());
    },
    onError: () => toast.error(t.deleteFailed),
  }));
  const setUnderOffer = useMutation(trpc.seller.setUnderOffer.mutationOptions({
    onSuccess: (result) => {
      toast.success(result.underOffer ? underOffer.marked : underOffer.unmarked);
      void queryClient.invalidateQueries(trpc.seller.mine.pathFilter());
    },
    onError: (error) => toast.error(underOffer.failed, { description: errorMessage(error) }),
  }));
  const renew = useMutation(trpc.seller.renew.mutationOptions({
    onSuccess: (result) => {
      toast.success(expiry.renewed, { description: expiry.renewedText(formatDate(result.expiresAt)) });
      void queryClient.invalidateQueries(trpc.seller.mine.pathFilter());
    },
    onError: (error) => toast.error(expiry.renewFailed, { description: errorMessage(error) }),
  }));

  return (
    <Page title={t.title} wide>
      {mine.isPending ? (
        <Spinner />
      ) : mine.isError ? (
        <p role="alert" className="text-red-700">{t.loadFailed}</p>
      ) : (
        <>
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-sm text-slate-600">{t.quota(mine.data.quotaUsed, mine.data.maxListings)}</p>
              <QuotaStanding data={mine.data} offerRequest={mine.data.quotaUsed >= mine.data.maxListings} />
            </div>
            <Link to="/legg-ut-annonse" className={buttonClass('primary')}>{t.newListing}</Link>
          </div>
          <SellerOffers />
          <AccessRequests />
          {mine.data.items.length > 0 && (
            <div className="mb-4 flex items-center gap-2">
              <label htmlFor="my-status" className="text-sm font-medium text-slate-800">{t.statusFilter}</label>
              <select id="my-status" value={status} onChange={(e) => setStatus(e.target.value)} className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm">
                <option value="all">{t.allStatuses(mine.data.items.length)}</option>
                {[...new Set(mine.data.items.map((item) => item.status))].map((value) => (
                  <option key={value} value={value}>{t.statusCount(ownStatusLabel(value), mine.data.items.filter((item) => item.status === value).length)}</option>
                ))}
              </select>
            </div>
          )}
          {mine.data.items.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="text-xl font-bold">{t.emptyTitle}</h2>
              <p className="mt-2 text-slate-600">{t.emptyText}</p>
            </div>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {mine.data.items.filter((listing) => status === 'all' || listing.status === status).map((listing) => (
                // The card grows to the row's height (flex-1, not h-full: h-full took the whole li, panel
                // included, and drew the card over the panel and the footer). With its documents open the
                // card spans the row but keeps a column-sized photo beside its text.
                <li key={listing.id} className={`flex flex-col ${documentsOf === listing.id ? 'sm:col-span-2 lg:col-span-3' : ''}`}>
                  <article className={`flex flex-1 flex-row overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm ${documentsOf === listing.id ? '' : 'sm:flex-col'}`} data-testid="my-listing">
                    {/* Phones: a thumbnail beside the text, so a list of listings is not a photo per screen. */}
                    <div className={`relative w-28 shrink-0 bg-slate-200 ${documentsOf === listing.id ? 'sm:w-72' : 'sm:aspect-[3/2] sm:w-auto'}`} data-testid="my-listing-image">
                      {listing.imageUrl && <ListingImage url={listing.imageUrl} alt="" sizes={IMAGE_SIZES.row} className="h-full w-full object-cover" />}
                      <span className="absolute left-1.5 top-1.5 flex max-w-[calc(100%-0.75rem)] flex-wrap gap-1 sm:left-3 sm:top-3 sm:gap-1.5">
                        <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_STYLE[listing.status] ?? 'bg-slate-200 text-slate-700'}`}>{ownStatusLabel(listing.status)}</span>
                        {listing.status === 'active' && listing.underOffer && <span className="rounded-full bg-indigo-700 px-2.5 py-0.5 text-xs font-bold text-white">{underOffer.badge}</span>}
                      </span>
                    </div>
                    <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-4">
                      <h2 className="text-base font-bold sm:text-lg">{listing.title}</h2>
                      <p className="text-sm text-slate-600">{listing.location} · {priceText(listing.price)} · {formatDate(listing.createdAt)}</p>
                      <ListingNotes listing={listing} />
                      {listing.status === 'active' && listing.expiresAt && <p className="text-sm text-slate-600">{expiry.expiresOn(formatDate(listing.expiresAt))}</p>}
                      <div className="mt-auto flex flex-wrap gap-1.5 pt-2 sm:gap-2 sm:pt-3">
                        <Link to={`/bedrift/${listing.id}`} className={buttonClass('secondary')}>{t.view}</Link>
                        <Link to={`/legg-ut-annonse?edit=${listing.id}`} className={buttonClass('secondary')}>{t.edit}</Link>
                        {listing.status === 'active' && <Button variant="secondary" onClick={() => setSelling({ id: listing.id, title: listing.title })}>{t.markSold}</Button>}
                        {listing.status === 'active' && (
                          <Button variant="secondary" disabled={setUnderOffer.isPending} onClick={() => setUnderOffer.mutate({ id: listing.id, underOffer: !listing.underOffer })}>
                            {listing.underOffer ? underOffer.unmark : underOffer.mark}
                          </Button>
                        )}
                        {renewable(listing) && (
                          <Button disabled={renew.isPending} onClick={() => renew.mutate({ id: listing.id })}>{expiry.renew}</Button>
                        )}
                        <Button variant="secondary" aria-expanded={documentsOf === listing.id} aria-controls={`documents-panel-${listing.id}`}
                          onClick={() => setDocumentsOf(documentsOf === listing.id ? null : listing.id)}>
                          {documentsOf === listing.id ? dataRoomTexts.hide : dataRoomTexts.show}
                        </Button>
                        <Button variant="ghost" className="text-red-700" onClick={() => setDeleting(listing.id)}>{t.delete}</Button>
                      </div>
                    </div>
                  </article>
                  {/* Below the card, not in its text column: on a phone that column is beside the photo. */}
                  <div id={`documents-panel-${listing.id}`} className={documentsOf === listing.id ? 'mt-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4' : undefined}>
                    {documentsOf === listing.id && <SellerDocuments listingId={listing.id} />}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {selling && <MarkSoldDialog listingId={selling.id} listingTitle={selling.title} open onOpenChange={(open) => !open && setSelling(null)} />}
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
