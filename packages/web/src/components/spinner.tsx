import { common } from '@bedriftstorget/core/texts/nb';

/** The generic loading state: a spinner with 'Laster...' for screen readers and eyes alike. */
export function Spinner({ label = common.loading }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
