import * as Dialog from '@radix-ui/react-dialog';
import { browse as texts } from '@bedriftstorget/core/texts/marketplace';
import { nav } from '@bedriftstorget/core/texts/nb';
import { buttonClass } from '../../components/button';
import { FilterFields } from './filters';
import type { BrowseParams } from './use-browse-params';

/** The count badge caps at '9+' (SPEC §9). */
export function countBadge(n: number): string {
  return n > 9 ? '9+' : String(n);
}

/** Under 768 px the filters live in a drawer, opened by a button with the active-filter count. */
export function FilterDrawer({ params, update, activeFilters }: { params: BrowseParams; update: (c: Partial<BrowseParams>) => void; activeFilters: number }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={buttonClass('secondary', 'relative')}>
        {texts.filters}
        {activeFilters > 0 && (
          <span className="ml-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white" aria-label={`${activeFilters} aktive filtre`}>
            {countBadge(activeFilters)}
          </span>
        )}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content aria-describedby={undefined} className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[88vw] flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{texts.filters}</Dialog.Title>
            <Dialog.Close aria-label={nav.closeMenu} className="rounded-lg p-2 hover:bg-slate-100">✕</Dialog.Close>
          </div>
          <FilterFields params={params} update={update} idPrefix="drawer" />
          <button type="button" className="text-left text-sm text-brand-700 hover:underline" onClick={() => update({ industry: undefined, location: undefined })}>
            {texts.resetFilters}
          </button>
          <Dialog.Close className={buttonClass('primary', 'mt-auto')}>{texts.showResults}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
