import * as AlertDialog from '@radix-ui/react-dialog';
import { common } from '@bedriftstorget/core/texts/nb';
import { Button, buttonClass } from './button';
import { useReturnFocus } from './use-return-focus';

/** A yes/no question before something that cannot be undone; Avbryt comes first and takes the focus. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, busy }: {
  open: boolean; onOpenChange: (open: boolean) => void; title: string; description?: string; confirmLabel: string; onConfirm: () => void; busy?: boolean;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content role="alertdialog" onCloseAutoFocus={returnFocus} {...(description ? {} : { 'aria-describedby': undefined })} className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          {description && <AlertDialog.Description className="mt-2 text-slate-600">{description}</AlertDialog.Description>}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Close className={buttonClass('secondary')}>{common.cancel}</AlertDialog.Close>
            <Button variant="danger" disabled={busy} onClick={onConfirm}>{confirmLabel}</Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
