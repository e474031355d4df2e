import { useQuery } from '@tanstack/react-query';
import type { TokenRequest } from 'ably';
import { useEffect } from 'react';
import type { RealtimeEvent } from '@bedriftstorget/api/realtime/channels';
import { useAuth } from '../app/auth-context';
import { useRealtime, type Dispatch } from './realtime';
import { trpc, trpcClient } from './trpc';

/** Local runtime: the server's in-process hub over Server-Sent Events (same origin, the cookie goes along). */
function connectSse(dispatch: Dispatch): () => void {
  const source = new EventSource('/realtime');
  source.onmessage = (message: MessageEvent<string>) => {
    try {
      dispatch(JSON.parse(message.data) as RealtimeEvent);
    } catch {
      // A malformed frame is dropped; the next one may be fine.
    }
  };
  return () => source.close();
}

/**
 * Cloud: Ably with token auth, loaded only in this mode so it stays out of the main bundle. The
 * first token request also names the channels: exactly those its capability allows.
 */
function connectAbly(tokenRequest: () => Promise<TokenRequest>, dispatch: Dispatch): () => void {
  let closed = false;
  let close = () => {};
  Promise.all([import('ably'), tokenRequest()])
    .then(([{ Realtime }, first]) => {
      if (closed) return;
      let unused: TokenRequest | null = first;
      const client = new Realtime({
        authCallback: (_params, callback) => {
          const ready = unused;
          unused = null;
          (ready ? Promise.resolve(ready) : tokenRequest()).then(
            (request) => callback(null, request),
            (error: unknown) => callback(error instanceof Error ? error.message : String(error), null),
          );
        },
      });
      for (const name of Object.keys(JSON.parse(first.capability) as Record<string, unknown>)) {
        client.channels
          .get(name)
          .subscribe((message) => dispatch({ type: message.name ?? '', data: message.data as unknown }))
          .catch((error: unknown) => console.error(`realtime: could not subscribe to ${name}`, error));
      }
      close = () => client.close();
    })
    .catch((error: unknown) => console.error('realtime: Ably could not start', error));
  return () => {
    closed = true;
    close();
  };
}

/** One connection per signed-in user, made again when the user changes; events go to useRealtimeEvent's listeners. */
export function useRealtimeConnection(): void {
  const { user } = useAuth();
  const { dispatch } = useRealtime();
  const client = trpcClient;
  // Sign-in invalidates and sign-out resets every query, so the mode is asked again then.
  const config = useQuery(trpc.realtime.config.queryOptions(undefined, { enabled: Boolean(user), staleTime: Infinity }));
  const userId = user?.id ?? null;
  const isAdmin = user?.isAdmin ?? false;
  const mode = userId ? (config.data?.mode ?? 'off') : 'off';
  useEffect(() => {
    if (!userId || mode === 'off') return;
    if (mode === 'sse') return connectSse(dispatch);
    return connectAbly(() => client.realtime.ablyToken.mutate(), dispatch);
    // isAdmin: a granted or revoked role changes the channels the server allows.
  }, [userId, isAdmin, mode, client, dispatch]);
}
