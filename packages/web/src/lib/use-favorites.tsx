import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { authHref } from './auth-href';
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
  const ids = useQuery(trpc.favorite.ids.queryOptions(undefined, { enabled: Boolean(user), staleTime: 30_000 }));
  return new Set(user ? (ids.data ?? []) : []);
}

/**
 * Saving and unsaving flip the heart at once (optimistic, docs/product.md 'States') and flip it back with
 * 'Noe gikk galt' if the server says no. A visitor is asked to sign in first.
 */
export function useToggleFavorite() {
  const { user } = useAuth();
  const queryClient = useQueryClient();

  const optimistic = async (listingId: string, saved: boolean) => {
    await Promise.all([queryClient.cancelQueries(trpc.favorite.ids.pathFilter()), queryClient.cancelQueries(trpc.favorite.count.pathFilter())]);
    const previousIds = queryClient.getQueryData(trpc.favorite.ids.queryKey());
    const previousCount = queryClient.getQueryData(trpc.favorite.count.queryKey());
    queryClient.setQueryData(trpc.favorite.ids.queryKey(), (ids = []) => (saved ? [...ids, listingId] : ids.filter((id) => id !== listingId)));
    if (previousCount !== undefined) queryClient.setQueryData(trpc.favorite.count.queryKey(), previousCount + (saved ? 1 : -1));
    return { previousIds, previousCount };
  };
  const revert = (context: Awaited<ReturnType<typeof optimistic>> | undefined) => {
    queryClient.setQueryData(trpc.favorite.ids.queryKey(), context?.previousIds);
    queryClient.setQueryData(trpc.favorite.count.queryKey(), context?.previousCount);
    toast.error(texts.failedTitle, { description: texts.failedText });
  };
  const settle = () => Promise.all([queryClient.invalidateQueries(trpc.favorite.ids.pathFilter()), queryClient.invalidateQueries(trpc.favorite.count.pathFilter()), queryClient.invalidateQueries(trpc.favorite.list.pathFilter())]);

  const add = useMutation(trpc.favorite.add.mutationOptions({
    onMutate: ({ listingId }) => optimistic(listingId, true),
    onError: (_error, _input, context) => revert(context),
    onSuccess: () => toast.success(texts.savedTitle, { description: texts.savedText }),
    onSettled: settle,
  }));
  const remove = useMutation(trpc.favorite.remove.mutationOptions({
    onMutate: ({ listingId }) => optimistic(listingId, false),
    onError: (_error, _input, context) => revert(context),
    onSuccess: () => toast.success(texts.removedTitle, { description: texts.removedText }),
    onSettled: settle,
  }));

  return (listingId: string, isSaved: boolean) => {
    if (!user) {
      // With the way to sign in, back to this page: a plain link, the toast lives outside the router.
      const href = authHref('login', `${window.location.pathname}${window.location.search}`);
      toast.error(texts.loginTitle, { description: <>{texts.loginText}. <a href={href} className="font-semibold underline">{texts.loginLink}</a></> });
      return;
    }
    if (isSaved) remove.mutate({ listingId });
    else add.mutate({ listingId });
  };
}

/** Another tab or device changed the favourites: refresh the count, the hearts and the list. */
export function useFavoritesLiveSync(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(FAVORITES_CHANGED, () => {
    void queryClient.invalidateQueries(trpc.favorite.ids.pathFilter());
    void queryClient.invalidateQueries(trpc.favorite.count.pathFilter());
    void queryClient.invalidateQueries(trpc.favorite.list.pathFilter());
  });
}
