import { useQuery } from '@tanstack/react-query';
import type { TokenRequest } from 'ably';
import { useEffect } from 'react';
import type { RealtimeEvent } from '@bedriftstorget/api/realtime/channels';
import { useAuth } from '../app/auth-context';
import { useRealtime, type Dispatch } from './realtime';
import { trpc, trpcClient } from './trpc';

/**
 * Local runtime: the server's in-process hub over Server-Sent Events (same origin, the cookie goes
 * along). The server subscribes before it answers, so from `open` on nothing is missed; what was sent
 * before (the page's data was read first) and while the browser reconnected is fetched by `catchUp`.
 */
function connectSse(dispatch: Dispatch, catchUp: () => void): () => void {
  const source = new EventSource('/realtime');
  source.onopen = catchUp;
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
function connectAbly(tokenRequest: () => Promise<TokenRequest>, dispatch: Dispatch, catchUp: () => void): () => void {
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
        const channel = client.channels.get(name);
        // Attached the first time, or again without Ably's message continuity (`resumed` false): what
        // was sent meanwhile is not coming, so every live view reads its data again.
        channel.on(['attached', 'update'], (change) => {
          if (!change.resumed) catchUp();
        });
        channel
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
  const { dispatch, catchUp } = useRealtime();
  const client = trpcClient;
  // Sign-in invalidates and sign-out resets every query, so the mode is asked again then.
  const config = useQuery(trpc.realtime.config.queryOptions(undefined, { enabled: Boolean(user), staleTime: Infinity }));
  const userId = user?.id ?? null;
  const isAdmin = user?.isAdmin ?? false;
  const mode = userId ? (config.data?.mode ?? 'off') : 'off';
  useEffect(() => {
    if (!userId || mode === 'off') return;
    if (mode === 'sse') return connectSse(dispatch, catchUp);
    return connectAbly(() => client.realtime.ablyToken.mutate(), dispatch, catchUp);
    // isAdmin: a granted or revoked role changes the channels the server allows.
  }, [userId, isAdmin, mode, client, dispatch, catchUp]);
}
