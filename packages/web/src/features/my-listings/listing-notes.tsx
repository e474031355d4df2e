import { priceText } from '@bedriftstorget/core/listing/rules';
import { inactiveNextStep, myListings as t } from '@bedriftstorget/core/texts/seller';
import { Link } from '../../router/link';
import { buttonClass } from '../../components/button';

interface Noted {
  id: string;
  title: string;
  location: string;
  price: number | null;
  revision: { title: string; location: string; price: number | null } | null;
  rejection: { reason: string; note: string | null } | null;
  deactivation: { reason: string | null; note: string | null } | null;
}

/**
 * What a card of /mine-annonser says beside the live version: the edit waiting for staff (what it
 * changes), staff's rejection, or why staff deactivated it and what to do next (decisions 086, 087, 140).
 */
export function ListingNotes({ listing }: { listing: Noted }) {
  const { revision, rejection, deactivation } = listing;
  return (
    <>
      {revision && (
        <div className="text-sm text-amber-900" data-testid="revision-pending">
          <p className="font-semibold">{t.revisionPending}</p>
          {revision.title !== listing.title && <p className="break-words">{t.revisionTitle(revision.title)}</p>}
          {revision.location !== listing.location && <p>{t.revisionLocation(revision.location)}</p>}
          {revision.price !== listing.price && <p>{t.revisionPrice(priceText(revision.price))}</p>}
        </div>
      )}
      {rejection && (
        <div className="mt-1 rounded-lg bg-red-50 p-3 text-sm text-red-900" data-testid="rejection">
          <p className="font-semibold">{t.rejected(rejection.reason)}</p>
          {rejection.note && <p className="mt-1 break-words">{t.rejectedNote(rejection.note)}</p>}
          <Link to={`/legg-ut-annonse?edit=${listing.id}`} className={buttonClass('primary', 'mt-2')}>{t.resubmit}</Link>
        </div>
      )}
      {deactivation && (
        <div className="mt-1 rounded-lg bg-slate-100 p-3 text-sm text-slate-900" data-testid="deactivation">
          <p className="font-semibold">{t.deactivated}</p>
          {deactivation.reason && <p className="mt-1">{t.deactivatedReason(deactivation.reason)}</p>}
          {deactivation.note && <p className="mt-1 break-words">{t.rejectedNote(deactivation.note)}</p>}
          <p className="mt-1">{inactiveNextStep}</p>
        </div>
      )}
    </>
  );
}
