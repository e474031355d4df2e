import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one request has done so far, read by its log line (observability/request-log.ts). Scoped by
 * AsyncLocalStorage, so the database drivers count statements for the request that sent them without
 * a counter passed through every function (docs/decisions/073).
 */
export interface RequestScope {
  /** Statements (mysql2) or HTTP calls (PlanetScale) sent to the database. */
  dbRoundTrips: number;
  /**
   * The longest chain of them sent one after another: a statement sent after another was answered
   * may have waited for it; statements sent together (`Promise.all`) wait once (decision 078).
   */
  dbRoundTripsInTurn: number;
  /** The deepest chain among the statements answered so far. */
  dbAnsweredDepth: number;
  userId: string | null;
  /** Each failed call: its procedure, tRPC code and, for a 5xx, what caused it. */
  errors: RequestError[];
}

export interface RequestError {
  procedure?: string;
  code: string;
  cause?: unknown;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as one request: everything it awaits counts towards the scope it returns. */
export function runInRequestScope<T>(work: (scope: RequestScope) => Promise<T>): Promise<T> {
  const scope: RequestScope = { dbRoundTrips: 0, dbRoundTripsInTurn: 0, dbAnsweredDepth: 0, userId: null, errors: [] };
  return scopes.run(scope, () => work(scope));
}

/** The running request's scope; null in the scheduled job, the ops CLI and tests that call procedures directly. */
export function currentRequestScope(): RequestScope | null {
  return scopes.getStore() ?? null;
}

/**
 * Called by the database drivers (db/round-trips.ts) as each statement is sent; they call the function
 * it returns when the answer has come. Statements sent before any of them was answered are one wait.
 */
export function countDatabaseRoundTrip(): () => void {
  const scope = scopes.getStore();
  if (!scope) return noop;
  scope.dbRoundTrips += 1;
  const depth = scope.dbAnsweredDepth + 1;
  if (depth > scope.dbRoundTripsInTurn) scope.dbRoundTripsInTurn = depth;
  return () => {
    if (depth > scope.dbAnsweredDepth) scope.dbAnsweredDepth = depth;
  };
}

const noop = () => {};
