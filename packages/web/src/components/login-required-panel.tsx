import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '../router/link';
import { useLocation } from '../router/location';
import { detail as texts } from '@bedriftstorget/core/texts/marketplace';
import { common } from '@bedriftstorget/core/texts/nb';
import { buttonClass } from './button';
import { useReturnFocus } from './use-return-focus';

/** Shown to visitors who try what needs an account (docs/product.md, 'Listing detail'). */
export function LoginRequiredPanel({ open, onOpenChange, text = texts.loginText }: { open: boolean; onOpenChange: (open: boolean) => void; text?: string }) {
  const location = useLocation();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">{texts.loginTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600">{text}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
            <Link to={`/auth?mode=login&next=${encodeURIComponent(location.pathname)}`} className={buttonClass('primary')}>{texts.toLogin}</Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
