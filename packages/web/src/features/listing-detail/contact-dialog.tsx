import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { Link } from '../../router/link';
import { useLocation } from '../../router/location';
import { toast } from '../../lib/toast';
import { CONTACT_MIN_LENGTH, contactTextSchema } from '@bedriftstorget/core/message/schemas';
import { contactDialog as texts, messageTexts } from '@bedriftstorget/core/texts/messages';
import { common } from '@bedriftstorget/core/texts/nb';
import { useAuth } from '../../app/auth-context';
import { Button, buttonClass } from '../../components/button';
import { savePendingMessage } from '../../lib/pending-message';
import { trpc } from '../../lib/trpc';
import { sendFailure } from '../../lib/use-messages';
import { useReturnFocus } from '../../components/use-return-focus';

const contentClass = 'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[92vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl';

/**
 * 'Kontakt selger direkte' / 'Send melding' (docs/product.md, 'Listing detail'). A visitor's text is kept and the
 * dialog turns into the login view; the app sends it once the visitor has signed in.
 */
export function ContactDialog({ listingId, listingTitle, open, onOpenChange }: {
  listingId: string;
  listingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useAuth();
  const returnFocus = useReturnFocus(open);
  const location = useLocation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [view, setView] = useState<'compose' | 'login'>('compose');
  // One id per message: a retry after a failure is the same message to the server.
  const [clientMessageId, setClientMessageId] = useState(() => crypto.randomUUID());
  const send = useMutation(trpc.message.contactSeller.mutationOptions({
    onSuccess: () => {
      toast.success(texts.sentTitle, { description: texts.sentText });
      setText('');
      setClientMessageId(crypto.randomUUID());
      onOpenChange(false);
      void queryClient.invalidateQueries(trpc.message.pathFilter());
    },
    onError: (error) => toast.error(texts.failedTitle, { description: sendFailure(error, texts.failedText) }),
  }));
  const length = text.trim().length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactTextSchema.safeParse(text);
    if (!parsed.success) {
      toast.error(messageTexts.invalid, { description: parsed.error.issues[0]?.message });
      return;
    }
    if (!user) {
      savePendingMessage({ listingId, text: parsed.data, clientMessageId });
      setView('login');
      return;
    }
    send.mutate({ listingId, text: parsed.data, clientMessageId });
  };

  // Opened again: back to writing, with the text still there.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setView('compose');
  }
  const next = encodeURIComponent(location.pathname);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className={contentClass} onCloseAutoFocus={returnFocus}>
          {view === 'login' && !user ? (
            <>
              <Dialog.Title className="text-xl font-bold">{texts.loginTitle}</Dialog.Title>
              <Dialog.Description className="mt-2 text-slate-600">{texts.loginText}</Dialog.Description>
              <div className="mt-6 flex flex-wrap justify-end gap-2">
                <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
                <Link to={`/auth?mode=signup&next=${next}`} className={buttonClass('secondary')}>{texts.toSignup}</Link>
                <Link to={`/auth?mode=login&next=${next}`} className={buttonClass('primary')}>{texts.toLogin}</Link>
              </div>
            </>
          ) : (
            <form onSubmit={submit} noValidate>
              <Dialog.Title className="text-xl font-bold">{texts.title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">{texts.description(listingTitle)}</Dialog.Description>
              <label htmlFor="contact-text" className="mt-4 block text-sm font-medium text-slate-800">{texts.label}</label>
              <textarea
                id="contact-text"
                rows={6}
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={texts.placeholder}
                aria-describedby={length < CONTACT_MIN_LENGTH ? 'contact-counter contact-needs-more' : 'contact-counter'}
                className="mt-1.5 w-full resize-y rounded-lg border border-slate-300 px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
              />
              <div className="mt-1 flex justify-between gap-2 text-xs">
                {/* Why 'Send melding' is grey: said while it is. */}
                <p id="contact-needs-more" className="text-slate-700">{length < CONTACT_MIN_LENGTH ? messageTexts.needsMore(CONTACT_MIN_LENGTH - length) : ''}</p>
                <p id="contact-counter" aria-live="polite" className={`ml-auto ${length > 1000 ? 'text-red-600' : 'text-slate-500'}`}>
                  {messageTexts.counter(length)}
                </p>
              </div>
              <div className="mt-4 flex justify-end gap-2">
                <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
                <Button type="submit" disabled={length < CONTACT_MIN_LENGTH || send.isPending} aria-busy={send.isPending}>
                  {send.isPending ? texts.sending : texts.send}
                </Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
