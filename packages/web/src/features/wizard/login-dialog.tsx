import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '../../router/link';
import { wizard as t } from '@bedriftstorget/core/texts/seller';
import { buttonClass } from '../../components/button';

/** A guest pressing 'Send til gjennomgang' (docs/product.md, 'Listing wizard'): the draft is kept while they sign in. */
export function WizardLoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">{t.loginDialogTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600">{t.loginDialogText}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close className={buttonClass('ghost')}>{t.cancel}</Dialog.Close>
            <Link to="/auth?mode=signup" className={buttonClass('secondary')}>{t.createAccount}</Link>
            <Link to="/auth?mode=login" className={buttonClass('primary')}>{t.login}</Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
