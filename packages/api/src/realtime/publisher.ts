import type { Config } from '../config';
import type { RealtimeEvent } from './channels';

/**
 * How procedures push events to signed-in browsers. Implementations catch and log their own
 * errors: a failed push must never fail the change that caused it.
 */
export interface Realtime {
  publish(channel: string, event: RealtimeEvent): Promise<void>;
}

/** How browsers connect: the local hub over SSE, Ably in the cloud, or not at all. */
export type RealtimeMode = 'sse' | 'ably' | 'off';

/** Decided once from configuration, so the adapter and what the browser is told always agree. */
export function realtimeMode(config: Config): RealtimeMode {
  if (config.runtime === 'local') return 'sse';
  return config.ably ? 'ably' : 'off';
}

/** For a cloud stage without an Ably key: realtime is simply off. */
export const noopRealtime: Realtime = {
  publish: () => Promise.resolve(),
};
