import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { company as c } from '@bedriftstorget/core/texts/company';
import { detail as texts } from '@bedriftstorget/core/texts/marketplace';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/button';
import { trpc } from '../../lib/trpc';
import type { ListingDisclosure, SellerDisplayData } from '../../lib/types';
import { ContactChoice } from './contact-choice';
import { VippsMark } from '../vipps/vipps-mark';

/**
 * 'Selgerinformasjon'. Who the seller is comes from the server's one rule (`sellerDisplay`, decision
 * 099): a confidential sale's seller is 'Konfidensiell selger', reached by messages only, until the
 * seller lets the buyer in — then name, phone and e-mail come with the caller's own answer. Otherwise
 * phone and e-mail are fetched when a signed-in user reveals them; a visitor gets the login dialog.
 */
export function SellerCard({ listingId, seller, disclosure, contactDisabled, onLoginRequired, onMessage, onInquiry }: {
  listingId: string;
  seller: Pick<SellerDisplayData, 'anonymous' | 'cardName' | 'verified'>;
  disclosure: ListingDisclosure | null;
  /** A sold listing, or the viewer's own. */
  contactDisabled: boolean;
  onLoginRequired: () => void;
  onMessage: () => void;
  /** Absent on a confidential sale: its seller is reached by messages only. */
  onInquiry?: () => void;
}) {
  return (
    <section aria-labelledby="seller-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="seller-card">
      <h2 id="seller-heading" className="text-lg font-bold">{texts.seller}</h2>
      {disclosure ? (
        <KnownSeller disclosure={disclosure} />
      ) : (
        <p className="mt-1 text-slate-700">{seller.cardName ?? texts.sellerFallback}</p>
      )}
      {seller.verified && <VippsMark className="mt-2" />}
      {seller.anonymous && <p className="mt-2 text-sm text-slate-600">{c.confidentialSellerNote}</p>}
      {!seller.anonymous && !disclosure && <RevealContact listingId={listingId} onLoginRequired={onLoginRequired} />}
      <div className="mt-2"><ContactChoice disabled={contactDisabled} onMessage={onMessage} onInquiry={onInquiry} /></div>
    </section>
  );
}

/** A seller the buyer may know: name and firm, phone and e-mail as links, no buttons to press. */
function KnownSeller({ disclosure }: { disclosure: ListingDisclosure }) {
  const { name, firm, phone, email } = disclosure.seller;
  return (
    <div className="mt-1 text-slate-700" data-testid="known-seller">
      <p className="font-medium text-slate-900">{[name, firm].filter(Boolean).join(' · ') || texts.sellerFallback}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{c.disclosure.phone}</dt>
        <dd>{phone ? <a className="text-brand-700 underline" href={`tel:${phone}`}>{phone}</a> : texts.noPhone}</dd>
        <dt className="text-slate-600">{c.disclosure.email}</dt>
        <dd className="break-all">{email ? <a className="text-brand-700 underline" href={`mailto:${email}`}>{email}</a> : texts.noPhone}</dd>
      </dl>
    </div>
  );
}

/** 'Vis telefonnummer' and 'Vis e-post': asked for when pressed, signed in only. */
function RevealContact({ listingId, onLoginRequired }: { listingId: string; onLoginRequired: () => void }) {
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
    <div className="mt-4 flex flex-col gap-2" aria-live="polite">
      <Button variant="secondary" aria-expanded={shown.phone} onClick={() => toggle('phone')}>{value('phone', texts.showPhone)}</Button>
      <Button variant="secondary" aria-expanded={shown.email} onClick={() => toggle('email')}>{value('email', texts.showEmail)}</Button>
    </div>
  );
}
