import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Toasts without sonner in the first load (decision record 042): `toast.success(…)` and friends
 * load sonner and mount its Toaster on the first toast (or when the browser is idle), then show
 * it. Sonner drops toasts raised before its Toaster subscribes, so each call waits for the mount.
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

/** Rendered once by the providers: nothing until a toast is wanted (or the browser is idle). */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    requestMount = () => setWanted(true);
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => setWanted(true), { timeout: 8_000 }) : undefined;
    return () => {
      requestMount = null;
      if (idle !== undefined) window.cancelIdleCallback(idle);
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
