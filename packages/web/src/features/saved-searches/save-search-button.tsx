import { useState } from 'react';
import type { SavedFiltersInput } from '@bedriftstorget/core/saved-search/schemas';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { Button } from '../../components/button';
import { lazyDialog } from '../../components/lazy-dialog';

// Browse is in the first load; the dialog (Radix Dialog, the form) is not (decision 042).
const SaveSearchDialog = lazyDialog(() => import('./save-search-dialog').then((m) => m.SaveSearchDialog));

/**
 * 'Lagre søk' on /alle-annonser: a name (from the filters, editable) and how often to be alerted.
 * A visitor's choice is kept and the dialog asks them to log in; it is saved after sign-in.
 */
export function SaveSearchButton({ filters }: { filters: SavedFiltersInput }) {
  const [open, setOpen] = useState(false);
  // A new dialog for every opening: the name starts again from the filters of that moment.
  const [opening, setOpening] = useState(0);
  const show = () => {
    setOpening((n) => n + 1);
    setOpen(true);
  };
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" aria-expanded={open} onClick={show}>{texts.saveButton}</Button>
      <SaveSearchDialog key={opening} filters={filters} open={open} onOpenChange={setOpen} />
    </>
  );
}
