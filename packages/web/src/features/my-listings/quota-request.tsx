import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { QUOTA_NOTE_MAX } from '@bedriftstorget/core/profile/enums';
import { quotaRequestSchema } from '@bedriftstorget/core/profile/quota-request-schemas';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { common } from '@bedriftstorget/core/texts/nb';
import { planLabels, quotaRequestTexts as t } from '@bedriftstorget/core/texts/seller';
import { Button } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

export interface QuotaStandingData {
  plan: 'free' | 'pro' | 'partner';
  maxListings: number;
  quotaRequest: { status: 'open' | 'granted' | 'declined'; wanted: number; answerNote: string | null; createdAt: string; answeredAt: string | null } | null;
}

/**
 * Where the seller stands and the way past the limit (decision 141): the plan and limit, the latest
 * 'Be om flere annonser' with staff's answer, and the button to ask (not while one waits).
 */
export function QuotaStanding({ data, offerRequest }: { data: QuotaStandingData; offerRequest: boolean }) {
  const [open, setOpen] = useState(false);
  const request = data.quotaRequest;
  return (
    <div className="text-sm" data-testid="quota-standing">
      <p>{t.planLine(planLabels[data.plan], data.maxListings)}</p>
      {request?.status === 'open' && <p className="mt-1 font-semibold">{t.waiting(request.wanted, formatDate(request.createdAt))}</p>}
      {request && request.status !== 'open' && (
        <div className="mt-1">
          <p className="font-semibold">{request.status === 'granted' ? t.granted(formatDate(request.createdAt)) : t.declined(formatDate(request.createdAt))}</p>
          {request.answerNote && <p className="break-words">{t.note(request.answerNote)}</p>}
        </div>
      )}
      {offerRequest && request?.status !== 'open' && <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>{t.open}</Button>}
      <RequestDialog open={open} onOpenChange={setOpen} max={data.maxListings} />
    </div>
  );
}

function RequestDialog({ open, onOpenChange, max }: { open: boolean; onOpenChange: (open: boolean) => void; max: number }) {
  const queryClient = useQueryClient();
  const returnFocus = useReturnFocus(open);
  const [wanted, setWanted] = useState(String(max + 2));
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation(trpc.seller.requestMoreListings.mutationOptions({
    onSuccess: () => {
      toast.success(t.sent, { description: t.sentText });
      onOpenChange(false);
      return queryClient.invalidateQueries(trpc.seller.mine.pathFilter());
    },
    onError: (failure) => setError(errorMessage(failure)),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = quotaRequestSchema.safeParse({ wanted: wanted.trim() === '' ? Number.NaN : Number(wanted), message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t.wantedInvalid);
      document.getElementById(parsed.error.issues[0]?.path[0] === 'message' ? 'quota-message' : 'quota-wanted')?.focus();
      return;
    }
    if (parsed.data.wanted <= max) {
      setError(t.wantedNotMore(max));
      document.getElementById('quota-wanted')?.focus();
      return;
    }
    setError(null);
    send.mutate(parsed.data);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[94vw] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">{t.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{t.description}</Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="quota-wanted" className="text-sm font-medium">{t.wantedLabel}</label>
              <input id="quota-wanted" type="number" inputMode="numeric" min={max + 1} className="rounded-lg border border-slate-300 px-3 py-2" value={wanted}
                aria-invalid={error ? true : undefined} aria-describedby={error ? 'quota-error' : undefined} onChange={(e) => setWanted(e.target.value)} />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="quota-message" className="text-sm font-medium">{t.messageLabel}</label>
              <textarea id="quota-message" rows={3} maxLength={QUOTA_NOTE_MAX} className="rounded-lg border border-slate-300 px-3 py-2" value={message} onChange={(e) => setMessage(e.target.value)} />
            </div>
            {error && <p id="quota-error" role="alert" className="text-sm font-medium text-red-700">{error}</p>}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild><Button variant="secondary">{common.cancel}</Button></Dialog.Close>
              <Button type="submit" disabled={send.isPending}>{t.send}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
