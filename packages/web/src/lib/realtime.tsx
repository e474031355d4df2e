import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RealtimeEvent } from '@bedriftstorget/api/realtime/channels';

type Handler = (data: unknown) => void;
type Subscribe = (type: string, handler: Handler) => () => void;
export type Dispatch = (event: RealtimeEvent) => void;

interface Realtime {
  subscribe: Subscribe;
  dispatch: Dispatch;
}

const RealtimeContext = createContext<Realtime | null>(null);

/**
 * Who listens to which realtime event; features listen with useRealtimeEvent and never see which
 * adapter delivered the event. The connection itself (realtime-connection.ts) is made by the
 * signed-in user's code, which loads only once someone is signed in (decision 075).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [handlers] = useState(() => new Map<string, Set<Handler>>());
  const subscribe = useCallback<Subscribe>(
    (type, handler) => {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    [handlers],
  );

  const dispatch = useCallback<Dispatch>(
    (event) => {
      for (const handler of [...(handlers.get(event.type) ?? [])]) handler(event.data);
    },
    [handlers],
  );
  const value = useMemo(() => ({ subscribe, dispatch }), [subscribe, dispatch]);

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
  if (!realtime) throw new Error('useRealtimeEvent must be used within a RealtimeProvider');
  return realtime;
}
