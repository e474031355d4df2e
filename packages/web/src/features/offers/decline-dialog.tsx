import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { declineOfferSchema } from '@bedriftstorget/core/offer/schemas';
import { offerThread as t } from '@bedriftstorget/core/texts/offers';
import { common } from '@bedriftstorget/core/texts/nb';
import { Button, buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { dialogInputClass as inputClass } from '../listing-detail/dialog-styles';

/** 'Avslå' with an optional reason the other party is mailed, checked with the server's schema. */
export function DeclineDialog({ offerId, open, onOpenChange, onDecline, busy }: {
  offerId: string; open: boolean; onOpenChange: (open: boolean) => void; onDecline: (reason: string | null) => void; busy: boolean;
}) {
  const returnFocus = useReturnFocus(open);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = declineOfferSchema.safeParse({ offerId, reason });
    setError(parsed.error?.issues[0]?.message);
    if (parsed.success) onDecline(parsed.data.reason);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} aria-describedby={undefined} className="fixed left-1/2 top-1/2 z-50 w-[94vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl sm:p-6">
          <form onSubmit={submit} noValidate>
            <Dialog.Title className="text-lg font-bold">{t.declineTitle}</Dialog.Title>
            <label htmlFor="decline-reason" className="mt-4 block text-sm font-medium text-slate-800">{t.reason}</label>
            <textarea id="decline-reason" rows={3} value={reason} onChange={(e) => { setReason(e.target.value); setError(undefined); }} aria-invalid={error ? true : undefined} aria-describedby={error ? 'decline-reason-error' : undefined} className={`${inputClass} resize-y`} />
            {error && <p id="decline-reason-error" role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
              <Button type="submit" variant="danger" disabled={busy} aria-busy={busy}>{t.declineConfirm}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
