import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { Link } from '../../router/link';
import { toast } from '../../lib/toast';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { describeFilters } from '@bedriftstorget/core/saved-search/describe';
import { SAVED_SEARCH_NAME_MAX, type AlertFrequency } from '@bedriftstorget/core/saved-search/enums';
import { browse } from '@bedriftstorget/core/texts/marketplace';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { common, nav } from '@bedriftstorget/core/texts/nb';
import { Button, buttonClass } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { RequireUser } from '../../components/require-user';
import { Spinner } from '../../components/spinner';
import { useReturnFocus } from '../../components/use-return-focus';
import { trpc } from '../../lib/trpc';
import type { SavedSearchData } from '../../lib/types';
import { errorCode } from '../../lib/use-messages';
import { browseSearchParams } from '../browse/use-browse-params';

/** /lagrede-sok: the user's saved searches — open, rename, change alerts, delete. */
export function SavedSearchesPage() {
  return (
    <RequireUser>
      <Page title={nav.savedSearches}>
        <p className="-mt-3 mb-6 text-slate-600">{texts.pageIntro}</p>
        <SavedSearchList />
      </Page>
    </RequireUser>
  );
}

function SavedSearchList() {
  const list = useQuery(trpc.savedSearch.list.queryOptions());
  if (list.isPending) return <Spinner />;
  if (list.isError) return <LoadError message={texts.loadFailed} retryLabel={browse.retry} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <h2 className="text-xl font-bold">{texts.emptyTitle}</h2>
        <p className="mt-2 text-slate-600">{texts.emptyText}</p>
        <Link to="/alle-annonser" className={buttonClass('primary', 'mt-5')}>{texts.browseAll}</Link>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {list.data.map((search) => <li key={search.id}><SavedSearchRow search={search} /></li>)}
    </ul>
  );
}

function SavedSearchRow({ search }: { search: SavedSearchData }) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries(trpc.savedSearch.list.pathFilter());
  };
  const failed = (error: unknown) => toast.error(texts.failed, { description: errorCode(error) && error instanceof Error ? error.message : undefined });
  const setAlerts = useMutation(trpc.savedSearch.setAlerts.mutationOptions({ onSuccess: () => done(texts.alertsChanged), onError: failed }));
  const remove = useMutation(trpc.savedSearch.remove.mutationOptions({ onSuccess: () => done(texts.removed), onError: failed }));
  const open = `/alle-annonser?${browseSearchParams({ ...search.filters, q: search.filters.q ?? '' }).toString()}`;
  const selectId = `alerts-${search.id}`;
  const description = describeFilters(search.filters).trim();

  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby={`name-${search.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`name-${search.id}`} className="break-words text-lg font-bold">{search.name}</h2>
          {/* A search saved under its default name is named by this very text: said once, not twice. */}
          {description !== search.name.trim() && <p className="mt-1 break-words text-sm text-slate-600">{description}</p>}
          <p className="mt-1 text-xs text-slate-500">{texts.createdOn(formatDate(search.createdAt))}</p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">{texts.alertsLabel}</label>
          <select
            id={selectId}
            aria-label={texts.alertsFor(search.name)}
            value={search.alerts}
            disabled={setAlerts.isPending}
            onChange={(e) => setAlerts.mutate({ id: search.id, alerts: e.target.value as AlertFrequency })}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {(['instant', 'daily', 'never'] as const).map((f) => <option key={f} value={f}>{texts.alerts[f]}</option>)}
          </select>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={open} className={buttonClass('primary')} aria-label={texts.openNamed(search.name)}>{texts.open}</Link>
        <Button variant="secondary" onClick={() => setRenaming(true)} aria-label={texts.renameNamed(search.name)}>{texts.rename}</Button>
        <Button variant="ghost" onClick={() => setRemoving(true)} aria-label={texts.removeNamed(search.name)}>{texts.remove}</Button>
      </div>
      {renaming && <RenameDialog search={search} onClose={() => setRenaming(false)} />}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={texts.removeTitle}
        description={texts.removeText(search.name)}
        confirmLabel={texts.remove}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: search.id }, { onSettled: () => setRemoving(false) })}
      />
    </article>
  );
}

function RenameDialog({ search, onClose }: { search: SavedSearchData; onClose: () => void }) {
  const queryClient = useQueryClient();
  const returnFocus = useReturnFocus(true);
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation(trpc.savedSearch.rename.mutationOptions({
    onSuccess: () => {
      toast.success(texts.renamed);
      void queryClient.invalidateQueries(trpc.savedSearch.list.pathFilter());
      onClose();
    },
    onError: (failure) => setError(errorCode(failure) ? failure.message : texts.failed),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(texts.nameRequired);
    rename.mutate({ id: search.id, name: name.trim() });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content aria-describedby={undefined} onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <form onSubmit={submit} noValidate>
            <Dialog.Title className="text-lg font-bold">{texts.renameTitle}</Dialog.Title>
            <label htmlFor="rename-search" className="mt-4 block text-sm font-medium">{texts.nameLabel}</label>
            <input
              id="rename-search"
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'rename-search-error' : undefined}
              className={`mt-1.5 w-full rounded-lg border px-3 py-2 ${error ? 'border-red-500' : 'border-slate-300'}`}
            />
            {error && <p id="rename-search-error" role="alert" className="mt-1 text-sm text-red-600">{error}</p>}
            <div className="mt-6 flex justify-end gap-2">
              <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
              <Button type="submit" disabled={rename.isPending}>{common.save}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
