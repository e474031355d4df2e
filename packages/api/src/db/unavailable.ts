import { TRPCError } from '@trpc/server';
import { request as texts } from '@bedriftstorget/core/texts/http';

/** Error codes of a database that cannot be reached right now (mysql2 and Node's sockets). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT', 'ER_LOCK_DEADLOCK', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET',
]);

/**
 * True when the error (or any cause) says the database cannot serve it right now rather than the
 * request being wrong: away, or busy (a lock wait or a deadlock that a retry a moment later passes).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    // PlanetScale's driver has no code, only vttablet's '(errno 1213)' in the message.
    if (e instanceof Error && /\(errno (1205|1213)\)/.test(e.message)) return true;
    // The PlanetScale driver talks HTTP: a failed fetch is an unreachable database.
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** 503 'try again shortly' for an unreachable database; anything else unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return error;
  if (!isDatabaseUnavailable(error)) return error;
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: texts.unavailable, cause: error });
}
