import { ApiError } from './api-client';
import type { RefusalReason } from '@bedriftstorget/core/errors/reasons';
import { request } from '@bedriftstorget/core/texts/http';
import { common } from '@bedriftstorget/core/texts/nb';
import { httpStatus } from './read-retry';

/**
 * Why the server refused, where refusals share a code (decision 062): branch on this, never on
 * the message's words. Undefined for every other error, and for a network failure.
 */
export function errorReason(error: unknown): RefusalReason | undefined {
  return error instanceof ApiError ? ((error.data as { reason?: RefusalReason | null } | undefined)?.reason ?? undefined) : undefined;
}

/**
 * The server's message when it sent one for people to read; null for a failure it did not explain
 * (the server's generic 500, a network failure), where the caller may say something more specific.
 */
export function serverMessage(error: unknown): string | null {
  if (httpStatus(error) === 503) return request.unavailable;
  if (error instanceof ApiError && typeof error.message === 'string' && error.message && !error.message.startsWith('Unexpected')) {
    // A network failure has no tRPC error code: that is not a message for people.
    const code = (error.data as { code?: string } | undefined)?.code;
    if (code && code !== 'INTERNAL_SERVER_ERROR') return error.message;
  }
  return null;
}

/** The server's message when it sent one for people to read, else the generic text. */
export function errorMessage(error: unknown): string {
  return serverMessage(error) ?? common.genericError;
}
