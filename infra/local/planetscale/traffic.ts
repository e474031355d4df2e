/**
 * HTTP calls the stand-in answered since the last reset (decision 078): each is a request a Lambda
 * would send across regions. Which of them were sent one after another is known only where they are
 * sent: the request's scope counts that (observability/request-scope.ts).
 */
export interface Traffic {
  requests: number;
}

export interface TrafficRecorder {
  count: () => void;
  read: () => Traffic;
  reset: () => void;
}

export function createTrafficRecorder(): TrafficRecorder {
  let requests = 0;
  return {
    count: () => {
      requests += 1;
    },
    read: () => ({ requests }),
    reset: () => {
      requests = 0;
    },
  };
}
