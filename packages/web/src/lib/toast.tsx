import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenIdleAfterFirstUse } from './after-first-use';

/**
 * Toasts without sonner in the first load (decision record 042): `toast.success(…)` and friends
 * load sonner and mount its Toaster on the first toast (or when the browser is idle after the
 * visitor's first use of the page, decision 145), then show it. Sonner drops toasts raised before its Toaster subscribes, so each call waits for the mount.
 */
type Options = { description?: ReactNode };
type Kind = 'success' | 'error' | 'warning';

// Whether sonner's Toaster is mounted, and the toasts waiting for it. A flag, not a one-off
// promise: the Toaster may mount at idle before anyone asked for a toast.
let isMounted = false;
const waiting: (() => void)[] = [];
let requestMount: (() => void) | null = null;

const LazyToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function Mounted() {
  useEffect(() => {
    isMounted = true;
    for (const resume of waiting.splice(0)) resume();
    return () => {
      isMounted = false;
    };
  }, []);
  return null;
}

/** Rendered once by the providers: nothing until a toast is wanted (or the browser is idle after the first use). */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    requestMount = () => setWanted(true);
    const cancel = whenIdleAfterFirstUse(() => setWanted(true), 8_000);
    return () => {
      requestMount = null;
      cancel();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster position="top-center" richColors closeButton />
      <Mounted />
    </Suspense>
  );
}

function ready(): Promise<void> {
  if (isMounted) return Promise.resolve();
  const mounted = new Promise<void>((resolve) => waiting.push(resolve));
  requestMount?.();
  return mounted;
}

function show(kind: Kind, title: string, options?: Options): void {
  void Promise.all([import('sonner'), ready()]).then(([{ toast: sonner }]) => sonner[kind](title, options));
}

export const toast = {
  success: (title: string, options?: Options) => show('success', title, options),
  error: (title: string, options?: Options) => show('error', title, options),
  warning: (title: string, options?: Options) => show('warning', title, options),
};
