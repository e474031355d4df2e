import type { RealtimeEvent } from './channels';
import type { Realtime } from './publisher';

export type RealtimeListener = (event: RealtimeEvent) => void;

/** The local runtime's publisher: one process, so subscribers are plain in-memory listeners. */
export class LocalHub implements Realtime {
  private readonly channels = new Map<string, Set<RealtimeListener>>();

  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: RealtimeListener): () => void {
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.channels.get(channel) === listeners) this.channels.delete(channel);
    };
  }

  publish(channel: string, event: RealtimeEvent): Promise<void> {
    for (const listener of [...(this.channels.get(channel) ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        console.error(`realtime listener on ${channel} failed`, error);
      }
    }
    return Promise.resolve();
  }

  listenerCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }
}

export function isLocalHub(realtime: Realtime): realtime is LocalHub {
  return realtime instanceof LocalHub;
}
