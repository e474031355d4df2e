import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import type { AdminListingFields, BulkAction } from '@bedriftstorget/core/admin/schemas';
import { adminCommon, adminListings as texts } from '@bedriftstorget/core/texts/admin';
import { ApiError } from '../../lib/api-client';
import { trpc } from '../../lib/trpc';

/**
 * 'Feil', destructive, no description (docs/product.md, 'Errors and confirmations'): the admin's change
 * did not happen. A refusal staff can act on (a listing waiting for review, a flagged company) says why.
 */
const failed = (error: unknown) => void toast.error(adminCommon.error, error instanceof ApiError && error.data?.code === 'BAD_REQUEST' ? { description: error.message } : undefined);

/** The admin listing mutations with the product's toasts; each refreshes the table and the overview. */
export function useListingActions(onBulkDone: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.admin.listings.pathFilter()), queryClient.invalidateQueries(trpc.admin.overview.pathFilter())]);
  const update = useMutation(trpc.admin.listings.update.mutationOptions({
    onSuccess: () => {
      toast.success(texts.updated);
      return refresh();
    },
    onError: failed,
  }));
  const remove = useMutation(trpc.admin.listings.remove.mutationOptions({
    onSuccess: () => {
      toast.success(texts.deleted);
      return refresh();
    },
    onError: failed,
  }));
  const bulk = useMutation(trpc.admin.listings.bulk.mutationOptions({
    onSuccess: (result) => {
      toast.success(texts.updatedMany(result.changed));
      onBulkDone();
      return refresh();
    },
    onError: failed,
  }));
  return {
    busy: update.isPending || remove.isPending || bulk.isPending,
    update: (id: string, patch: Partial<AdminListingFields>, options?: { onSuccess?: () => void }) => update.mutate({ id, patch }, options),
    remove: (id: string, options?: { onSuccess?: () => void }) => remove.mutate({ id }, options),
    bulk: (ids: string[], action: BulkAction, options?: { onSuccess?: () => void }) => {
      // An empty selection does nothing (docs/product.md, 'Admin details').
      if (ids.length > 0) bulk.mutate({ ids, action }, options);
    },
  };
}
