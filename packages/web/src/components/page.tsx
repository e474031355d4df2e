import { useEffect, type ReactNode } from 'react';
import { brand } from '@bedriftstorget/core/texts/nb';

/** A titled page: sets the document title and gives the page one h1. */
export function Page({ title, children, wide = false }: { title: string; children?: ReactNode; wide?: boolean }) {
  useEffect(() => {
    document.title = `${title} – ${brand}`;
  }, [title]);
  return (
    <main id="innhold" className={`mx-auto w-full ${wide ? 'max-w-7xl' : 'max-w-5xl'} px-4 py-10`}>
      <h1 className="mb-6 text-3xl font-bold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}
