import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to whatever opened a dialog when it closes. Radix does this only for
 * its own Dialog.Trigger; ours open from ordinary buttons, so we remember the focused element when
 * the dialog opens (a layout effect runs before Radix moves focus inside) and pass the result to
 * Dialog.Content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    if (target instanceof HTMLElement && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
