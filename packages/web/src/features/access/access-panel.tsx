import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { accessRequest as texts } from '@bedriftstorget/core/texts/access';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import type { AccessStatus } from '@bedriftstorget/core/access/enums';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/button';
import { useRealtimeEvent } from '../../lib/realtime';
import { trpc } from '../../lib/trpc';

/** Only a buyer a seller's requirement leaves out sees it: Vipps's button stays out of every page's first load (decision 145). */
const VerifyFirst = lazy(() => import('./verify-first').then((m) => ({ default: m.VerifyFirst })));

/** The event the server publishes when a request is made or answered (packages/api/src/access/notify.ts). */
const ACCESS_CHANGED = 'access.changed';

const STATE: Record<AccessStatus, { text: string; style: string }> = {
  pending: { text: texts.pending, style: 'bg-amber-50 text-amber-900' },
  granted: { text: texts.granted, style: 'bg-emerald-50 text-emerald-900' },
  declined: { text: texts.declined, style: 'bg-slate-100 text-slate-800' },
  withdrawn: { text: texts.withdrawn, style: 'bg-slate-100 text-slate-800' },
};

/**
 * 'Be om tilgang' on a confidential listing or one with documents (decision 096): the button for a
 * buyer who has not asked, the request's state for one who has. Visitors are asked to sign in and
 * come back to the page; the owner never sees it.
 */
export function AccessPanel({ listingId, forSale, verifiedOnly, onRequest, onLoginRequired, documents }: {
  listingId: string;
  /** 'Bare verifiserte kjøpere kan be om tilgang' (decision 130): a buyer not verified is told so before asking. */
  verifiedOnly: boolean;
  /** Active: a sold listing takes no new requests (the server says the same). */
  forSale: boolean;
  onRequest: () => void;
  onLoginRequired: (text: string) => void;
  /** The data room's list, shown under the state once access is granted (decision 097). */
  documents?: ReactNode;
}) {
  const { user } = useAuth();
  const mine = useQuery(trpc.access.mine.queryOptions({ listingId }, { enabled: user !== null }));
  useRealtimeEvent(ACCESS_CHANGED, () => {
    if (user) void mine.refetch();
  });
  const state = mine.data ? STATE[mine.data.status] : null;
  // Asked only where it matters: a signed-in buyer who has not asked, on a listing that requires it.
  const status = useQuery(trpc.vipps.status.queryOptions(undefined, { enabled: user !== null && verifiedOnly && mine.data === null }));
  const mustVerify = verifiedOnly && user !== null && status.data?.verified === false;
  if (!state && !forSale) return null;
  return (
    <section aria-labelledby="access-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="access-panel">
      <h2 id="access-heading" className="text-lg font-bold">{texts.heading}</h2>
      {state ? (
        <>
          <p role="status" className={`mt-2 rounded-lg p-3 text-sm font-semibold ${state.style}`} data-testid="access-state">{state.text}</p>
          {/* Only a buyer the documents are open to asks for the list: anyone else would only be told 'not found'. */}
          {mine.data?.documentsOpen && documents && <div className="mt-4">{documents}</div>}
          {/* Sold, withdrawn or deactivated closes the documents until the seller opens them again (decision 101). */}
          {mine.data?.status === 'granted' && !mine.data.documentsOpen && <p className="mt-3 text-sm text-slate-700" data-testid="documents-closed">{texts.documentsClosed}</p>}
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{texts.hint}</p>
          {verifiedOnly && <p className="mt-2 text-sm font-semibold text-orange-900" data-testid="verified-buyers-only">{vippsTexts.buyersOnly}</p>}
          {mustVerify ? (
            <Suspense fallback={null}>
              <VerifyFirst listingId={listingId} />
            </Suspense>
          ) : (
            <Button className="mt-4 w-full" disabled={user !== null && (mine.isPending || (verifiedOnly && status.isPending))} onClick={() => (user ? onRequest() : onLoginRequired(texts.loginText))}>
              {texts.open}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
