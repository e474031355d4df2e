import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { accessRequestSchema } from '@bedriftstorget/core/access/schemas';
import { accessRequest as texts, nda } from '@bedriftstorget/core/texts/access';
import { common } from '@bedriftstorget/core/texts/nb';
import { Button, buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { dialogInputClass as inputClass } from './dialog-styles';


/**
 * 'Be om tilgang' (decision 096): the Taushetserklæring in full with its version, the box the buyer
 * must tick, an optional message to the seller. The server checks the same and stores the version
 * shown here, with the time and the network address.
 */
export function AccessDialog({ listingId, listingTitle, open, onOpenChange }: {
  listingId: string;
  listingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const returnFocus = useReturnFocus(open);
  const queryClient = useQueryClient();
  const [accepted, setAccepted] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ accept?: string; message?: string }>({});
  const send = useMutation(trpc.access.request.mutationOptions({
    onSuccess: () => {
      toast.success(texts.sent);
      setMessage('');
      setAccepted(false);
      onOpenChange(false);
      void queryClient.invalidateQueries(trpc.access.mine.queryFilter({ listingId }));
    },
    onError: (failure) => toast.error(texts.failed, { description: errorMessage(failure) }),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accessRequestSchema.safeParse({ listingId, acceptNda: accepted, ndaVersion: nda.version, message });
    const issue = (field: string) => parsed.error?.issues.find((i) => i.path[0] === field)?.message;
    const found = { accept: issue('acceptNda'), message: issue('message') };
    setErrors(found);
    if (found.accept) document.getElementById('access-accept')?.focus();
    else if (found.message) document.getElementById('access-message')?.focus();
    if (parsed.success) send.mutate(parsed.data);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[94vw] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6">
          <form onSubmit={submit} noValidate>
            <Dialog.Title className="text-xl font-bold">{texts.title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{texts.description(listingTitle)}</Dialog.Description>
            <section aria-labelledby="nda-heading" className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
              <h3 id="nda-heading" className="font-bold">{nda.title}</h3>
              <p className="text-xs text-slate-600">{texts.version(nda.version)}</p>
              {/* Scrolls on small screens; focusable so a keyboard can scroll it too. */}
              <div tabIndex={0} aria-labelledby="nda-heading" className="mt-2 max-h-56 space-y-2 overflow-y-auto pr-1 text-sm text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" data-testid="nda-text">
                {nda.paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
              </div>
            </section>
            <div className="mt-4 flex items-start gap-2">
              <input
                id="access-accept"
                type="checkbox"
                checked={accepted}
                onChange={(e) => { setAccepted(e.target.checked); setErrors((current) => ({ ...current, accept: undefined })); }}
                aria-invalid={errors.accept ? true : undefined}
                aria-describedby={errors.accept ? 'access-accept-error' : undefined}
                className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
              />
              <label htmlFor="access-accept" className="text-sm font-medium text-slate-800">{texts.accept}</label>
            </div>
            {errors.accept && <p id="access-accept-error" role="alert" className="mt-1 text-sm text-red-700">{errors.accept}</p>}
            <label htmlFor="access-message" className="mt-4 block text-sm font-medium text-slate-800">{texts.message}</label>
            <textarea
              id="access-message"
              rows={3}
              value={message}
              onChange={(e) => { setMessage(e.target.value); setErrors((current) => ({ ...current, message: undefined })); }}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'access-message-error' : undefined}
              className={`${inputClass} resize-y ${errors.message ? 'border-red-500' : ''}`}
            />
            {errors.message && <p id="access-message-error" role="alert" className="mt-1 text-sm text-red-700">{errors.message}</p>}
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
              <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>{send.isPending ? texts.sending : texts.send}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
