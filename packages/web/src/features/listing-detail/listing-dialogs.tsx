import { useState } from 'react';
import { inquiryTexts } from '@bedriftstorget/core/texts/messages';
import { ContactDialog } from './contact-dialog';
import { InquiryDialog } from './inquiry-dialog';

/** Which of the detail page's contact dialogs is open; 'accounts' is the inquiry asking for the accounts. */
export type ListingDialog = 'contact' | 'inquiry' | 'accounts' | null;

/**
 * The message and inquiry dialogs of one listing. They stay mounted while closed, so text typed
 * and closed by mistake is still there when the dialog opens again.
 */
export function ListingDialogs({ listing, dialog, onClose }: { listing: { id: string; title: string }; dialog: ListingDialog; onClose: () => void }) {
  // The inquiry starts over (blank or with the accounts request) only when its kind changes.
  const [kind, setKind] = useState<'inquiry' | 'accounts'>('inquiry');
  if ((dialog === 'inquiry' || dialog === 'accounts') && dialog !== kind) setKind(dialog);
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      <ContactDialog listingId={listing.id} listingTitle={listing.title} open={dialog === 'contact'} onOpenChange={close} />
      <InquiryDialog
        key={kind}
        listingId={listing.id}
        listingTitle={listing.title}
        open={dialog === 'inquiry' || dialog === 'accounts'}
        onOpenChange={close}
        initialMessage={kind === 'accounts' ? inquiryTexts.accountsRequest(listing.title) : ''}
      />
    </>
  );
}
