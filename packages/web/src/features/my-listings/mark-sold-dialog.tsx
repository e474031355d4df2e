import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { formatNok } from '@bedriftstorget/core/format/nb';
import { soldPriceSchema } from '@bedriftstorget/core/offer/schemas';
import { soldPriceTexts } from '@bedriftstorget/core/texts/offers';
import { myListings as t } from '@bedriftstorget/core/texts/seller';
import { common } from '@bedriftstorget/core/texts/nb';
import { Button, buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { errorMessage } from '../../lib/errors';
import { kroner } from '../../lib/kroner';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { dialogInputClass as inputClass } from '../listing-detail/dialog-styles';

/**
 * 'Marker som solgt' (decisions 121, 128): the one dialog every owner's tool opens — /mine-annonser and
 * the owner's listing page. An optional, private 'Endelig pris', checked with the server's schema and
 * prefilled with the accepted offer's price when there is one. Marking it sold closes its standing
 * offers and its documents (decision 101); the dialog refreshes what shows them.
 */
export function MarkSoldDialog({ listingId, listingTitle, open, onOpenChange, onSold }: {
  listingId: string;
  listingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSold?: () => void;
}) {
  const returnFocus = useReturnFocus(open);
  const queryClient = useQueryClient();
  const threads = useQuery({ ...trpc.offer.forSeller.queryOptions({ listingId }), enabled: open });
  const accepted = threads.data?.find((thread) => thread.status === 'accepted');
  // What the seller typed; until then the accepted offer's price, once it is known.
  const [typed, setTyped] = useState<string | null>(null);
  const price = typed ?? (accepted ? String(accepted.price) : '');
  const [error, setError] = useState<string | undefined>();
  const markSold = useMutation(trpc.seller.markSold.mutationOptions({
    onSuccess: () => {
      toast.success(t.markedSold);
      onOpenChange(false);
      onSold?.();
      void queryClient.invalidateQueries(trpc.seller.pathFilter());
      // Sold closes the listing's documents (decision 101) and its standing offers (decision 128).
      void queryClient.invalidateQueries(trpc.access.forSeller.pathFilter());
      void queryClient.invalidateQueries(trpc.offer.pathFilter());
      void queryClient.invalidateQueries(trpc.listing.pathFilter());
    },
    onError: (failure) => toast.error(common.error, { description: errorMessage(failure) }),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = kroner(price);
    const parsed = amount === undefined ? null : soldPriceSchema.safeParse(amount);
    if (parsed && !parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById('sold-price')?.focus();
      return;
    }
    markSold.mutate({ id: listingId, soldPrice: parsed?.data });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 w-[94vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl sm:p-6">
          <form onSubmit={submit} noValidate>
            <Dialog.Title className="text-lg font-bold">{t.markSold}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{soldPriceTexts.description(listingTitle)}</Dialog.Description>
            <label htmlFor="sold-price" className="mt-4 block text-sm font-medium text-slate-800">{soldPriceTexts.label}</label>
            <input
              id="sold-price"
              inputMode="numeric"
              autoComplete="off"
              value={price}
              onChange={(e) => { setTyped(e.target.value); setError(undefined); }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`sold-price-hint${error ? ' sold-price-error' : ''}`}
              className={`${inputClass} ${error ? 'border-red-500' : ''}`}
            />
            <p id="sold-price-hint" className="mt-1 text-xs text-slate-600">
              {soldPriceTexts.hint}{accepted ? ` ${soldPriceTexts.fromOffer(formatNok(accepted.price))}` : ''}
            </p>
            {error && <p id="sold-price-error" role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
              <Button type="submit" disabled={markSold.isPending} aria-busy={markSold.isPending}>{soldPriceTexts.confirm}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
