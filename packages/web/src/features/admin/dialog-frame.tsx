import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The back office's dialog shell (Radix): focus is trapped and returned, Escape closes, the
 * title names it. Tall forms scroll inside the dialog on small screens.
 */
export function DialogFrame({ open, onOpenChange, title, description, children, wide = false }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  // These dialogs open from table buttons, not a Dialog.Trigger, so Radix does not know where
  // focus came from. A layout effect runs before Radix moves focus into the dialog.
  const returnTo = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (open) returnTo.current = document.activeElement;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          // Without a description Radix wants aria-describedby set to undefined explicitly.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnTo.current;
            if (target instanceof HTMLElement && target.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[94vw] ${wide ? 'max-w-2xl' : 'max-w-md'} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl`}
        >
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : null}
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
