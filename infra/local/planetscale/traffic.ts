/**
 * What the stand-in answered since the last reset (decision 078): every HTTP call is a request a
 * Lambda would send across regions. `requests` counts them all; `sequential` is the longest chain
 * of calls each sent after the previous one was answered — the round trips a caller waits for one
 * after another. Calls sent while others are in flight (`Promise.all`) add to requests, not to the chain.
 */
export interface Traffic {
  requests: number;
  sequential: number;
}

export interface TrafficRecorder {
  /** Call when a request arrives; call the returned function when its answer is sent. */
  start: () => () => void;
  read: () => Traffic;
  reset: () => void;
}

export function createTrafficRecorder(now: () => number = () => performance.now()): TrafficRecorder {
  let answered: { at: number; depth: number }[] = [];
  let requests = 0;
  let sequential = 0;
  return {
    start() {
      const arrived = now();
      // A call that arrives after another was answered may have waited for it: it extends that chain.
      const depth = 1 + answered.reduce((deepest, call) => (call.at <= arrived && call.depth > deepest ? call.depth : deepest), 0);
      const generation = answered;
      requests += 1;
      return () => {
        if (generation !== answered) return; // answered after a reset: belongs to nobody's count
        answered.push({ at: now(), depth });
        if (depth > sequential) sequential = depth;
      };
    },
    read: () => ({ requests, sequential }),
    reset() {
      answered = [];
      requests = 0;
      sequential = 0;
    },
  };
}
