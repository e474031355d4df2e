import { useQuery, useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from '../../router/link';
import { useParams } from '../../router/routes';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { cardBadges, listingCode, priceText, splitLead } from '@bedriftstorget/core/listing/rules';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { contactDialog } from '@bedriftstorget/core/texts/messages';
import { detail as texts } from '@bedriftstorget/core/texts/marketplace';
import { brand } from '@bedriftstorget/core/texts/nb';
import { reportDialog } from '@bedriftstorget/core/texts/share';
import { useAuth } from '../../app/auth-context';
import { Badges } from '../../components/badges';
import { Button, buttonClass } from '../../components/button';
import { FavoriteButton } from '../../components/favorite-button';
import { ListingCard } from '../../components/listing-card';
import { DetailSkeleton } from '../../components/skeletons';
import { LoginRequiredDialog } from '../../components/login-required-dialog';
import { whenIdleAfterFirstUse } from '../../lib/after-first-use';
import { trpc } from '../../lib/trpc';
import { ContactChoice } from './contact-choice';
import { Gallery } from './gallery';
import type { ListingDialog } from './listing-dialogs';
import { KeyFigures } from './key-figures';
import { SellerCard } from './seller-card';
import { ConfidentialBadge } from '../company/confidential-badge';
import { RegistryCard } from '../company/registry-card';
import { ShareButton } from './share-button';
import { lastSearchUrl } from '../browse/last-search';
import { AccessPanel } from '../access/access-panel';
import { OfferPanel } from '../offers/offer-panel';

const loadDialogs = () => import('./listing-dialogs');
// The dialogs' frame is not on the first screen: loaded when the browser is idle after the visitor's
// first use of the page (decision 145), or on the first opening.
const ListingDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.ListingDialogs })));
/** The data room (decision 097) is for the few with access: its code loads only when the listing has documents. */
const BuyerDocuments = lazy(() => import('../data-room/buyer-documents').then((m) => ({ default: m.BuyerDocuments })));
/** 'Selskapet bak annonsen' (decision 099) is for a buyer the seller let in: never part of a visitor's page's code. */
const DisclosedCompany = lazy(() => import('../company/disclosed-company').then((m) => ({ default: m.DisclosedCompany })));
/** The owner's tools (decision 146): loaded only for the signed-in owner, never part of the public page's code. */
const OwnerTools = lazy(() => import('./owner-tools').then((m) => ({ default: m.OwnerTools })));

