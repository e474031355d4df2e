import { useQuery } from '@tanstack/react-query';
import { offerTexts as texts, offerThread as t } from '@bedriftstorget/core/texts/offers';
import { useAuth } from '../../app/auth-context';
import { Button, buttonClass } from '../../components/button';
import { useRealtimeEvent } from '../../lib/realtime';
import { Link } from '../../router/link';
import { trpc } from '../../lib/trpc';
import { OFFERS_CHANGED } from './offers-event';

/**
 * 'Gi bud' on a listing for sale: the button for a buyer without a standing offer, a note
 * and a link to /mine-bud for one with; on a confidential listing only once the seller let the buyer
 * in (the server refuses the same). Visitors are asked to sign in; the owner never sees it.
 */
export function OfferPanel({ listingId, confidential, onOffer, onLoginRequired }: {
  listingId: string;
  confidential: boolean;
  onOffer: () => void;
  onLoginRequired: (text: string) => void;
}) {
  const { user } = useAuth();
  const standing = useQuery(trpc.offer.standing.queryOptions({ listingId }, { enabled: user !== null }));
  const access = useQuery(trpc.access.mine.queryOptions({ listingId }, { enabled: user !== null && confidential }));
  useRealtimeEvent(OFFERS_CHANGED, () => {
    if (user) void standing.refetch();
  });
  const locked = confidential && (user === null || access.data?.status !== 'granted');
  return (
    <section aria-labelledby="offer-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="offer-panel">
      <h2 id="offer-heading" className="text-lg font-bold">{texts.open}</h2>
      {standing.data?.offerId ? (
        <>
          <p role="status" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">{t.standingNote}</p>
          <Link to="/mine-bud" className={`${buttonClass('secondary')} mt-3 w-full`}>{t.seeOffers}</Link>
        </>
      ) : locked && user !== null ? (
        <p className="mt-1 text-sm text-slate-600">{texts.needsAccess}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t.hint}</p>
          <Button className="mt-4 w-full" disabled={user !== null && standing.isPending} onClick={() => (user ? onOffer() : onLoginRequired(texts.loginText))}>{texts.open}</Button>
        </>
      )}
    </section>
  );
}
