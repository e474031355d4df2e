import { toast } from './toast';
import { favorites as texts } from '@bedriftstorget/core/texts/marketplace';
import { useAuth } from '../app/auth-context';
import { useRealtimeEvent } from './realtime';
import { trpc } from './trpc';

/** The event the server publishes on the user's channel (packages/api/src/routers/favorite.ts). */
const FAVORITES_CHANGED = 'favorites.changed';

/** The ids the signed-in user has saved (empty for visitors). */
export function useFavoriteIds(): Set<string> {
  const { user } = useAuth();
  const ids = trpc.favorite.ids.useQuery(undefined, { enabled: Boolean(user), staleTime: 30_000 });
  return new Set(user ? (ids.data ?? []) : []);
}

/**
 * Saving and unsaving flip the heart at once (optimistic, docs/product.md 'States') and flip it back with
 * 'Noe gikk galt' if the server says no. A visitor is asked to sign in first.
 */
export function useToggleFavorite() {
  const { user } = useAuth();
  const utils = trpc.useUtils();

  const optimistic = async (listingId: string, saved: boolean) => {
    await Promise.all([utils.favorite.ids.cancel(), utils.favorite.count.cancel()]);
    const previousIds = utils.favorite.ids.getData();
    const previousCount = utils.favorite.count.getData();
    utils.favorite.ids.setData(undefined, (ids = []) => (saved ? [...ids, listingId] : ids.filter((id) => id !== listingId)));
    if (previousCount !== undefined) utils.favorite.count.setData(undefined, previousCount + (saved ? 1 : -1));
    return { previousIds, previousCount };
  };
  const revert = (context: Awaited<ReturnType<typeof optimistic>> | undefined) => {
    utils.favorite.ids.setData(undefined, context?.previousIds);
    utils.favorite.count.setData(undefined, context?.previousCount);
    toast.error(texts.failedTitle, { description: texts.failedText });
  };
  const settle = () => Promise.all([utils.favorite.ids.invalidate(), utils.favorite.count.invalidate(), utils.favorite.list.invalidate()]);

  const add = trpc.favorite.add.useMutation({
    onMutate: ({ listingId }) => optimistic(listingId, true),
    onError: (_error, _input, context) => revert(context),
    onSuccess: () => toast.success(texts.savedTitle, { description: texts.savedText }),
    onSettled: settle,
  });
  const remove = trpc.favorite.remove.useMutation({
    onMutate: ({ listingId }) => optimistic(listingId, false),
    onError: (_error, _input, context) => revert(context),
    onSuccess: () => toast.success(texts.removedTitle, { description: texts.removedText }),
    onSettled: settle,
  });

  return (listingId: string, isSaved: boolean) => {
    if (!user) {
      toast.error(texts.loginTitle, { description: texts.loginText });
      return;
    }
    if (isSaved) remove.mutate({ listingId });
    else add.mutate({ listingId });
  };
}

/** Another tab or device changed the favourites: refresh the count, the hearts and the list. */
export function useFavoritesLiveSync(): void {
  const utils = trpc.useUtils();
  useRealtimeEvent(FAVORITES_CHANGED, () => {
    void utils.favorite.ids.invalidate();
    void utils.favorite.count.invalidate();
    void utils.favorite.list.invalidate();
  });
}
