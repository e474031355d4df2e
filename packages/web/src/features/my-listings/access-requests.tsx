import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { accessAnswer as t } from '@bedriftstorget/core/texts/access';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { useRealtimeEvent } from '../../lib/realtime';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { AccessRequestData as Request } from '../../lib/types';
import { VippsMark } from '../vipps/vipps-mark';

/** The event the server publishes when a request is made or answered (packages/api/src/access/notify.ts). */
const ACCESS_CHANGED = 'access.changed';

/**
 * 'Tilgangsforespørsler' in /mine-annonser (decision 096): per listing, who asked (name, e-mail,
 * message, date, the Taushetserklæring's version), answered with 'Gi tilgang' or 'Avslå'; a grant
 * can be withdrawn. Nothing shows until someone has asked. New requests arrive live.
 */
export function AccessRequests() {
  const list = useQuery(trpc.access.forSeller.queryOptions());
  const queryClient = useQueryClient();
  useRealtimeEvent(ACCESS_CHANGED, () => void list.refetch());
  const options = (done: string) => ({
    onSuccess: () => {
      toast.success(done);
      return queryClient.invalidateQueries(trpc.access.forSeller.pathFilter());
    },
    onError: (error: unknown) => toast.error(t.failed, { description: errorMessage(error) }),
  });
  const grant = useMutation(trpc.access.grant.mutationOptions(options(t.granted)));
  const decline = useMutation(trpc.access.decline.mutationOptions(options(t.declinedDone)));
  const withdraw = useMutation(trpc.access.withdraw.mutationOptions(options(t.withdrawnDone)));
  const reopen = useMutation(trpc.access.reopen.mutationOptions(options(t.reopenedDone)));
  const busy = grant.isPending || decline.isPending || withdraw.isPending || reopen.isPending;

  if (list.isError) return <p role="alert" className="mb-6 text-red-700">{t.loadFailed}</p>;
  if (!list.data?.length) return null;
  const byListing = new Map<string, Request[]>();
  for (const request of list.data) byListing.set(request.listingId, [...(byListing.get(request.listingId) ?? []), request]);

  return (
    <section aria-labelledby="access-requests-heading" className="mb-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="access-requests">
      <h2 id="access-requests-heading" className="text-lg font-bold">{t.heading(list.data.length)}</h2>
      {[...byListing.values()].map((requests) => (
        <div key={requests[0]!.listingId} className="mt-4">
          <h3 className="font-semibold text-slate-900">{requests[0]!.listingTitle}</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {requests.map((request) => (
              <li key={request.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between" data-testid="access-request">
                <div className="min-w-0">
                  <p id={`access-${request.id}`} className="font-medium text-slate-900">{request.buyerName}{request.buyerVerified && <VippsMark className="ml-2 align-middle" />}</p>
                  <p className="break-all text-sm"><a href={`mailto:${request.buyerEmail}`} className="text-brand-700 underline">{request.buyerEmail}</a></p>
                  <p className="text-xs text-slate-600">{t.sentOn(formatDate(request.createdAt))} · {t.ndaAccepted(request.ndaVersion, formatDate(request.ndaAcceptedAt))}</p>
                  {request.message && <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">«{request.message}»</p>}
                  {request.keptUntil ? (
                    <p className="mt-1 text-sm font-semibold text-slate-800">{t.accountDeleted(formatDate(request.keptUntil))}</p>
                  ) : (
                    <p className="mt-1 text-sm font-semibold text-slate-800">{t.statuses[request.status]}</p>
                  )}
                  <DocumentsNote request={request} />
                </div>
                {!request.keptUntil && <div className="flex shrink-0 flex-wrap gap-2">
                  {request.status !== 'granted' && <Button aria-describedby={`access-${request.id}`} disabled={busy} onClick={() => grant.mutate({ id: request.id })}>{t.grant}</Button>}
                  {request.status === 'pending' && <Button variant="secondary" aria-describedby={`access-${request.id}`} disabled={busy} onClick={() => decline.mutate({ id: request.id })}>{t.decline}</Button>}
                  {request.status === 'granted' && <Button variant="secondary" aria-describedby={`access-${request.id}`} disabled={busy} onClick={() => withdraw.mutate({ id: request.id })}>{t.withdraw}</Button>}
                  {closedBySale(request) && <Button variant="secondary" aria-describedby={`access-${request.id}`} disabled={busy} onClick={() => reopen.mutate({ id: request.id })}>{t.reopen}</Button>}
                </div>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** A grant on a listing that is sold (still public): the sale closed its documents, the seller may open them again (decision 101). */
const closedBySale = (request: Request) => request.status === 'granted' && !request.keptUntil && !request.forSale && !request.documentsOpen && request.listingPublic;

/** Whether a granted buyer reads the documents now: closed by the sale, or opened again for them. */
function DocumentsNote({ request }: { request: Request }) {
  if (request.status !== 'granted' || request.keptUntil || request.forSale) return null;
  return <p className="mt-1 text-sm text-slate-700">{request.documentsOpen ? t.reopened : t.documentsClosed}</p>;
}
