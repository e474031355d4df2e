import { Link } from '../router/link';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { cardBadges, amountText, priceText } from '@bedriftstorget/core/listing/rules';
import { card as texts } from '@bedriftstorget/core/texts/marketplace';
import type { ListingCardData } from '../lib/types';
import { Badges } from './badges';
import { ConfidentialBadge } from '../features/company/confidential-badge';
import { FavoriteButton } from './favorite-button';
import { VippsMark } from '../features/vipps/vipps-mark';
import { IMAGE_SIZES, ListingImage } from './listing-image';

/** A listing in a grid: links to /bedrift/{id}, with the heart and at most two badges. */
export function ListingCard({ listing, priority = false }: { listing: ListingCardData; priority?: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[3/2] bg-slate-200">
        {listing.imageUrl ? (
          <ListingImage url={listing.imageUrl} alt="" sizes={IMAGE_SIZES.card} priority={priority} className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-slate-500">{texts.noImage}</div>
        )}
        <div className="absolute left-3 top-3"><Badges badges={cardBadges(listing)} /></div>
        <ConfidentialBadge confidential={listing.confidential} className="absolute bottom-3 left-3" />
        <FavoriteButton listingId={listing.id} className="absolute right-3 top-3 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">
          {industryLabels[listing.industry]} · {listing.location}
        </p>
        <h3 className="text-lg font-bold leading-snug text-slate-900 [overflow-wrap:anywhere]">
          {/* The stretched link makes the whole card clickable while keeping one link per card. */}
          <Link to={`/bedrift/${listing.id}`} className="after:absolute after:inset-0 focus:outline-none">
            {listing.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-slate-600">{listing.description}</p>
        {listing.sellerVerified && <VippsMark className="self-start" />}
        {/* Each on one line, whatever it says; the revenue moves under the price when a narrow card has no room for both (full amounts, decision 137, are never cut). */}
        <dl className="mt-auto flex flex-wrap items-end justify-between gap-x-3 whitespace-nowrap pt-2 text-sm">
          <div>
            <dt className="sr-only">{texts.price}</dt>
            <dd data-testid="card-price" className={`font-extrabold text-brand-700 ${listing.price === null ? 'text-base' : 'text-lg'}`}>{priceText(listing.price)}</dd>
          </div>
          <div className="text-right text-slate-600">
            <dt className="inline">{texts.revenue}: </dt>
            <dd className="inline">{amountText(listing.revenue)}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
