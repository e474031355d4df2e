import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { inquirySchema } from '@bedriftstorget/core/message/schemas';
import { inquiryTexts as texts } from '@bedriftstorget/core/texts/messages';
import { common } from '@bedriftstorget/core/texts/nb';
import { useAuth } from '../../app/auth-context';
import { Button, buttonClass } from '../../components/button';
import { trpc } from '../../lib/trpc';
import { sendFailure } from '../../lib/use-messages';

const inputClass = 'mt-1.5 w-full rounded-lg border border-slate-300 px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

/**
 * 'Send forespørsel' (SPEC §2, §5): name and e-mail shown from the account and not editable —
 * the server takes them from the account too. `initialMessage` prefills 'Se regnskap'.
 */
export function InquiryDialog({ listingId, listingTitle, open, onOpenChange, initialMessage = '' }: {
  listingId: string;
  listingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialMessage?: string;
}) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const [message, setMessage] = useState(initialMessage);
  const [error, setError] = useState<string | null>(null);
  const send = trpc.message.sendInquiry.useMutation({
    onSuccess: () => {
      toast.success(texts.sentTitle, { description: texts.sentText });
      setMessage('');
      onOpenChange(false);
      void utils.listing.detail.invalidate({ id: listingId });
    },
    onError: (failure) => toast.error(texts.failedTitle, { description: sendFailure(failure, texts.failedText) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast.error(texts.loginTitle, { description: texts.loginText });
      return;
    }
    const parsed = inquirySchema.safeParse({ listingId, message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? texts.messageRequired);
      return;
    }
    send.mutate(parsed.data);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[92vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <form onSubmit={submit} noValidate>
            <Dialog.Title className="text-xl font-bold">{texts.title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{texts.description(listingTitle)}</Dialog.Description>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="inquiry-name" className="block text-sm font-medium text-slate-800">{texts.name}</label>
                <input id="inquiry-name" disabled value={user?.fullName ?? ''} className={`${inputClass} bg-slate-100 text-slate-600`} />
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
            {error && <p id="inquiry-error" role="alert" className="mt-1 text-sm text-red-600">{error}</p>}
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
