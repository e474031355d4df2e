import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from '../../router/navigate';
import { useNavigate, useSearchParams } from '../../router/location';
import { toast } from '../../lib/toast';
import { wizard as t } from '@bedriftstorget/core/texts/seller';
import { useAuth } from '../../app/auth-context';
import { Spinner } from '../../components/spinner';
import { readLocalDraft } from '../../lib/draft';
import { trpc } from '../../lib/trpc';
import { emptyForm, fromListing, type WizardForm } from './form-state';
import { QuotaGate } from './quota-gate';
import { Wizard } from './wizard';

/** /legg-ut-annonse, and ?edit={id} for the user's own listing (docs/product.md, 'Listing wizard'). */
export function WizardPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const { user, loading } = useAuth();
  if (loading) return <main id="innhold" className="flex-1"><Spinner /></main>;
  if (editId && !user) return <Navigate to={`/auth?mode=login&next=${encodeURIComponent(`/legg-ut-annonse?edit=${editId}`)}`} replace />;
  return editId ? <EditWizard key={editId} id={editId} /> : <NewWizard />;
}

function NewWizard() {
  const [draft] = useState(() => readLocalDraft<WizardForm>());
  const [listingId] = useState(() => draft?.listingId ?? crypto.randomUUID());
  const { user } = useAuth();
  const welcomed = useRef(false);
  useEffect(() => {
    if (draft && user && !welcomed.current) {
      welcomed.current = true;
      toast.success(t.welcomeBackTitle, { description: t.welcomeBackText });
    }
  }, [draft, user]);
  // Checked when the wizard opens, before anything is filled in or uploaded (the submit checks again).
  if (user) return <QuotaGate><Wizard mode="new" listingId={listingId} initialForm={{ ...emptyForm, ...draft?.formData }} initialStep={draft?.currentStep ?? 1} initialGuestEmail={draft?.guestEmail ?? ''} restoreDraftImages={Boolean(draft)} /></QuotaGate>;
  return <Wizard mode="new" listingId={listingId} initialForm={{ ...emptyForm, ...draft?.formData }} initialStep={draft?.currentStep ?? 1} initialGuestEmail={draft?.guestEmail ?? ''} restoreDraftImages={Boolean(draft)} />;
}

function EditWizard({ id }: { id: string }) {
  const navigate = useNavigate();
  const listing = useQuery(trpc.seller.forEdit.queryOptions({ id }, { retry: false }));
  useEffect(() => {
    if (listing.isError) {
      toast.error(t.editLoadFailed);
      navigate('/mine-annonser', { replace: true });
    }
  }, [listing.isError, navigate]);
  if (!listing.data) return <main id="innhold" className="flex-1"><Spinner /></main>;
  return <Wizard mode="edit" listingId={id} initialForm={fromListing(listing.data)} initialStep={1} initialGuestEmail="" existingImages={listing.data.images} status={listing.data.status} />;
}

