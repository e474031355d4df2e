import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { detail as texts } from '@bedriftstorget/core/texts/marketplace';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/button';
import { trpc } from '../../lib/trpc';
import { ContactChoice } from './contact-choice';

/**
 * 'Selgerinformasjon'. Phone and e-mail are not in the page's data: they are fetched when a
 * signed-in user reveals them; a visitor gets the login dialog instead.
 */
export function SellerCard({ listingId, sellerName, contactDisabled, onLoginRequired, onMessage, onInquiry }: {
  listingId: string;
  sellerName: string | null;
  /** A sold listing, or the viewer's own. */
  contactDisabled: boolean;
  onLoginRequired: () => void;
  onMessage: () => void;
  onInquiry: () => void;
}) {
  const { user } = useAuth();
  const [shown, setShown] = useState<{ phone: boolean; email: boolean }>({ phone: false, email: false });
  const wanted = Boolean(user) && (shown.phone || shown.email);
  const contact = useQuery(trpc.listing.sellerContact.queryOptions({ id: listingId }, { enabled: wanted, staleTime: Infinity }));

  const toggle = (field: 'phone' | 'email') => {
    if (!user) return onLoginRequired();
    setShown((s) => ({ ...s, [field]: !s[field] }));
  };
  const value = (field: 'phone' | 'email', label: string) => {
    if (!shown[field]) return label;
    if (contact.isPending) return '…';
    if (contact.isError) return texts.contactFailed;
    return (field === 'phone' ? contact.data.phone : contact.data.email) ?? texts.noPhone;
  };

  return (
    <section aria-labelledby="seller-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="seller-heading" className="text-lg font-bold">{texts.seller}</h2>
      <p className="mt-1 text-slate-700">{sellerName ?? texts.sellerFallback}</p>
      <div className="mt-4 flex flex-col gap-2" aria-live="polite">
        <Button variant="secondary" aria-expanded={shown.phone} onClick={() => toggle('phone')}>{value('phone', texts.showPhone)}</Button>
        <Button variant="secondary" aria-expanded={shown.email} onClick={() => toggle('email')}>{value('email', texts.showEmail)}</Button>
      </div>
      <div className="mt-2"><ContactChoice disabled={contactDisabled} onMessage={onMessage} onInquiry={onInquiry} /></div>
    </section>
  );
}
