import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { inquirySchema } from '@bedriftstorget/core/message/schemas';
import { inquiryTexts as texts } from '@bedriftstorget/core/texts/messages';
import { common } from '@bedriftstorget/core/texts/nb';
import { useAuth } from '../../app/auth-context';
import { Button, buttonClass } from '../../components/button';
import { trpc } from '../../lib/trpc';
import { sendFailure } from '../../lib/use-messages';
import { useReturnFocus } from '../../components/use-return-focus';
import { dialogInputClass as inputClass } from './dialog-styles';


/**
 * 'Send forespørsel' (docs/product.md, 'Listing detail'): name and e-mail shown from the account and not editable —
 * the server takes them from the account too.
 */
export function InquiryDialog({ listingId, listingTitle, open, onOpenChange }: {
  listingId: string;
  listingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useAuth();
  const returnFocus = useReturnFocus(open);
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  // No name on the profile: ask for it rather than send 'Ukjent' to the seller.
  const askName = Boolean(user) && !user?.fullName;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const send = useMutation(trpc.message.sendInquiry.mutationOptions({
    onSuccess: () => {
      toast.success(texts.sentTitle, { description: texts.sentText });
      setMessage('');
      onOpenChange(false);
      void queryClient.invalidateQueries(trpc.listing.detail.queryFilter({ id: listingId }));
      if (askName) void queryClient.invalidateQueries(trpc.auth.me.pathFilter());
    },
    onError: (failure) => toast.error(texts.failedTitle, { description: sendFailure(failure, texts.failedText) }),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast.error(texts.loginTitle, { description: texts.loginText });
      return;
    }
    const parsed = inquirySchema.safeParse({ listingId, message, name: askName ? name : undefined });
    const missingName = askName && !parsed.data?.name && !parsed.error?.issues.some((issue) => issue.path[0] === 'name');
    const nameIssue = missingName ? texts.nameRequired : parsed.error?.issues.find((issue) => issue.path[0] === 'name')?.message ?? null;
    const messageIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'message')?.message ?? null;
    setNameError(nameIssue);
    setError(messageIssue);
    if (nameIssue) document.getElementById('inquiry-name')?.focus();
    else if (messageIssue) document.getElementById('inquiry-message')?.focus();
    if (!parsed.success || nameIssue) return;
    send.mutate(parsed.data);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[92vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <form onSubmit={submit} noValidate>
            <Dialog.Title className="text-xl font-bold">{texts.title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{texts.description(listingTitle)}</Dialog.Description>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="inquiry-name" className="block text-sm font-medium text-slate-800">{texts.name}</label>
                {askName ? (
                  <>
                    <input
                      id="inquiry-name"
                      autoComplete="name"
                      required
                      value={name}
                      onChange={(e) => { setName(e.target.value); setNameError(null); }}
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={nameError ? 'inquiry-name-error inquiry-name-hint' : 'inquiry-name-hint'}
                      className={`${inputClass} ${nameError ? 'border-red-500' : ''}`}
                    />
                    <p id="inquiry-name-hint" className="mt-1 text-xs text-slate-600">{texts.nameHint}</p>
                    {nameError && <p id="inquiry-name-error" className="mt-1 text-sm text-red-700">{nameError}</p>}
                  </>
                ) : (
                  <input id="inquiry-name" disabled value={user?.fullName ?? ''} className={`${inputClass} bg-slate-100 text-slate-600`} />
                )}
              </div>
              <div>
                <label htmlFor="inquiry-email" className="block text-sm font-medium text-slate-800">{texts.email}</label>
                <input id="inquiry-email" type="email" disabled value={user?.email ?? ''} className={`${inputClass} bg-slate-100 text-slate-600`} />
              </div>
            </div>
            <label htmlFor="inquiry-message" className="mt-4 block text-sm font-medium text-slate-800">{texts.message}</label>
            <textarea
              id="inquiry-message"
              rows={5}
              required
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'inquiry-error' : undefined}
              className={`${inputClass} resize-y ${error ? 'border-red-500' : ''}`}
            />
            {error && <p id="inquiry-error" role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
            <div className="mt-4 flex justify-end gap-2">
              <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
              <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>{send.isPending ? texts.sending : texts.send}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
