import { lazy, Suspense } from 'react';

// The forms (react-hook-form, zod) are their own chunks, loaded when the browser is idle or a dialog
// first opens: the detail page's first load stays small (decision 021). This module itself is loaded
// the same way (detail-page.tsx, decision 075).
const loadContact = () => import('./contact-dialog');
const loadInquiry = () => import('./inquiry-dialog');
const loadReport = () => import('./report-dialog');
const loadAccess = () => import('./access-dialog');
const loadOffer = () => import('../offers/offer-dialog');
const ContactDialog = lazy(() => loadContact().then((m) => ({ default: m.ContactDialog })));
const InquiryDialog = lazy(() => loadInquiry().then((m) => ({ default: m.InquiryDialog })));
const ReportDialog = lazy(() => loadReport().then((m) => ({ default: m.ReportDialog })));
const AccessDialog = lazy(() => loadAccess().then((m) => ({ default: m.AccessDialog })));
const OfferDialog = lazy(() => loadOffer().then((m) => ({ default: m.OfferDialog })));

/** Loads the dialogs' code ahead of their first opening. */
export function preloadDialogs(): Promise<unknown> {
  return Promise.all([loadContact(), loadInquiry(), loadReport(), loadAccess(), loadOffer()]);
}

/** Which of the detail page's dialogs is open. */
export type ListingDialog = 'contact' | 'inquiry' | 'report' | 'access' | 'offer' | null;

/**
 * The message, inquiry, report and access dialogs of one listing, rendered from the first opening on (detail-page.tsx).
 * They stay mounted while closed, so text typed and closed by mistake is still there when the dialog
 * opens again.
 */
export function ListingDialogs({ listing, dialog, onClose }: { listing: { id: string; title: string }; dialog: ListingDialog; onClose: () => void }) {
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <Suspense fallback={null}>
      <ContactDialog listingId={listing.id} listingTitle={listing.title} open={dialog === 'contact'} onOpenChange={close} />
      <InquiryDialog listingId={listing.id} listingTitle={listing.title} open={dialog === 'inquiry'} onOpenChange={close} />
      <ReportDialog listingId={listing.id} open={dialog === 'report'} onOpenChange={close} />
      <AccessDialog listingId={listing.id} listingTitle={listing.title} open={dialog === 'access'} onOpenChange={close} />
      <OfferDialog listingId={listing.id} listingTitle={listing.title} open={dialog === 'offer'} onOpenChange={close} />
    </Suspense>
  );
}
