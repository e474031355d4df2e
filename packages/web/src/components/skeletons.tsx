import { common } from '@bedriftstorget/core/texts/nb';

/**
 * Loading states that take the final size of what they stand in for, so nothing below them moves
 * when the data arrives (CLS, decision 021). Each says 'Laster...' to screen readers, as Spinner does.
 */
function Bar({ className }: { className: string }) {
  return <div className={`rounded bg-slate-200 ${className}`} />;
}

/** Mirrors ListingCard: a 3:2 image and a text block of the same line heights (173 px). */
function CardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="aspect-[3/2] bg-slate-200" />
      <div className="flex flex-col gap-2 p-4">
        <Bar className="h-4 w-1/2" />
        <Bar className="h-[25px] w-4/5" />
        <Bar className="h-10 w-full" />
        <div className="flex h-9 items-end justify-between pt-2"><Bar className="h-7 w-1/3" /><Bar className="h-5 w-1/4" /></div>
      </div>
    </div>
  );
}

export function CardGridSkeleton({ count = 6, className = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3' }: { count?: number; className?: string }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse">
      <span className="sr-only">{common.loading}</span>
      <div aria-hidden="true" className={className}>
        {Array.from({ length: count }, (_, i) => <CardSkeleton key={i} />)}
      </div>
    </div>
  );
}

/** The detail page while it loads: the gallery's 3:2 box and the header, at least a screen tall. */
export function DetailSkeleton() {
  return (
    <main id="innhold" className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-8">
      <div role="status" aria-live="polite" className="grid animate-pulse gap-8 lg:grid-cols-[1fr_360px]">
        <span className="sr-only">{common.loading}</span>
        <div aria-hidden="true" className="flex flex-col gap-6">
          <div className="aspect-[3/2] rounded-2xl bg-slate-200" />
          <Bar className="h-7 w-1/3" />
          <Bar className="h-9 w-3/4" />
        </div>
      </div>
    </main>
  );
}
