import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { accessRequest as texts } from '@bedriftstorget/core/texts/access';
import type { AccessStatus } from '@bedriftstorget/core/access/enums';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/button';
import { useRealtimeEvent } from '../../lib/realtime';
import { trpc } from '../../lib/trpc';

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
export function AccessPanel({ listingId, forSale, onRequest, onLoginRequired, documents }: {
  listingId: string;
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
  if (!state && !forSale) return null;
  return (
    <section aria-labelledby="access-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="access-panel">
      <h2 id="access-heading" className="text-lg font-bold">{texts.heading}</h2>
      {state ? (
        <>
          <p role="status" className={`mt-2 rounded-lg p-3 text-sm font-semibold ${state.style}`} data-testid="access-state">{state.text}</p>
          {/* Only a granted buyer asks for the list: anyone else would only be told 'not found'. */}
          {mine.data?.status === 'granted' && documents && <div className="mt-4">{documents}</div>}
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{texts.hint}</p>
          <Button className="mt-4 w-full" disabled={user !== null && mine.isPending} onClick={() => (user ? onRequest() : onLoginRequired(texts.loginText))}>
            {texts.open}
          </Button>
        </>
      )}
    </section>
  );
}
