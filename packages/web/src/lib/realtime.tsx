import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { RealtimeEvent } from '@bedriftstorget/api/realtime/channels';

type Handler = (data: unknown) => void;
type Subscribe = (type: string, handler: Handler) => () => void;
export type Dispatch = (event: RealtimeEvent) => void;

interface Realtime {
  subscribe: Subscribe;
  dispatch: Dispatch;
  /**
   * Calls every listener once, as if its event had just come: for when the stream (re)opens, since
   * what was sent before it was open never arrives. Every listener refetches what it shows and none
   * reads the event's data, so once more is only a refetch.
   */
  catchUp: () => void;
}

const RealtimeContext = createContext<Realtime | null>(null);

/** Who listens to which event, made once per app: its functions never change, so no consumer re-renders. */
function createRealtime(): Realtime {
  const handlers = new Map<string, Set<Handler>>();
  // A listener that leaves meanwhile is skipped; listeners join in effects, never during a call.
  const call = (sets: Iterable<Set<Handler> | undefined>, data?: unknown) => {
    for (const set of sets) set?.forEach((handler) => handler(data));
  };
  return {
    subscribe: (type, handler) => {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    dispatch: (event) => call([handlers.get(event.type)], event.data),
    catchUp: () => call(handlers.values()),
  };
}

/**
 * Who listens to which realtime event; features listen with useRealtimeEvent and never see which
 * adapter delivered the event. The connection itself (realtime-connection.ts) is made by the
 * signed-in user's code, which loads only once someone is signed in (decision 075).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [value] = useState(createRealtime);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

/** Calls `handler` with the data of each event of this type sent to the signed-in user (or to admins). */
export function useRealtimeEvent(type: string, handler: (data: unknown) => void): void {
  const { subscribe } = useRealtime();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe(type, (data) => latest.current(data)), [subscribe, type]);
}

export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('no RealtimeProvider');
  return realtime;
}
