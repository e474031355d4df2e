import { lazy, Suspense, useState } from 'react';
import { inquiryTexts } from '@bedriftstorget/core/texts/messages';

// The forms (react-hook-form, zod) are their own chunks, loaded when the browser is idle or a dialog
// first opens: the detail page's first load stays small (decision 021). This module itself is loaded
// the same way (detail-page.tsx, decision 075).
const loadContact = () => import('./contact-dialog');
const loadInquiry = () => import('./inquiry-dialog');
const loadReport = () => import('./report-dialog');
const ContactDialog = lazy(() => loadContact().then((m) => ({ default: m.ContactDialog })));
const InquiryDialog = lazy(() => loadInquiry().then((m) => ({ default: m.InquiryDialog })));
const ReportDialog = lazy(() => loadReport().then((m) => ({ default: m.ReportDialog })));

/** Loads the dialogs' code ahead of their first opening. */
export function preloadDialogs(): Promise<unknown> {
  return Promise.all([loadContact(), loadInquiry(), loadReport()]);
}

/** Which of the detail page's dialogs is open; 'accounts' is the inquiry asking for the accounts. */
export type ListingDialog = 'contact' | 'inquiry' | 'accounts' | 'report' | null;

/**
 * The message and inquiry dialogs of one listing, rendered from the first opening on (detail-page.tsx).
 * They stay mounted while closed, so text typed and closed by mistake is still there when the dialog
 * opens again.
 */
export function ListingDialogs({ listing, dialog, onClose }: { listing: { id: string; title: string }; dialog: ListingDialog; onClose: () => void }) {
  // The inquiry starts over (blank or with the accounts request) only when its kind changes.
  const [kind, setKind] = useState<'inquiry' | 'accounts'>('inquiry');
  if ((dialog === 'inquiry' || dialog === 'accounts') && dialog !== kind) setKind(dialog);
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <Suspense fallback={null}>
      <ContactDialog listingId={listing.id} listingTitle={listing.title} open={dialog === 'contact'} onOpenChange={close} />
      <InquiryDialog
        key={kind}
        listingId={listing.id}
        listingTitle={listing.title}
        open={dialog === 'inquiry' || dialog === 'accounts'}
        onOpenChange={close}
        initialMessage={kind === 'accounts' ? inquiryTexts.accountsRequest(listing.title) : ''}
      />
      <ReportDialog listingId={listing.id} open={dialog === 'report'} onOpenChange={close} />
    </Suspense>
  );
}
