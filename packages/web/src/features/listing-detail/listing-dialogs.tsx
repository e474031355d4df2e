import { lazy, Suspense, useEffect, useState } from 'react';
import { inquiryTexts } from '@bedriftstorget/core/texts/messages';

// The forms (react-hook-form, zod) are their own chunk, loaded when the browser is idle or a dialog
// first opens: the detail page's first load stays small (decision 021).
const loadContact = () => import('./contact-dialog');
const loadInquiry = () => import('./inquiry-dialog');
const loadReport = () => import('./report-dialog');
const ContactDialog = lazy(() => loadContact().then((m) => ({ default: m.ContactDialog })));
const InquiryDialog = lazy(() => loadInquiry().then((m) => ({ default: m.InquiryDialog })));
const ReportDialog = lazy(() => loadReport().then((m) => ({ default: m.ReportDialog })));

function usePreloadWhenIdle() {
  useEffect(() => {
    const preload = () => void Promise.all([loadContact(), loadInquiry(), loadReport()]).catch(() => {});
    if (!('requestIdleCallback' in window)) return void setTimeout(preload, 3_000);
    const handle = window.requestIdleCallback(preload, { timeout: 10_000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
}

/** Which of the detail page's dialogs is open; 'accounts' is the inquiry asking for the accounts. */
export type ListingDialog = 'contact' | 'inquiry' | 'accounts' | 'report' | null;

/**
 * The message and inquiry dialogs of one listing. They stay mounted while closed, so text typed
 * and closed by mistake is still there when the dialog opens again.
 */
export function ListingDialogs({ listing, dialog, onClose }: { listing: { id: string; title: string }; dialog: ListingDialog; onClose: () => void }) {
  // The inquiry starts over (blank or with the accounts request) only when its kind changes.
  const [kind, setKind] = useState<'inquiry' | 'accounts'>('inquiry');
  if ((dialog === 'inquiry' || dialog === 'accounts') && dialog !== kind) setKind(dialog);
  // Mounted from the first opening on, then kept (see above).
  const [used, setUsed] = useState(false);
  if (dialog && !used) setUsed(true);
  usePreloadWhenIdle();
  if (!used) return null;
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
