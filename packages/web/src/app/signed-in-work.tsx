import { useRealtimeConnection } from '../lib/realtime-connection';
import { usePendingSearchDelivery } from '../lib/pending-search';
import { useFavoritesLiveSync } from '../lib/use-favorites';
import { useMessagesLiveSync, usePendingMessageDelivery } from '../lib/use-messages';

/**
 * What runs app-wide while someone is signed in: the realtime connection and what listens to it,
 * and the delivery of what a visitor kept for after sign-in (a message, a saved search). Its own
 * chunk, loaded once a user is known (providers.tsx), so visitors never download it (decision 075).
 */
export function SignedInWork() {
  useRealtimeConnection();
  useFavoritesLiveSync();
  useMessagesLiveSync();
  // Here, not on the detail page: sign-up's confirmation link lands on /.
  usePendingMessageDelivery();
  usePendingSearchDelivery();
  return null;
}
