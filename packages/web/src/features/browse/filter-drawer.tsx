import { useState } from 'react';
import { browse as texts } from '@bedriftstorget/core/texts/marketplace';
import { buttonClass } from '../../components/button';
import { lazyDialog } from '../../components/lazy-dialog';
import type { BrowseParams } from './use-browse-params';

const Panel = lazyDialog(() => import('./filter-drawer-panel').then((m) => m.FilterDrawerPanel));

/** The count badge caps at '9+' (docs/product.md, 'Browse'). */
export function countBadge(n: number): string {
  return n > 9 ? '9+' : String(n);
}

/**
 * Under 768 px the filters live in a drawer, opened by a button with the active-filter count.
 * `hits`: the page's own count of the filters as applied (undefined while it comes), for 'Vis N treff'.
 */
export function FilterDrawer({ params, update, activeFilters, hits }: { params: BrowseParams; update: (c: Partial<BrowseParams>) => void; activeFilters: number; hits: number | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)} className={buttonClass('secondary', 'relative')}>
        {texts.filters}
        {activeFilters > 0 && (
          <span className="ml-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
            <span aria-hidden="true">{countBadge(activeFilters)}</span>
            <span className="sr-only">{texts.activeFilters(activeFilters)}</span>
          </span>
        )}
      </button>
      <Panel params={params} update={update} open={open} onOpenChange={setOpen} hits={hits} />
    </>
  );
}
