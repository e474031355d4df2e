import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../app/auth-context';
import { trpc } from '../lib/trpc';
import { useUnreadCount } from '../lib/use-messages';

/** Numbers shown beside account links; kept fresh by realtime events (see lib/realtime). */
export function useAccountCounts(): Partial<Record<string, number>> {
  const { user } = useAuth();
  const saved = useQuery(trpc.favorite.count.queryOptions(undefined, { enabled: Boolean(user), staleTime: 30_000 }));
  const unread = useUnreadCount();
  return { '/lagrede-annonser': saved.data, '/meldinger': unread };
}
