import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { Link } from '../../router/link';
import { useLocation } from '../../router/location';
import { toast } from '../../lib/toast';
import { describeFilters } from '@bedriftstorget/core/saved-search/describe';
import { SAVED_SEARCH_NAME_MAX, type AlertFrequency } from '@bedriftstorget/core/saved-search/enums';
import type { SavedFiltersInput } from '@bedriftstorget/core/saved-search/schemas';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { common } from '@bedriftstorget/core/texts/nb';
import { useAuth } from '../../app/auth-context';
import { Button, buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { keepPendingSearch } from '../../lib/pending-search';
import { trpc } from '../../lib/trpc';
import { errorReason } from '../../lib/errors';
import { errorCode } from '../../lib/use-messages';
import { AlertChoice } from './alert-choice';

const contentClass = 'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[92vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl';

/** The name a search gets unless the user writes another: its filters in words. */
export const defaultName = (filters: SavedFiltersInput) => describeFilters(filters).slice(0, SAVED_SEARCH_NAME_MAX);

/** The dialog of 'Lagre søk' (save-search-button.tsx), loaded when first idle or opened. */
export function SaveSearchDialog({ filters, open, onOpenChange }: { filters: SavedFiltersInput; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useAuth();
  const location = useLocation();
  const returnFocus = useReturnFocus(open);
  const queryClient = useQueryClient();
  const [name, setName] = useState(() => defaultName(filters));
  const [alerts, setAlerts] = useState<AlertFrequency>('instant');
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<'form' | 'login'>('form');
  const create = useMutation(trpc.savedSearch.create.mutationOptions({
    onSuccess: () => {
      toast.success(texts.saved);
      void queryClient.invalidateQueries(trpc.savedSearch.pathFilter());
      onOpenChange(false);
    },
    onError: (failure) => {
      // Bad input and a full list of searches are the user's to fix here; anything else is a toast.
      if (errorCode(failure) === 'BAD_REQUEST' || errorReason(failure) === 'SAVED_SEARCHES_FULL') setError(failure.message);
      else toast.error(texts.failed);
    },
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(texts.nameRequired);
      return;
    }
    setError(null);
    if (!user) {
      keepPendingSearch({ name: trimmed, alerts, filters });
      setView('login');
      return;
    }
    create.mutate({ name: trimmed, alerts, filters });
  };
  const next = encodeURIComponent(location.pathname + location.search);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className={contentClass} onCloseAutoFocus={returnFocus}>
          {view === 'login' && !user ? (
            <>
              <Dialog.Title className="text-xl font-bold">{texts.loginTitle}</Dialog.Title>
              <Dialog.Description className="mt-2 text-slate-600">{texts.loginText}</Dialog.Description>
              <div className="mt-6 flex flex-wrap justify-end gap-2">
                <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
                <Link to={`/auth?mode=login&next=${next}`} className={buttonClass('primary')}>{texts.loginButton}</Link>
              </div>
            </>
          ) : (
            <form onSubmit={submit} noValidate>
              <Dialog.Title className="text-xl font-bold">{texts.dialogTitle}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">{texts.dialogText}</Dialog.Description>
              <label htmlFor="saved-search-name" className="mt-4 block text-sm font-medium text-slate-800">{texts.nameLabel}</label>
              <input
                id="saved-search-name"
                value={name}
                maxLength={SAVED_SEARCH_NAME_MAX}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'saved-search-name-error' : undefined}
                className={`mt-1.5 w-full rounded-lg border px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${error ? 'border-red-500' : 'border-slate-300'}`}
              />
              {error && <p id="saved-search-name-error" role="alert" className="mt-1 text-sm text-red-600">{error}</p>}
              <AlertChoice name="saved-search-alerts" value={alerts} onChange={setAlerts} />
              <div className="mt-6 flex justify-end gap-2">
                <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
                <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>{texts.save}</Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
