/**
 * What one request has done so far, read by its log line (observability/request-log.ts). The
 * request's database handle counts into it (db/bind.ts): the handler binds `ctx.db` to the scope, so
 * a statement counts for the request whose code sent it. No AsyncLocalStorage: on Node 20 it runs a
 * hook on every promise of the process (decision 143).
 */
export interface RequestScope extends RoundTripCounter {
  userId: string | null;
  /** Each failed call: its procedure, tRPC code and, for a 5xx, what caused it. */
  errors: RequestError[];
}

/** The round trips one request's database handle has sent (docs/decisions/073, 078). */
export interface RoundTripCounter {
  /** Statements (mysql2) or HTTP calls (PlanetScale) sent to the database. */
  dbRoundTrips: number;
  /**
   * The longest chain of them sent one after another: a statement sent after another was answered
   * may have waited for it; statements sent together (`Promise.all`) wait once (decision 078).
   */
  dbRoundTripsInTurn: number;
  /** The deepest chain among the statements answered so far. */
  dbAnsweredDepth: number;
}

export interface RequestError {
  procedure?: string;
  code: string;
  cause?: unknown;
}

export function newRequestScope(): RequestScope {
  return { dbRoundTrips: 0, dbRoundTripsInTurn: 0, dbAnsweredDepth: 0, userId: null, errors: [] };
}

/**
 * Runs `work` with a fresh scope. Only what is bound to the scope counts (the handler's `ctx.db`;
 * tests bind their own handle with `bindToRequest`).
 */
export function runInRequestScope<T>(work: (scope: RequestScope) => Promise<T>): Promise<T> {
  return work(newRequestScope());
}

/**
 * Called by a bound database handle (db/round-trips.ts) as each statement is sent; it calls the
 * function this returns when the answer has come. Statements sent before any of them was answered
 * are one wait.
 */
export function countDatabaseRoundTrip(counter: RoundTripCounter): () => void {
  counter.dbRoundTrips += 1;
  const depth = counter.dbAnsweredDepth + 1;
  if (depth > counter.dbRoundTripsInTurn) counter.dbRoundTripsInTurn = depth;
  return () => {
    if (depth > counter.dbAnsweredDepth) counter.dbAnsweredDepth = depth;
  };
}
