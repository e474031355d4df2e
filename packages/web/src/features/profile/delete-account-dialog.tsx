import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountDeletion as t } from '@bedriftstorget/core/texts/account';
import { common } from '@bedriftstorget/core/texts/nb';
import { Button, buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useNavigate } from '../../router/location';

/**
 * After the deletion: the page that says so, which then drops what the session loaded (there, not
 * here: a signed-in page still on screen would send a visitor to the login page).
 */
export function useAfterDeletion() {
  const navigate = useNavigate();
  return () => navigate('/konto-slettet', { replace: true });
}

/**
 * 'Slett konto' confirmed: with the password, or (a Google account without one) by a mailed link.
 * A Radix dialog: focus moves in (to Avbryt, the safe choice), Escape closes, the title and text
 * are its accessible name and description, and an error is announced beside the field.
 */
export function DeleteAccountDialog({ open, onOpenChange, hasPassword }: { open: boolean; onOpenChange: (open: boolean) => void; hasPassword: boolean }) {
  const returnFocus = useReturnFocus(open);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const afterDeletion = useAfterDeletion();
  const remove = useMutation(trpc.profile.deleteAccount.mutationOptions({
    onSuccess: afterDeletion,
    onError: (failure) => setError(errorMessage(failure)),
  }));
  const sendLink = useMutation(trpc.profile.requestDeletionLink.mutationOptions({ onError: (failure) => setError(errorMessage(failure)) }));
  const close = (next: boolean) => {
    if (!next) {
      setPassword('');
      setError(null);
      sendLink.reset();
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!hasPassword) return sendLink.mutate();
    if (!password) return setError(t.passwordRequired);
    remove.mutate({ password });
  };
  const busy = remove.isPending || sendLink.isPending;
  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content role="alertdialog" onCloseAutoFocus={returnFocus} onOpenAutoFocus={(event) => { event.preventDefault(); document.getElementById('delete-account-cancel')?.focus(); }}
          className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">{t.dialogTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">{hasPassword ? t.dialogText : t.googleText}</Dialog.Description>
          <p className="mt-2 text-sm text-slate-700" data-testid="nda-kept">{t.ndaKept}</p>
          <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
            {hasPassword && (
              <div className="flex flex-col gap-1.5">
                <label htmlFor="delete-password" className="text-sm font-medium">{t.passwordLabel}</label>
                <input id="delete-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={error ? true : undefined} aria-describedby={error ? 'delete-account-error' : undefined}
                  className={`rounded-lg border px-3 py-2 ${error ? 'border-red-500' : 'border-slate-300'}`} />
              </div>
            )}
            {error && <p id="delete-account-error" role="alert" className="text-sm text-red-700">{error}</p>}
            {sendLink.isSuccess && <p role="status" className="text-sm text-emerald-800">{t.linkSent}</p>}
            <div className="mt-2 flex flex-wrap justify-end gap-2">
              <Dialog.Close id="delete-account-cancel" className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
              {!sendLink.isSuccess && (
                <Button type="submit" variant="danger" disabled={busy}>
                  {hasPassword ? (remove.isPending ? t.deleting : t.confirm) : (sendLink.isPending ? t.sendingLink : t.sendLink)}
                </Button>
              )}
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
