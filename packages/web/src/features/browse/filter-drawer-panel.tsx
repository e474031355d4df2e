import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { browse as texts } from '@bedriftstorget/core/texts/marketplace';
import { nav } from '@bedriftstorget/core/texts/nb';
import { buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { FilterFields } from './filters';
import { noFilters, type BrowseParams } from './use-browse-params';

/** The filters' drawer under 768 px, opened by FilterDrawer's button (its code loads at idle, decision 042). */
export function FilterDrawerPanel({ params, update, open, onOpenChange, hits }: { params: BrowseParams; update: (c: Partial<BrowseParams>) => void; open: boolean; onOpenChange: (open: boolean) => void; hits: number | undefined }) {
  const returnFocus = useReturnFocus(open);
  // What was typed and not applied yet: 'Vis resultater' (or closing) applies it too.
  const drafts = useRef<Partial<BrowseParams>>({});
  // A keystroke in a range field changes only the ref; applying (Enter, leaving the field, another
  // filter) empties it. After each of those events the sheet reads whether a draft still waits.
  const [draftWaits, setDraftWaits] = useState(false);
  const readDrafts = () => setDraftWaits(Object.keys(drafts.current).length > 0);
  const openChange = (next: boolean) => {
    if (!next && Object.keys(drafts.current).length > 0) {
      const pending = drafts.current;
      drafts.current = {};
      setDraftWaits(false);
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
          <div className="flex flex-col gap-4" onChange={readDrafts} onBlur={readDrafts} onKeyUp={readDrafts}>
            <FilterFields params={params} update={update} idPrefix="drawer" drafts={drafts} />
          </div>
          <button type="button" className="text-left text-sm text-brand-700 hover:underline" onClick={() => {
              drafts.current = {};
              setDraftWaits(false);
              update(noFilters);
            }}>
            {texts.resetFilters}
          </button>
          <Dialog.Close className={buttonClass('primary', 'mt-auto')}>
            <ShowButtonText hits={hits} draftWaits={draftWaits} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * 'Vis 12 treff' from the count browse already shows for the applied filters (decision 146): no
 * request of its own. A price typed and not applied yet is not in that count, nor is a search
 * still loading: then 'Vis resultater', never a number that is not the answer's.
 */
function ShowButtonText({ hits, draftWaits }: { hits: number | undefined; draftWaits: boolean }) {
  return <>{hits === undefined || draftWaits ? texts.showResults : texts.showHits(hits)}</>;
}