/** /bedrift/{id}: the listing from the API; non-public ids get a clear not-found state. */
export function DetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(trpc.listing.detail.queryOptions({ id }, { retry: (count, error) => error.data?.code !== 'NOT_FOUND' && error.data?.code !== 'BAD_REQUEST' && count < 2 }));
  const { user, loading } = useAuth();
  // The page above is the public one, the same for everyone (cached at the edge, decision 080); the
  // signed-in caller's own part comes apart: isOwner, and the page itself when it is not public but
  // theirs or they are an admin.
  const viewer = useQuery(trpc.listing.viewer.queryOptions({ id }, { enabled: user !== null, retry: false }));
  // The caller's own page first: a listing just sent back to review may still be cached publicly for a few seconds.
  const data = viewer.data?.page ?? query.data;
  const isOwner = viewer.data?.isOwner ?? false;
  // The login prompt's text: contacting the seller, or reporting the listing.
  const [loginText, setLoginText] = useState<string | null>(null);
  const [dialog, setDialog] = useState<ListingDialog>(null);
  // Mounted from the first opening on, then kept (listing-dialogs.tsx).
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if (dialog && !dialogsUsed) setDialogsUsed(true);
  usePreloadDialogsAfterFirstUse();
  useRecordView(id, query.isSuccess);
  const title = data?.listing.title;
  useEffect(() => {
    if (title) document.title = `${title} – ${brand}`;
  }, [title]);

  // Not public: it may still be the caller's own, or an admin's to see.
  const mayBeTheirs = query.isError && (loading || (user !== null && viewer.isPending));
  if (!data && (query.isPending || mayBeTheirs)) return <DetailSkeleton />;
  if (!data) {
    const code = query.error?.data?.code;
    const notFound = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
    return (
      <main id="innhold" className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{notFound ? texts.notFoundTitle : texts.failedTitle}</h1>
        <p className="text-slate-600">{notFound ? texts.notFoundText : query.error?.message}</p>
        <Link to="/alle-annonser" className={buttonClass('primary')}>{texts.backToListings}</Link>
      </main>
    );
  }

  const { listing, similar } = data;
  const about = splitLead(listing.description);
  const needsLogin = () => setLoginText(texts.loginText);
  const report = () => (user ? setDialog('report') : setLoginText(reportDialog.loginText));
  // Visitors may write too: the message dialog keeps their text and sends it after sign-in.
  const contact = () => setDialog('contact');
  // A confidential sale's seller is reached by messages only (decision 099): no inquiry.
  const inquiry = listing.confidential ? undefined : () => setDialog('inquiry');
  // Who the seller is to this caller (the server's one rule), and what access reveals; a visitor has the public page's.
  const seller = viewer.data?.seller ?? { anonymous: listing.confidential, cardName: listing.sellerName, verified: listing.sellerVerified };
  const disclosure = viewer.data?.disclosure ?? null;
  // Only a listing for sale can be contacted, and never by its owner (the server says the same).
  const noContact = listing.status !== 'active' || isOwner;
  // 'Be om tilgang' (decision 096): confidential listings and those with documents, never to the owner.
  // While a signed-in caller's part is on its way, whether they own it is unknown: shown after, not flashed to the owner.
  const offersAccess = (listing.confidential || listing.documentCount > 0) && !isOwner && !(user !== null && viewer.isPending);

  return (
    <main id="innhold" className="mx-auto w-full max-w-7xl flex-1 px-4 pb-24 pt-8 lg:pb-8">
      {/* Back to the list as it was: filters, the pages opened and the scroll position. */}
      <Link to={lastSearchUrl()} state={{ restore: true }} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <span aria-hidden="true">←</span> {texts.backToSearch}
      </Link>
      {!['active', 'sold'].includes(listing.status) && (
        <p role="note" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{texts.notPublicNote}</p>
      )}
      {isOwner && <Suspense fallback={null}><OwnerTools listingId={listing.id} title={listing.title} status={listing.status} /></Suspense>}
      {/* Phones read one column: gallery, title and price, then 'Nøkkeltall' (order-1) before the
          description (order-2) and the seller (order-3). The columns' wrappers are 'contents' there,
          so their children are ordered together; from lg they are the two columns again. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[1fr_360px] lg:gap-8">
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <Gallery
            images={listing.images}
            title={listing.title}
            overlay={
              <>
                <div className="absolute left-3 top-3"><Badges badges={cardBadges(listing)} /></div>
                <FavoriteButton listingId={listing.id} className="absolute right-3 top-3" />
              </>
            }
          />
          <header>
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-bold text-white">{priceText(listing.price)}</span>
              <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">{industryLabels[listing.industry]}</span>
              <span className="text-sm text-slate-600">{listing.location}</span>
              <ConfidentialBadge confidential={listing.confidential} />
            </div>
            <h1 className="mt-3 text-3xl font-extrabold">{listing.title}</h1>
            {about.lead && <p data-testid="listing-lead" className="mt-2 text-lg text-slate-700">{about.lead}</p>}
            <dl aria-label={texts.facts} className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
              <div className="flex gap-1"><dt>{texts.listingCode}:</dt><dd className="font-mono font-semibold text-slate-800">{listingCode(listing.id)}</dd></div>
              {listing.publishedAt && <div className="flex gap-1"><dt>{texts.published}:</dt><dd>{formatDate(listing.publishedAt)}</dd></div>}
              <div className="flex gap-1"><dt>{texts.updated}:</dt><dd>{formatDate(listing.updatedAt)}</dd></div>
            </dl>
          </header>
          <section aria-labelledby="about-heading" className="order-2 lg:order-none">
            <h2 id="about-heading" className="text-xl font-bold">{texts.about}</h2>
            <p data-testid="listing-about" className="mt-2 whitespace-pre-line text-slate-700">{about.body}</p>
          </section>
          {listing.includedInSale.length > 0 && (
            <section aria-labelledby="included-heading" className="order-2 lg:order-none">
              <h2 id="included-heading" className="text-xl font-bold">{texts.included}</h2>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {listing.includedInSale.map((item) => (
                  <li key={item} className="flex items-center gap-2 text-slate-700"><span aria-hidden="true" className="text-brand-600">✓</span>{item}</li>
                ))}
              </ul>
            </section>
          )}
          {listing.ownerComment && (
            <figure className="order-2 rounded-2xl bg-brand-50 p-6 lg:order-none">
              <blockquote className="text-lg italic text-brand-900">«{listing.ownerComment}»</blockquote>
              <figcaption className="mt-2 text-sm text-brand-700">— {texts.ownerQuote}</figcaption>
            </figure>
          )}
          <div className="order-2 flex flex-wrap gap-2 lg:order-none">
            <ShareButton listingId={listing.id} title={listing.title} />
            {!isOwner && <Button variant="ghost" onClick={report}>{reportDialog.open}</Button>}
            {isOwner && <p className="self-center text-sm text-slate-600">{contactDialog.ownListing}</p>}
          </div>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-1 lg:order-none"><KeyFigures listing={listing} /></div>
          {offersAccess && (
            <div className="order-1 lg:order-none">
              <AccessPanel
                listingId={listing.id}
                forSale={listing.status === 'active'}
                verifiedOnly={listing.confidential && listing.verifiedBuyersOnly}
                onRequest={() => setDialog('access')}
                onLoginRequired={setLoginText}
                documents={listing.documentCount > 0 ? <Suspense fallback={null}><BuyerDocuments listingId={listing.id} nested /></Suspense> : null}
              />
            </div>
          )}
          {/* 'Gi bud': a buyer's offer on a listing for sale, never the owner's own. */}
          {listing.status === 'active' && !isOwner && !(user !== null && viewer.isPending) && (
            <div className="order-1 lg:order-none">
              <OfferPanel listingId={listing.id} confidential={listing.confidential} onOffer={() => setDialog('offer')} onLoginRequired={setLoginText} />
            </div>
          )}
          {/* Only with a card in it: an empty box would still take the column's gap. */}
          {listing.company && <div className="order-1 lg:order-none"><RegistryCard company={listing.company} /></div>}
          {disclosure && <div className="order-1 lg:order-none"><Suspense fallback={null}><DisclosedCompany disclosure={disclosure} /></Suspense></div>}
          <div className="order-3 lg:order-none">
            <SellerCard listingId={listing.id} seller={seller} disclosure={disclosure} contactDisabled={noContact} onLoginRequired={needsLogin} onMessage={contact} onInquiry={inquiry} />
          </div>
          {/* The data room (decision 097) for its owner and staff; a buyer's is in the access card, once granted. */}
          {user !== null && (isOwner || user.isAdmin) && listing.documentCount > 0 && (
            <div className="order-3 lg:order-none"><Suspense fallback={null}><BuyerDocuments listingId={listing.id} /></Suspense></div>
          )}
        </div>
      </div>

      {similar.length > 0 && (
        <section aria-labelledby="similar-heading" className="mt-14">
          <h2 id="similar-heading" className="text-2xl font-bold">{texts.similar}</h2>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {similar.map((item) => <li key={item.id}><ListingCard listing={item} /></li>)}
          </ul>
        </section>
      )}
      <p className="mt-8 text-center"><Link to="/alle-annonser" className={buttonClass('secondary')}>{texts.seeAll}</Link></p>
      {!noContact && (
        // Phones: the seller card is far down the page, so the contact stays in reach.
        // Under the dialogs (z-50) and the header's menus (z-40): it is page content that stays in reach.
        <div data-testid="contact-bar" className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] lg:hidden">
          <span className="min-w-0 truncate font-bold text-brand-700">{priceText(listing.price)}</span>
          <ContactChoice disabled={false} placement="above" onMessage={contact} onInquiry={inquiry} />
        </div>
      )}
      <LoginRequiredDialog open={loginText !== null} onOpenChange={(open) => !open && setLoginText(null)} text={loginText ?? texts.loginText} />
      {dialogsUsed && (
        <Suspense fallback={null}>
          <ListingDialogs key={listing.id} listing={listing} dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </main>
  );
}

function usePreloadDialogsAfterFirstUse() {
  useEffect(() => whenIdleAfterFirstUse(() => void loadDialogs().then((m) => m.preloadDialogs()).catch(() => {}), 10_000), []);
}

/** Counts the view once per page visit; the server decides whether it counts today. */
function useRecordView(id: string, loaded: boolean) {
  const record = useMutation(trpc.listing.recordView.mutationOptions());
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || done.current === id) return;
    done.current = id;
    record.mutate({ id });
  }, [id, loaded, record]);
}
