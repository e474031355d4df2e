import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { browse as texts } from '@bedriftstorget/core/texts/marketplace';
import { nav } from '@bedriftstorget/core/texts/nb';
import { buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { FilterFields } from './filters';
import { noFilters, type BrowseParams } from './use-browse-params';

/** The filters' drawer under 768 px, opened by FilterDrawer's button (its code loads at idle, decision 042). */
export function FilterDrawerPanel({ params, update, open, onOpenChange }: { params: BrowseParams; update: (c: Partial<BrowseParams>) => void; open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  // What was typed and not applied yet: 'Vis resultater' (or closing) applies it too.
  const drafts = useRef<Partial<BrowseParams>>({});
  const openChange = (next: boolean) => {
    if (!next && Object.keys(drafts.current).length > 0) {
      const pending = drafts.current;
      drafts.current = {};
      update(pending);
    }
    onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} aria-describedby={undefined} className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[88vw] flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{texts.filters}</Dialog.Title>
            <Dialog.Close aria-label={nav.closeMenu} className="rounded-lg p-2 hover:bg-slate-100">✕</Dialog.Close>
          </div>
          <FilterFields params={params} update={update} idPrefix="drawer" drafts={drafts} />
          <button type="button" className="text-left text-sm text-brand-700 hover:underline" onClick={() => {
              drafts.current = {};
              update(noFilters);
            }}>
            {texts.resetFilters}
          </button>
          <Dialog.Close className={buttonClass('primary', 'mt-auto')}>{texts.showResults}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
