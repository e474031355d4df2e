import { useState } from 'react';
import { ownerTools as t } from '@bedriftstorget/core/texts/seller';
import { Button, buttonClass } from '../../components/button';
import { Link } from '../../router/link';
import { MarkSoldDialog } from '../my-listings/mark-sold-dialog';

/**
 * 'Rediger', 'Marker som solgt' and 'Statistikk' on the owner's own listing page (decision 146).
 * Rendered only when the signed-in caller's own part (listing.viewer) says they own it — never from
 * the public, edge-cached page — and loaded only then, so no other visitor downloads it.
 */
export function OwnerTools({ listingId, title, status }: { listingId: string; title: string; status: string }) {
  const [selling, setSelling] = useState(false);
  return (
    <section aria-labelledby="owner-tools-heading" className="mb-4 flex flex-wrap items-center gap-2 rounded-2xl border border-brand-100 bg-brand-50 p-3">
      <h2 id="owner-tools-heading" className="mr-2 text-sm font-bold text-brand-900">{t.heading}</h2>
      <Link to={`/legg-ut-annonse?edit=${listingId}`} className={buttonClass('secondary')}>{t.edit}</Link>
      {/* The server marks only a listing for sale as sold; the button is there only then. */}
      {status === 'active' && <Button variant="secondary" onClick={() => setSelling(true)}>{t.markSold}</Button>}
      <Link to={`/statistikk?annonse=${listingId}`} className={buttonClass('secondary')}>{t.statistics}</Link>
      {selling && <MarkSoldDialog listingId={listingId} listingTitle={title} open onOpenChange={setSelling} />}
    </section>
  );
}
