import * as AlertDialog from '@radix-ui/react-dialog';
import { common } from '@bedriftstorget/core/texts/nb';
import { Button, buttonClass } from './button';

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({ open, onOpenChange, title, confirmLabel, onConfirm, busy }: {
  open: boolean; onOpenChange: (open: boolean) => void; title: string; confirmLabel: string; onConfirm: () => void; busy?: boolean;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content role="alertdialog" aria-describedby={undefined} className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Close className={buttonClass('secondary')}>{common.cancel}</AlertDialog.Close>
            <Button variant="danger" disabled={busy} onClick={onConfirm}>{confirmLabel}</Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
