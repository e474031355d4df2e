import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatDateTime, formatNok } from '@bedriftstorget/core/format/nb';
import { offerThread as t, offerTexts } from '@bedriftstorget/core/texts/offers';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { OfferThreadData as Thread } from '../../lib/types';
import { DeclineDialog } from './decline-dialog';
import { VippsMark } from '../vipps/vipps-mark';
import { OfferDialog } from './offer-dialog';

/** A bid's terms as the thread and its timeline carry them (the timeline's answers have none). */
interface Terms {
  price: number | null;
  dealType?: Thread['dealType'] | null;
  financing?: Thread['financing'] | null;
  conditions?: Thread['conditions'] | null;
  takeoverDate?: string | null;
  expiresAt?: string | null;
}

const STATUS_STYLE: Record<Thread['status'], string> = {
  standing: 'bg-amber-50 text-amber-900', accepted: 'bg-emerald-50 text-emerald-900', declined: 'bg-slate-100 text-slate-800', withdrawn: 'bg-slate-100 text-slate-800', expired: 'bg-slate-100 text-slate-800', closed: 'bg-slate-100 text-slate-800',
};

/** One bid's terms in a line or two, as both parties read them. */
function TermsText({ terms }: { terms: Terms }) {
  const parts = [
    terms.dealType ? t.dealType[terms.dealType] : null,
    terms.financing?.map((kind) => t.financing[kind]).join(', '),
    terms.conditions ? (terms.conditions.length ? terms.conditions.map((kind) => t.conditions[kind]).join(', ') : t.noConditions) : null,
    terms.takeoverDate ? t.takeover(formatDate(`${terms.takeoverDate}T12:00:00Z`)) : null,
    terms.expiresAt ? t.expiresAt(formatDateTime(terms.expiresAt)) : null,
  ].filter(Boolean);
  return (
    <>
      {terms.price !== null && <span className="font-semibold text-slate-900">{formatNok(terms.price)}</span>}
      {parts.length > 0 && <span className="block text-sm text-slate-700">{parts.join(' · ')}</span>}
    </>
  );
}

type Dialog = 'accept' | 'decline' | 'counter' | 'withdraw' | null;

/**
 * An offer's thread for either party: the standing terms, the answers the caller may give
 * ('Aksepter', 'Avslå', 'Motbud' when it is their turn; 'Trekk budet' while it stands), the LOI once
 * accepted, and the timeline of every bid and answer.
 */
export function OfferThreadCard({ thread }: { thread: Thread }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const options = (done: string) => ({
    onSuccess: () => {
      toast.success(done);
      setDialog(null);
      return queryClient.invalidateQueries(trpc.offer.pathFilter());
    },
    onError: (error: unknown) => toast.error(offerTexts.failed, { description: errorMessage(error) }),
  });
  const accept = useMutation(trpc.offer.accept.mutationOptions(options(t.accepted)));
  const decline = useMutation(trpc.offer.decline.mutationOptions(options(t.declined)));
  const withdraw = useMutation(trpc.offer.withdraw.mutationOptions(options(t.withdrawn)));
  const loi = useMutation(trpc.offer.loi.mutationOptions({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error: unknown) => toast.error(offerTexts.loiFailed, { description: errorMessage(error) }),
  }));
  const busy = accept.isPending || decline.isPending || withdraw.isPending;
  const labelId = `offer-${thread.id}`;
  const standing = thread.status === 'standing';
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <li className="p-3 sm:p-4" data-testid="offer-thread">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p id={labelId} className="font-medium text-slate-900">
            {thread.role === 'seller' ? `${t.buyer}: ${thread.counterpartName ?? t.deletedParty}` : thread.listingTitle}
          </p>
          {thread.role === 'seller' && thread.counterpartVerified && <VippsMark />}
          {thread.role === 'buyer' && (
            <p className="text-sm text-slate-700" data-testid="offer-seller">
              {t.seller(thread.counterpartName ?? t.deletedParty)}
              {thread.counterpartVerified && <> · <VippsMark /></>}
            </p>
          )}
          <p className="mt-1"><TermsText terms={thread} /></p>
          <p className={`mt-2 inline-block rounded-lg px-2 py-1 text-sm font-semibold ${STATUS_STYLE[thread.status]}`} data-testid="offer-status">
            {t.status[thread.status]}{standing ? ` · ${thread.yourTurn ? t.waitingForYou : t.waitingForOther}` : ''}
          </p>
          {thread.declineReason && <p className="mt-1 text-sm text-slate-700">{thread.status === 'closed' ? t.closedBecause(thread.declineReason) : t.reasonGiven(thread.declineReason)}</p>}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {thread.yourTurn && <Button aria-describedby={labelId} disabled={busy} onClick={() => setDialog('accept')}>{t.accept}</Button>}
          {thread.yourTurn && <Button variant="secondary" aria-describedby={labelId} disabled={busy} onClick={() => setDialog('counter')}>{t.counter}</Button>}
          {thread.yourTurn && <Button variant="secondary" aria-describedby={labelId} disabled={busy} onClick={() => setDialog('decline')}>{t.decline}</Button>}
          {standing && <Button variant="ghost" aria-describedby={labelId} disabled={busy} onClick={() => setDialog('withdraw')}>{t.withdraw}</Button>}
          {thread.hasLoi && <Button aria-describedby={labelId} disabled={loi.isPending} aria-busy={loi.isPending} onClick={() => loi.mutate({ offerId: thread.id })}>{t.loi}</Button>}
        </div>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t.timeline}</summary>
        <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4" data-testid="offer-timeline">
          {thread.events.map((event) => (
            <li key={event.id} className="text-sm">
              <span className="font-semibold">{t.event[event.kind]}</span>{event.kind === 'closed' ? '' : ` · ${t.by[event.actor]}`} · <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              {event.price !== null && <span className="block"><TermsText terms={event} /></span>}
              {event.message && <span className="block whitespace-pre-line break-words text-slate-700">«{event.message}»</span>}
              {event.reason && <span className="block text-slate-700">{event.kind === 'closed' ? t.closedBecause(event.reason) : t.reasonGiven(event.reason)}</span>}
            </li>
          ))}
        </ol>
      </details>
      <ConfirmDialog open={dialog === 'accept'} onOpenChange={close} title={t.acceptTitle} description={t.acceptText} confirmLabel={t.accept} busy={busy} onConfirm={() => accept.mutate({ offerId: thread.id })} />
      <ConfirmDialog open={dialog === 'withdraw'} onOpenChange={close} title={t.withdrawTitle} description={t.withdrawText} confirmLabel={t.withdraw} busy={busy} onConfirm={() => withdraw.mutate({ offerId: thread.id })} />
      <DeclineDialog offerId={thread.id} open={dialog === 'decline'} onOpenChange={close} busy={busy} onDecline={(reason) => decline.mutate({ offerId: thread.id, reason: reason ?? undefined })} />
      {dialog === 'counter' && <OfferDialog listingId={thread.listingId} listingTitle={thread.listingTitle} counterOf={thread.id} open onOpenChange={close} />}
    </li>
  );
}
