import * as Dialog from '@radix-ui/react-dialog';
import { adminCommon, adminListings } from '@bedriftstorget/core/texts/admin';
import { Button, buttonClass } from '../../components/button';
import { DialogFrame } from './dialog-frame';

/** 'Er du sikker …' before a delete; the confirm button is the danger one, Avbryt has the focus first. */
export function ConfirmDialog({ open, onOpenChange, text, confirmLabel, onConfirm, busy = false }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={adminListings.confirmTitle} description={text}>
      <div className="flex justify-end gap-2">
        <Dialog.Close className={buttonClass('secondary')}>{adminCommon.cancel}</Dialog.Close>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>{confirmLabel}</Button>
      </div>
    </DialogFrame>
  );
}
